import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { GuardedButton } from '../../../shared/cloud/guarded-button';
import { AddIcon } from '../../../shared/ui/cloud-icons';
import { LoadingScreen } from '../../../shared/ui/loading-screen';
import { useGetContactsQuery } from '../api/contacts-api';
import { ContactCard } from './contact-card';
import { ContactsLoadFailed } from './contacts-load-failed';

/** spec 1 §2 /contacts: the contacts as cards; Add goes to /contacts/add, Close back to /venues. */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  const { data, isLoading, refetch } = useGetContactsQuery();
  if (isLoading) return <LoadingScreen />;
  if (!data) return <ContactsLoadFailed onRetry={() => void refetch()} />;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, overflow: 'auto' }}>
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 720 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
            {t('list.title')}
          </Typography>
          <Button component={RouterLink} to="/venues">
            {t('list.close')}
          </Button>
          <GuardedButton
            permission="contact.write"
            to="/contacts/add"
            variant="contained"
            startIcon={<AddIcon />}
            reasonAlign="flex-end"
          >
            {t('list.add')}
          </GuardedButton>
        </Stack>
        {data.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 4 }}>
            <Typography variant="h6" component="p">
              {t('list.empty')}
            </Typography>
            <Typography color="textSecondary">{t('list.emptyHint')}</Typography>
          </Box>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('list.title')}>
            {data.map((c) => (
              <li key={c.contactId}>
                <ContactCard contact={c} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
