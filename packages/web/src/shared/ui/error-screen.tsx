import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CenteredMessage } from './centered-message';
import { helpHref } from './help-link';

/**
 * spec 1 §2 / spec 2 §2 generic error screen: 'Something went wrong' with links to the amp list and Help & Feedback.
 * Plain anchors: it must work even when the router itself is what failed.
 */
export function ErrorScreen() {
  const { t } = useTranslation('common');
  return (
    <CenteredMessage title={t('errorScreen.title')} headingLevel="h1">
      <Typography color="textSecondary">{t('errorScreen.text')}</Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" href="/amps">
          {t('errorScreen.ampList')}
        </Button>
        <Button href={helpHref(t('help.mailSubject'))}>{t('errorScreen.help')}</Button>
      </Stack>
    </CenteredMessage>
  );
}
