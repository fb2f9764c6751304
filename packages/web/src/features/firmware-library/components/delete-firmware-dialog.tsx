import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { FirmwareImage } from '@rackside/protocol';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

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
    <Dialog open={props.image !== null} onClose={props.onClose} aria-labelledby="delete-firmware-title">
      <DialogTitle id="delete-firmware-title">{t('delete.title', names)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{image?.latest ? t('delete.textLatest', names) : t('delete.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} autoFocus>
          {t('delete.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={props.onConfirm} loading={props.busy}>
          {t('delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
