/** The role in the organisation acted in, for page headers (issue 21). */
import { Typography } from '@mui/material';
import { useMembersTextLater } from './org-i18n';
import { organisationLabel } from './org-label';
import { useCurrentOrganisation } from './use-organisation';

/** "You are viewer in ada@example.com's organisation": shown while acting in another account's organisation. */
export function OrganisationRoleLine() {
  const { t, ready } = useMembersTextLater();
  const { chosenId, current } = useCurrentOrganisation();
  if (chosenId === null || current === undefined || !ready) return null;
  return (
    <Typography variant="body2" color="textSecondary">
      {t('org.roleIn', { role: t(`roles.${current.role}`), organisation: organisationLabel(t, current) })}
    </Typography>
  );
}
