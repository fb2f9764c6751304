import type { FirmwareImage } from '@rackside/protocol';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';

/** Deleting an image asks first, naming it (and what happens to the latest mark); Cancel has the focus. */
export function DeleteFirmwareDialog(props: {
  image: FirmwareImage | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('firmware-library');
  // the closing dialog keeps naming the image it was about while it fades out
  const last = useRef<FirmwareImage | null>(null);
  if (props.image !== null) last.current = props.image;
  const image = last.current;
  const names = { family: image?.family ?? '', version: image?.version ?? '' };
  return (
    <ConfirmDialog
      open={props.image !== null}
      title={t('delete.title', names)}
      text={image?.latest ? t('delete.textLatest', names) : t('delete.text')}
      cancelLabel={t('delete.cancel')}
      confirmLabel={t('delete.confirm')}
      busy={props.busy}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  );
}
