import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { GuardedButton } from '../../../shared/cloud/guarded-button';
import { OrganisationRoleLine } from '../../../shared/cloud/organisation-role-line';
import { AddIcon } from '../../../shared/ui/cloud-icons';
import { CenteredMessage } from '../../../shared/ui/centered-message';
import { ChoiceSelect, SearchField } from '../../../shared/ui/list-controls';
import { selectVenueListQuery, venueSearchChanged, venueSortChosen } from '../store/venue-list-slice';
import { useVenuesOverview } from '../use-venues';
import { VENUE_SORT_KEYS, visibleVenues } from '../venue-overview';
import { VenueCard } from './venue-card';

/** spec 1 §2 venue list: search by name, sort by name or error status, Add venue, the cards. */
export function VenueList() {
  const { t } = useTranslation('venues');
  const dispatch = useDispatch();
  const { search, sort } = useSelector(selectVenueListQuery);
  const { data, isLoading, isError } = useVenuesOverview();
  const all = data?.venues ?? [];
  const venues = visibleVenues(all, search, sort);
  let body;
  if (isLoading) body = <CenteredMessage title={t('list.loading')} />;
  else if (venues.length > 0)
    body = (
      <Stack component="ul" aria-label={t('list.title')} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {venues.map((venue) => (
          <li key={venue.venueId}>
            <VenueCard venue={venue} />
          </li>
        ))}
      </Stack>
    );
  else if (all.length > 0) body = <CenteredMessage title={t('list.noMatches')} />;
  else if (isError) body = <CenteredMessage title={t('list.loadFailed')} />;
  else
    body = (
      <CenteredMessage title={t('list.empty')}>
        <Typography color="textSecondary">{t('list.emptyHint')}</Typography>
      </CenteredMessage>
    );
  return (
    <Box
      component="section"
      aria-label={t('list.title')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Stack spacing={1.5} sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Box>
            <Typography variant="h6" component="h1">
              {t('list.title')}
            </Typography>
            <OrganisationRoleLine />
          </Box>
          <GuardedButton
            permission="venue.write"
            to="/venues/add"
            startIcon={<AddIcon />}
            variant="contained"
            size="small"
            reasonAlign="flex-end"
          >
            {t('list.add')}
          </GuardedButton>
        </Stack>
        <Stack direction="row" spacing={1.5}>
          <SearchField
            label={t('list.search')}
            value={search}
            onChange={(v) => dispatch(venueSearchChanged(v))}
            style={{ flex: 2 }}
          />
          <ChoiceSelect
            id="venue-sort"
            label={t('list.sortBy')}
            value={sort}
            choices={VENUE_SORT_KEYS}
            choiceLabel={(k) => t(`list.sort.${k}`)}
            onChange={(k) => dispatch(venueSortChosen(k))}
            style={{ flex: 1 }}
          />
        </Stack>
      </Stack>
      {isLoading ? <LinearProgress aria-label={t('list.loading')} /> : null}
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 1.5 }}>{body}</Box>
    </Box>
  );
}
