/** The role in the organisation acted in, for page headers (issue 21). */
import { Alert, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useMembersTextLater } from './org-i18n';
import { organisationLabel } from './org-label';
import { useCurrentOrganisation } from './use-organisation';

/**
 * "You are viewer in ada@example.com's organisation": shown while acting in another account's organisation (through
 * an integrator grant: until when); when that organisation requires two-factor sign-in and the account has none, why
 * everything is refused, with a link to set it up.
 */
export function OrganisationRoleLine() {
  const { t, ready } = useMembersTextLater();
  const { chosenId, current } = useCurrentOrganisation();
  if (chosenId === null || current === undefined || !ready) return null;
  const role = t(`roles.${current.role}`);
  const organisation = organisationLabel(t, current);
  return (
    <>
      <Typography variant="body2" color="textSecondary">
        {current.grant
          ? t('org.roleInGrant', {
              role,
              organisation,
              date: new Date(current.grant.expiresAt).toLocaleDateString(),
            })
          : t('org.roleIn', { role, organisation })}
      </Typography>
      {current.twoFactorNeeded ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('org.twoFactorNeeded')}{' '}
          <Link component={RouterLink} to="/profile/two-factor">
            {t('org.twoFactorLink')}
          </Link>
        </Alert>
      ) : null}
    </>
  );
}
