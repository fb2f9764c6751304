import { Box, Divider, Drawer, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  localLoggedOut,
  selectAmpState,
  selectHostAmpId,
  selectLocalLoggedIn,
  selectTouchPanels,
  type WithDevices,
} from '../../device';
import { noticeShown } from '../../shared/notices';
import { helpHref } from '../../shared/ui/help-link';

const LINKS = [
  { to: '/amps', key: 'drawer.amps' },
  { to: '/update', key: 'drawer.firmwareUpdate' },
] as const;
const LATER_LINKS = [
  { to: '/preferences', key: 'drawer.preferences' },
  { to: '/about', key: 'drawer.about' },
] as const;

const selectHostProtected = (s: WithDevices): boolean => {
  const host = selectHostAmpId(s);
  return host !== null && selectAmpState(s, host)?.misc?.passwordProtected === true;
};

/** spec 2 §2 drawer, local version: right side, temporary. Sign in is offered only where there is a password. */
export function AppDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const loggedIn = useSelector(selectLocalLoggedIn);
  const hostProtected = useSelector(selectHostProtected);
  const panels = useSelector(selectTouchPanels);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const signOut = () => {
    onClose();
    dispatch(localLoggedOut());
    dispatch(noticeShown({ severity: 'info', key: 'signedOut' }));
    void navigate('/login');
  };
  const account = loggedIn ? (
    <ListItemButton onClick={signOut}>
      <ListItemText primary={t('drawer.signOut')} />
    </ListItemButton>
  ) : hostProtected ? (
    <ListItemButton component={RouterLink} to="/login" onClick={onClose}>
      <ListItemText primary={t('drawer.signIn')} />
    </ListItemButton>
  ) : null;
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box component="nav" aria-label={t('drawer.title')} sx={{ width: 260 }}>
        <Typography variant="overline" component="h2" sx={{ px: 2, pt: 2, display: 'block' }}>
          {t('drawer.title')}
        </Typography>
        <List>
          {LINKS.map((link) => (
            <ListItemButton key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
              <ListItemText primary={t(link.key)} />
            </ListItemButton>
          ))}
          {/* spec 3 §2: an entry for each CS Touch panel found behind the amps */}
          {panels.map((p) => (
            <ListItemButton
              key={p.id}
              component={RouterLink}
              to={`/cs-touch/${encodeURIComponent(p.id)}`}
              onClick={onClose}
            >
              <ListItemText primary={t('drawer.csTouchPanel', { name: p.name })} secondary={p.id} />
            </ListItemButton>
          ))}
          {panels.length === 0 && (
            <ListItemButton disabled>
              <ListItemText primary={t('drawer.csTouchNone')} />
            </ListItemButton>
          )}
          {LATER_LINKS.map((link) => (
            <ListItemButton key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
              <ListItemText primary={t(link.key)} />
            </ListItemButton>
          ))}
          <ListItemButton component="a" href={helpHref(t('help.mailSubject'))} onClick={onClose}>
            <ListItemText primary={t('drawer.help')} />
          </ListItemButton>
        </List>
        {account ? (
          <>
            <Divider />
            <List>{account}</List>
          </>
        ) : null}
      </Box>
    </Drawer>
  );
}
