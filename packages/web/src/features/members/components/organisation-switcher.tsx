import { MenuItem, TextField, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { useMembersText } from '../../../shared/cloud/org-i18n';
import { useChooseOrganisation, useCurrentOrganisation } from '../../../shared/cloud/use-organisation';
import { organisationLabel } from '../../../shared/cloud/org-label';

/**
 * The organisation the console acts in, in the drawer (issue 21): a choice when the account belongs to more than
 * one, with the role in each; switching drops everything of the previous organisation and opens its venues.
 */
export function OrganisationSwitcher({ onSwitched }: { onSwitched?: () => void }) {
  const { t } = useMembersText();
  const { organisations, current } = useCurrentOrganisation({ load: true });
  const choose = useChooseOrganisation();
  const navigate = useNavigate();
  if (organisations.length < 2 || current === undefined) return null;
  // an organisation reached through an integrator grant says so, with the grant's end (issue 21)
  const option = (o: (typeof organisations)[number]) =>
    o.grant
      ? t('org.viaGrant', {
          organisation: organisationLabel(t, o),
          role: t(`roles.${o.role}`),
          date: new Date(o.grant.expiresAt).toLocaleDateString(),
        })
      : t('org.current', { organisation: organisationLabel(t, o), role: t(`roles.${o.role}`) });
  return (
    <TextField
      select
      size="small"
      label={t('org.switcher')}
      value={current.organisationId}
      onChange={(event) => {
        const next = organisations.find((o) => o.organisationId === event.target.value);
        if (!next || next.organisationId === current.organisationId) return;
        choose(next);
        onSwitched?.();
        void navigate('/venues');
      }}
      sx={{ mx: 2, mt: 1.5 }}
    >
      {organisations.map((o) => (
        <MenuItem key={o.organisationId} value={o.organisationId}>
          <Typography variant="body2" noWrap>
            {option(o)}
          </Typography>
        </MenuItem>
      ))}
    </TextField>
  );
}
