/**
 * Issue 18: a guest on a password-protected amp is told why every control is disabled, with a way to sign in that
 * brings them back to this page (spec 2 §6: guests may view but not modify).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

export function GuestBanner() {
  const { t } = useTranslation('amp-detail');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ borderRadius: 0 }}
      action={
        <Button color="inherit" size="small" onClick={() => void navigate('/login', { state: { from: pathname } })}>
          {t('guestBanner.signIn')}
        </Button>
      }
    >
      {t('guestBanner.text')}
    </Alert>
  );
}
