import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Contact } from '@rackside/protocol';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { INCIDENTS_NS } from '../incidents-i18n';
import { QuietHours } from './quiet-hours-fields';
import { useMessage, type SettingsForm } from './use-settings-message';

function EscalationContacts({ form, contacts }: { form: SettingsForm; contacts: readonly Contact[] }) {
  const { t } = useTranslation(INCIDENTS_NS);
  const message = useMessage(form, 'escalationContactIds');
  return (
    <FormControl component="fieldset" error={message !== undefined}>
      <FormLabel component="legend">{t('settings.escalationContacts')}</FormLabel>
      {contacts.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {t('settings.noContacts')}
        </Typography>
      ) : (
        <Controller
          control={form.control}
          name="escalationContactIds"
          render={({ field }) => (
            <FormGroup>
              {contacts.map((c) => (
                <FormControlLabel
                  key={c.contactId}
                  label={c.name}
                  control={
                    <Checkbox
                      checked={field.value.includes(c.contactId)}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked
                            ? [...field.value, c.contactId]
                            : field.value.filter((id) => id !== c.contactId),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          )}
        />
      )}
      {message ? <FormHelperText>{message}</FormHelperText> : null}
    </FormControl>
  );
}

/** Quiet hours, reminder and escalation minutes, escalation contacts. */
export function NotificationFields({ form, contacts }: { form: SettingsForm; contacts: readonly Contact[] }) {
  const { t } = useTranslation(INCIDENTS_NS);
  const reminder = useMessage(form, 'reminderMinutes');
  const escalate = useMessage(form, 'escalateAfterMinutes');
  return (
    <Stack spacing={2}>
      <QuietHours form={form} />
      <TextField
        {...form.register('reminderMinutes')}
        label={t('settings.reminderMinutes')}
        inputMode="numeric"
        error={reminder !== undefined}
        helperText={reminder ?? t('settings.reminderHint')}
      />
      <TextField
        {...form.register('escalateAfterMinutes')}
        label={t('settings.escalateAfterMinutes')}
        inputMode="numeric"
        error={escalate !== undefined}
        helperText={escalate ?? t('settings.escalateHint')}
      />
      <EscalationContacts form={form} contacts={contacts} />
    </Stack>
  );
}
