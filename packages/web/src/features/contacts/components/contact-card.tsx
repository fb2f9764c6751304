import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { Contact } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePermission } from '../../../shared/cloud/use-organisation';
import { phoneForDisplay } from '../phone';

/**
 * spec 1 §2 contact card: name, severities joined by commas, email with its confirmed state, phone, Edit; issue 15:
 * whether the contact unsubscribed from e-mail or replied STOP to a text.
 */
export function ContactCard({ contact }: { contact: Contact }) {
  const { t } = useTranslation('contacts');
  // issue 21: a role without contact.write has no Edit (the list's Add button says why)
  const write = usePermission('contact.write');
  const severities = contact.severityLevel.map((s) => t(`severity.${s}`)).join(', ');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-contact={contact.contactId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {contact.name}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t('list.severity')}: {severities}
          </Typography>
        </Box>
        {write.allowed ? (
          <Button
            component={RouterLink}
            to={`/contacts/${encodeURIComponent(contact.contactId)}/edit`}
            size="small"
            variant="outlined"
            aria-label={t('list.editContact', { name: contact.name })}
          >
            {t('list.edit')}
          </Button>
        ) : null}
      </Stack>
      <Stack spacing={0.5} sx={{ mt: 1 }}>
        {contact.email ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t('list.email')}:
              </Box>{' '}
              {contact.email}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={contact.emailEnabled ? 'success' : 'default'}
              label={t(contact.emailEnabled ? 'list.emailConfirmed' : 'list.emailNotConfirmed')}
            />
            {contact.emailUnsubscribed ? (
              <Chip size="small" variant="outlined" color="warning" label={t('list.emailUnsubscribed')} />
            ) : null}
          </Stack>
        ) : null}
        {contact.phone ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="body2">
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t('list.phone')}:
              </Box>{' '}
              {phoneForDisplay(contact.phone)}
            </Typography>
            {contact.smsStopped ? (
              <Chip size="small" variant="outlined" color="warning" label={t('list.smsStopped')} />
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
