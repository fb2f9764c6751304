import { Button, Divider, Stack, Typography } from '@mui/material';
import { defaultPhoneCountry, severityListToFlags, type Contact } from '@rackside/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useHostingMode } from '../../../shared/hosting';
import { LoadingScreen } from '../../../shared/ui/loading-screen';
import { useDeleteContactMutation, useEditContactMutation, useGetContactsQuery } from '../api/contacts-api';
import type { ContactFormValues } from '../contact-form-schema';
import { SUPPORT_PHONE } from '../contacts-i18n';
import { phoneForForm } from '../phone';
import { ContactForm } from './contact-form';
import { ContactsLoadFailed } from './contacts-load-failed';
import { DeleteContactDialog } from './delete-contact-dialog';
import { SaveErrorToast, useToast } from './save-error-toast';

const valuesOf = (contact: Contact, china: boolean): ContactFormValues => ({
  name: contact.name,
  email: contact.email ?? '',
  ...phoneForForm(contact.phone, defaultPhoneCountry(china)),
  severity: severityListToFlags(contact.severityLevel),
});

/** spec 1 §2 /contacts/{id}/edit: the contact's form, the re-subscribe number, Delete (after an 'are you sure'). */
export function EditContactPage() {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const { contactId } = useParams();
  const { china } = useHostingMode();
  const contacts = useGetContactsQuery();
  const [edit, editing] = useEditContactMutation();
  const [remove, removing] = useDeleteContactMutation();
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  if (contacts.isLoading) return <LoadingScreen />;
  if (!contacts.data) return <ContactsLoadFailed onRetry={() => void contacts.refetch()} />;
  const contact = contacts.data.find((c) => c.contactId === contactId);
  if (!contact || !contactId) return <Navigate to="/contacts" replace />;
  const confirmDelete = async () => {
    const result = await remove({ contactId });
    setConfirming(false);
    if (result.error) toast.show('removeFailed');
    else await navigate('/contacts', { replace: true });
  };
  return (
    <>
      <ContactForm
        key={contactId}
        title={t('form.editTitle')}
        initial={valuesOf(contact, china)}
        contactId={contactId}
        contacts={contacts.data}
        busy={editing.isLoading}
        onStale={() => void contacts.refetch()}
        onSave={async (payload) => {
          const result = await edit({ ...payload, contactId });
          if (result.error) return result.error;
          await navigate('/contacts');
          return undefined;
        }}
      >
        <Divider />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="body2" color="textSecondary" sx={{ flex: 1 }}>
            {t('form.resubscribe', { phone: SUPPORT_PHONE })}
          </Typography>
          <Button color="error" variant="outlined" onClick={() => setConfirming(true)} sx={{ alignSelf: 'flex-start' }}>
            {t('form.delete')}
          </Button>
        </Stack>
      </ContactForm>
      <DeleteContactDialog
        open={confirming}
        name={contact.name}
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      />
      <SaveErrorToast toast={toast} />
    </>
  );
}
