import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageOf, type ContactFormValues, type ContactMessage } from '../contact-form-schema';

/** The translated message of a contact form field's error, once the field was touched or the form submitted. */
export function useFieldMessage(
  form: UseFormReturn<ContactFormValues>,
  name: keyof ContactFormValues,
  fallback: ContactMessage,
): string | undefined {
  const { t } = useTranslation('contacts');
  const { errors, touchedFields, isSubmitted } = form.formState;
  const error = errors[name];
  // a server's answer (type 'server') shows at once; a rule once the user has been in the field
  if (!error || (error.type !== 'server' && !touchedFields[name] && !isSubmitted)) return undefined;
  return t(`validation.${messageOf(error.message, fallback)}`);
}
