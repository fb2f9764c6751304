import { defaultPhoneCountry } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHostingMode } from '../../../shared/hosting';
import { LoadingScreen } from '../../../shared/ui/loading-screen';
import { useAddContactMutation, useGetContactsQuery } from '../api/contacts-api';
import { newContactValues } from '../contact-form-schema';
import { ContactForm } from './contact-form';
import { ContactsLoadFailed } from './contacts-load-failed';

/** spec 1 §2 /contacts/add: a new contact; on success back to /contacts (spec 1 §4 contact save). */
export function AddContactPage() {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const { china } = useHostingMode();
  const contacts = useGetContactsQuery();
  const [add, adding] = useAddContactMutation();
  if (contacts.isLoading) return <LoadingScreen />;
  if (!contacts.data) return <ContactsLoadFailed onRetry={() => void contacts.refetch()} />;
  return (
    <ContactForm
      title={t('form.addTitle')}
      initial={newContactValues(defaultPhoneCountry(china))}
      contacts={contacts.data}
      busy={adding.isLoading}
      onStale={() => void contacts.refetch()}
      onSave={async (payload) => {
        const result = await add(payload);
        if (result.error) return result.error;
        await navigate('/contacts');
        return undefined;
      }}
    />
  );
}
