import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { TwoFactorEnrolment as Enrolment } from '@rackside/protocol';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { useConfirmTwoFactorMutation } from '../api/two-factor-api';
import { twoFactorErrorKey, useTwoFactorText } from '../two-factor-i18n';
import { AuthCard } from './auth-card';

/** The otpauth URI as a QR code image (an SVG data URL: CSP allows `img-src data:`, and an <img> runs no script). */
function useQrCode(uri: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    qrSvg(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return src;
}

/** "ABCD EFGH …": the key in groups of four, easier to type by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Enrolment (issue 21): the QR code of the new secret and the secret as text for typing in by hand; the first code
 * from the app turns two-factor on and answers the recovery codes.
 */
export function TwoFactorEnrolment(props: {
  enrolment: Enrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTwoFactorText();
  const qr = useQrCode(props.enrolment.otpauthUri);
  const [confirm, { isLoading }] = useConfirmTwoFactorMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<ReturnType<typeof twoFactorErrorKey> | null>(null);

  const submit = async () => {
    if (code.trim() === '') return setError('errors.RequiredFieldsMissing');
    const result = await confirm({ code: code.trim() });
    if (result.error) return setError(twoFactorErrorKey(result.error));
    props.onConfirmed(result.data.recoveryCodes);
  };

  return (
    <AuthCard
      title={t('enrol.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography color="textSecondary">{t('enrol.scan')}</Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 200 }}>
        {qr ? (
          <Box
            component="img"
            src={qr}
            alt={t('enrol.qrAlt')}
            sx={{ width: 200, height: 200, bgcolor: '#fff', borderRadius: 1 }}
          />
        ) : null}
      </Box>
      <Typography variant="body2">{t('enrol.manual')}</Typography>
      <TextField
        label={t('enrol.secretLabel')}
        value={grouped(props.enrolment.secret)}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <TextField
        label={t('signIn.code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 32 } }}
      />
      {error ? <Alert severity="error">{t(error)}</Alert> : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={props.onCancel}>{t('enrol.cancel')}</Button>
        <Button type="submit" variant="contained" loading={isLoading}>
          {t('enrol.confirm')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
