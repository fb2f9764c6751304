import {
  Box,
  Button,
  FormControl,
  InputAdornment,
  InputLabel,
  LinearProgress,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import { AddIcon } from '../../../shared/ui/cloud-icons';
import { SearchIcon } from '../../../shared/ui/icons';
import { CenteredMessage } from '../../../shared/ui/centered-message';
import { selectVenueListQuery, venueSearchChanged, venueSortChosen } from '../store/venue-list-slice';
import { useVenuesOverview } from '../use-venues';
import { VENUE_SORT_KEYS, visibleVenues, type VenueSortKey } from '../venue-overview';
import { VenueCard } from './venue-card';

const isSortKey = (v: string): v is VenueSortKey => (VENUE_SORT_KEYS as readonly string[]).includes(v);

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
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h1">
            {t('list.title')}
          </Typography>
          <Button component={RouterLink} to="/venues/add" startIcon={<AddIcon />} variant="contained" size="small">
            {t('list.add')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1.5}>
          <TextField
            type="search"
            size="small"
            label={t('list.search')}
            value={search}
            onChange={(e) => dispatch(venueSearchChanged(e.target.value))}
            sx={{ flex: 2 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <FormControl size="small" sx={{ flex: 1 }}>
            <InputLabel id="venue-sort">{t('list.sortBy')}</InputLabel>
            <Select
              labelId="venue-sort"
              label={t('list.sortBy')}
              value={sort}
              onChange={(e) => isSortKey(e.target.value) && dispatch(venueSortChosen(e.target.value))}
            >
              {VENUE_SORT_KEYS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`list.sort.${k}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
      </Stack>
      {isLoading ? <LinearProgress aria-label={t('list.loading')} /> : null}
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 1.5 }}>{body}</Box>
    </Box>
  );
}
