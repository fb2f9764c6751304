import { Box, Divider, Drawer, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link as RouterLink, useNavigate } from 'react-router';
import { OrganisationSwitcher } from '../../features/members';
import { useMembersText } from '../../shared/cloud/org-i18n';
import { selectCloudUser } from '../../shared/cloud/session-slice';
import { useSessionSync } from '../../shared/cloud/session-sync-context';
import { helpHref } from '../../shared/ui/help-link';

const SIGNED_IN_LINKS = [
  { to: '/profile', key: 'drawer.profile' },
  { to: '/venues', key: 'drawer.venues' },
  { to: '/contacts', key: 'drawer.contacts' },
  { to: '/update', key: 'drawer.firmware' },
] as const;

/**
 * spec 1 §2 drawer, cloud version: Profile, Venues, Contacts, Firmware, Preferences, Help and feedback, Sign out;
 * with the firmware library (issue 14) after Firmware, then Members and the organisation switcher (issue 21).
 */
export function CloudDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const { t: tLibrary } = useTranslation('firmware-library');
  const { t: tMembers } = useMembersText();
  const { t: tAudit } = useTranslation('audit');
  const user = useSelector(selectCloudUser);
  const sync = useSessionSync();
  const navigate = useNavigate();
  const signOut = () => {
    onClose();
    void sync.signOut();
    void navigate('/login', { replace: true });
  };
  const link = (to: string, label: string) => (
    <ListItemButton key={to} component={RouterLink} to={to} onClick={onClose}>
      <ListItemText primary={label} />
    </ListItemButton>
  );
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box component="nav" aria-label={t('drawer.title')} sx={{ width: 260 }}>
        <Typography variant="overline" component="h2" sx={{ px: 2, pt: 2, display: 'block' }}>
          {t('drawer.title')}
        </Typography>
        {user ? (
          <Typography variant="body2" color="textSecondary" noWrap sx={{ px: 2 }}>
            {user.email}
          </Typography>
        ) : null}
        {user ? <OrganisationSwitcher onSwitched={onClose} /> : null}
        <List>
          {user ? SIGNED_IN_LINKS.map((l) => link(l.to, t(l.key))) : null}
          {user ? link('/firmware', tLibrary('drawer')) : null}
          {user ? link('/members', tMembers('drawer')) : null}
          {user ? link('/activity', tAudit('drawer')) : null}
          {link('/preferences', t('drawer.preferences'))}
          <ListItemButton component="a" href={helpHref(t('help.mailSubject'))} onClick={onClose}>
            <ListItemText primary={t('drawer.help')} />
          </ListItemButton>
        </List>
        <Divider />
        <List>
          {user ? (
            <ListItemButton onClick={signOut}>
              <ListItemText primary={t('drawer.signOut')} />
            </ListItemButton>
          ) : (
            link('/login', t('drawer.signIn'))
          )}
        </List>
      </Box>
    </Drawer>
  );
}
