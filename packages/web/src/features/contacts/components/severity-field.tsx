import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { SEVERITY, SEVERITY_LEVELS } from '@rackside/protocol';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ContactFormValues } from '../contact-form-schema';
import { useFieldMessage } from './use-field-message';

/** spec 1 §3/§5: the severities a contact is notified of (bit flags), at least one. */
export function SeverityField({ form }: { form: UseFormReturn<ContactFormValues> }) {
  const { t } = useTranslation('contacts');
  const message = useFieldMessage(form, 'severity', 'severityRequired');
  return (
    <Controller
      control={form.control}
      name="severity"
      render={({ field }) => (
        <FormControl component="fieldset" error={message !== undefined}>
          <FormLabel component="legend">{t('form.severity')}</FormLabel>
          <FormGroup row>
            {SEVERITY_LEVELS.map((level) => (
              <FormControlLabel
                key={level}
                label={t(`severity.${level}`)}
                control={
                  <Checkbox
                    checked={(field.value & SEVERITY[level]) !== 0}
                    onChange={(e) => {
                      field.onChange(e.target.checked ? field.value | SEVERITY[level] : field.value & ~SEVERITY[level]);
                      field.onBlur();
                    }}
                  />
                }
              />
            ))}
          </FormGroup>
          {message ? <FormHelperText>{message}</FormHelperText> : null}
        </FormControl>
      )}
    />
  );
}
