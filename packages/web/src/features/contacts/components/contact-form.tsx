import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import type { Contact } from '@rackside/protocol';
import { useMemo, useRef, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorNameOf } from '../../../shared/cloud/cloud-error';
import { contactFormSchema, payloadOf, type ContactFormContext, type ContactFormValues } from '../contact-form-schema';
import { PhoneFields } from './phone-fields';
import { SaveErrorToast, useToast } from './save-error-toast';
import { SeverityField } from './severity-field';
import { useFieldMessage } from './use-field-message';

export type ContactPayloadOf = ReturnType<typeof payloadOf>;

interface Props {
  readonly title: string;
  readonly initial: ContactFormValues;
  /** The contact being edited (absent when adding). */
  readonly contactId?: string;
  readonly contacts: readonly Contact[];
  /** Saves; resolves with the cloud's error, or nothing on success. */
  readonly onSave: (payload: ContactPayloadOf) => Promise<unknown>;
  /** Asked to load the contacts again (the cloud knows of a contact this screen does not). */
  readonly onStale: () => void;
  readonly busy: boolean;
  /** Shown below the form (edit: the re-subscribe note and Delete). */
  readonly children?: ReactNode;
}

/**
 * spec 1 §2/§5 add and edit contact: name, email, phone with its country, severities. Save is enabled only when the
 * §5 rules hold. A cloud rejection keeps everything typed: a badly formed email is marked on the field (no toast); any
 * other failure shows the 2-second 'error while saving' toast, an email or phone in use also on its field.
 */
export function ContactForm({ title, initial, contactId, contacts, onSave, onStale, busy, children }: Props) {
  const { t } = useTranslation('contacts');
  const toast = useToast();
  const context = useRef<ContactFormContext>({ others: contacts, rejectedEmails: [] });
  context.current = { ...context.current, others: contacts, ...(contactId ? { contactId } : {}) };
  const schema = useMemo(() => contactFormSchema(() => context.current), []);
  const form = useForm<ContactFormValues>({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: initial });
  const nameMessage = useFieldMessage(form, 'name', 'nameRequired');
  const emailMessage = useFieldMessage(form, 'email', 'emailOrPhoneRequired');
  const submit = form.handleSubmit(async (values) => {
    const error = await onSave(payloadOf(values, contactId));
    if (error === undefined) return;
    const name = errorNameOf(error);
    if (name === 'EMAIL_FORMAT_ERROR') {
      const email = values.email.trim().toLowerCase();
      context.current = { ...context.current, rejectedEmails: [...context.current.rejectedEmails, email] };
      form.setError('email', { type: 'server', message: 'contactsEmailNotInCorrectFormat' });
      return; // spec 1 §8: no toast for a rejected email format
    }
    if (name === 'CONTACT_EMAIL_IN_USE')
      form.setError('email', { type: 'server', message: 'contactsEmailAddressInUse' });
    if (name === 'CONTACT_PHONE_IN_USE')
      form.setError('phone', { type: 'server', message: 'contactsPhoneNumberAlreadyInUse' });
    if (name === 'PHONE_FORMAT_ERROR') form.setError('phone', { type: 'server', message: 'phoneIncomplete' });
    if (name.startsWith('CONTACT_')) onStale();
    toast.show('contactsAnErrorOccurredWhileSaving');
  });
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, overflow: 'auto' }}>
      <Paper component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ p: 3, width: '100%', maxWidth: 560 }}>
        <Stack spacing={2.5}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <TextField
            {...form.register('name')}
            label={t('form.name')}
            autoFocus
            error={nameMessage !== undefined}
            helperText={nameMessage}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            {...form.register('email', { deps: ['phone'] })}
            label={t('form.email')}
            type="email"
            autoComplete="off"
            error={emailMessage !== undefined}
            helperText={emailMessage}
            slotProps={{ htmlInput: { maxLength: 254 } }}
          />
          <PhoneFields form={form} />
          <SeverityField form={form} />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to="/contacts">
              {t('form.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={!form.formState.isValid} loading={busy}>
              {t('form.save')}
            </Button>
          </Stack>
          {children}
        </Stack>
      </Paper>
      <SaveErrorToast toast={toast} />
    </Box>
  );
}
