import { Stack, TextField } from '@mui/material';
import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ContactFormValues } from '../contact-form-schema';
import { countryOptions, formatPhoneInput } from '../phone';
import { useFieldMessage } from './use-field-message';

/** spec 1 §5: the phone and its country (the mask it is checked against); the number is formatted for the country. */
export function PhoneFields({ form }: { form: UseFormReturn<ContactFormValues> }) {
  const { t, i18n } = useTranslation('contacts');
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const phoneMessage = useFieldMessage(form, 'phone', 'phoneIncomplete');
  const reformat = () => {
    const { phone, country } = form.getValues();
    const formatted = formatPhoneInput(phone, country);
    if (formatted !== phone) form.setValue('phone', formatted, { shouldValidate: true });
  };
  const { ref: countryRef, ...country } = form.register('country', { onChange: reformat, deps: ['phone'] });
  const { ref: phoneRef, ...phone } = form.register('phone', { onBlur: reformat, deps: ['email'] });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        {...country}
        inputRef={countryRef}
        select
        label={t('form.country')}
        sx={{ width: { xs: '100%', sm: 220 }, flexShrink: 0 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {t('form.countryOption', { country: o.name, code: o.dialCode })}
          </option>
        ))}
      </TextField>
      <TextField
        {...phone}
        inputRef={phoneRef}
        label={t('form.phone')}
        type="tel"
        autoComplete="off"
        fullWidth
        error={phoneMessage !== undefined}
        helperText={phoneMessage}
        slotProps={{ htmlInput: { maxLength: 32 } }}
      />
    </Stack>
  );
}
