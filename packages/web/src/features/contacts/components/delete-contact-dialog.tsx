import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';

/** Deleting a contact (spec 1 §7 DELETE /contacts/{id}) asks first, naming it; Cancel has the focus. */
export function DeleteContactDialog(props: {
  open: boolean;
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('contacts');
  return (
    <ConfirmDialog
      open={props.open}
      title={t('delete.title')}
      text={t('delete.text', { name: props.name })}
      cancelLabel={t('delete.cancel')}
      confirmLabel={t('delete.confirm')}
      busy={props.busy}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  );
}
