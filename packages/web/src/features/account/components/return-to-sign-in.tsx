import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** spec 1 §2: the Return to Sign in link of the account steps. */
export function ReturnToSignIn() {
  const { t } = useTranslation('cloud-auth');
  return (
    <Button component={RouterLink} to="/login">
      {t('returnToSignIn')}
    </Button>
  );
}
