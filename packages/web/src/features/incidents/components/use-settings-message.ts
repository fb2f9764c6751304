import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { INCIDENTS_NS } from '../incidents-i18n';
import { MESSAGE_OF, type NotificationField, type NotificationFormValues } from '../notification-settings-form';

export type SettingsForm = UseFormReturn<NotificationFormValues>;

/** A field's message once touched or submitted; a server's refusal at once. */
export function useMessage(form: SettingsForm, name: NotificationField): string | undefined {
  const { t } = useTranslation(INCIDENTS_NS);
  const { errors, touchedFields, isSubmitted } = form.formState;
  const error = errors[name];
  if (!error || (error.type !== 'server' && !touchedFields[name] && !isSubmitted)) return undefined;
  const key = error.message === 'TIME_ZONE_INVALID' ? 'TIME_ZONE_INVALID' : MESSAGE_OF[name];
  return t(`settings.errors.${key}`);
}
