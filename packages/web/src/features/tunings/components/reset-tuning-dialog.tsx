/** spec 3 §4: reset the channel's one locked group (its properties go back to their defaults), after a confirmation. */
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useTuningsText } from '../tunings-i18n';
import type { TuningDevice } from '../use-tuning-device';

export function ResetTuningDialog(props: {
  device: TuningDevice;
  channel: number;
  groupId: string;
  onClose: () => void;
  onError: () => void;
}) {
  const { t } = useTuningsText();
  const [busy, setBusy] = useState(false);
  const { device, groupId, onClose, onError } = props;
  const handleConfirm = () => {
    setBusy(true);
    device.lockedProperties('reset', { groupId }).then(onClose, () => {
      onError();
      onClose();
    });
  };
  return (
    <ConfirmDialog
      open
      title={t('reset.title')}
      text={t('reset.text', { channel: props.channel })}
      cancelLabel={t('actions.cancel')}
      confirmLabel={t('reset.confirm')}
      busy={busy}
      onConfirm={handleConfirm}
      onClose={busy ? () => undefined : onClose}
    />
  );
}
