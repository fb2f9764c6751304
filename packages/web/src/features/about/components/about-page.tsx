import { Link, Paper, Stack, Typography } from '@mui/material';
import { APP_VERSION } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../../shared/config';

/** About: the application and its version (spec 1 §9: 2.0.0-311). */
export function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <Stack sx={{ p: { xs: 2, sm: 3 }, alignItems: 'center' }}>
      <Paper sx={{ p: 3, width: '100%', maxWidth: 520 }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {t('title')}
          </Typography>
          <Typography>{t('description')}</Typography>
          <Typography color="textSecondary">{t('version', { version: APP_VERSION })}</Typography>
          <Typography>
            {t('support')} <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>
          </Typography>
        </Stack>
      </Paper>
    </Stack>
  );
}
