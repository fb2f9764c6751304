/**
 * spec 1 §2 /update selection: select all, per venue, per amp. Only amps at or past the minimum version with a newer
 * library image can be ticked and are counted ("N of M"); the others are shown disabled with the reason.
 */
import { Box, Button, Checkbox, Chip, FormControlLabel, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import { CLOUD_UPDATE_MIN_VERSION, type RolloutCandidate, type RolloutCandidates } from '@rackside/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOUD_UPDATE_NS } from '../cloud-update-i18n';
import { allAmps, groupCheck, notSelectableReason } from '../selection';

type Venue = RolloutCandidates['venues'][number];

export interface AmpSelectionProps {
  readonly candidates: RolloutCandidates;
  readonly selected: ReadonlySet<string>;
  readonly onToggleGroup: (amps: readonly RolloutCandidate[]) => void;
  readonly onToggleAmp: (deviceId: string) => void;
  readonly onHistory: (amp: { deviceId: string; name: string }) => void;
}

export function AmpSelection(props: AmpSelectionProps) {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  const headingId = useId();
  const amps = allAmps(props.candidates);
  const all = groupCheck(amps, props.selected);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('selection.heading')}
        </Typography>
        <Typography aria-live="polite">
          {t('selection.count', { selected: all.selected, available: all.available })}
        </Typography>
      </Stack>
      {amps.length === 0 ? (
        <Typography color="textSecondary">{t('selection.noVenues')}</Typography>
      ) : (
        <>
          <FormControlLabel
            label={t('selection.selectAll')}
            disabled={all.disabled}
            control={
              <Checkbox
                checked={all.checked}
                indeterminate={all.indeterminate}
                onChange={() => props.onToggleGroup(amps)}
              />
            }
          />
          {props.candidates.venues.map((venue) => (
            <VenueGroup key={venue.venueId} venue={venue} {...props} />
          ))}
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            {t('selection.skipNote')}
          </Typography>
        </>
      )}
    </Paper>
  );
}

function VenueGroup({ venue, ...props }: AmpSelectionProps & { venue: Venue }) {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  const check = groupCheck(venue.amps, props.selected);
  return (
    <Box role="group" aria-label={venue.name} sx={{ mt: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Checkbox
          checked={check.checked}
          indeterminate={check.indeterminate}
          disabled={check.disabled}
          onChange={() => props.onToggleGroup(venue.amps)}
          slotProps={{ input: { 'aria-label': t('selection.selectVenue', { venue: venue.name }) } }}
        />
        <Typography sx={{ fontWeight: 600, flex: 1 }}>{venue.name}</Typography>
        <Typography variant="body2" color="textSecondary">
          {t('selection.venueCount', { selected: check.selected, available: check.available })}
        </Typography>
      </Stack>
      {venue.amps.length === 0 ? (
        <Typography variant="body2" color="textSecondary" sx={{ pl: 5 }}>
          {t('selection.noAmps')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ pl: 3 }}>
          {venue.amps.map((amp) => (
            <AmpRow
              key={amp.deviceId}
              amp={amp}
              checked={props.selected.has(amp.deviceId)}
              onToggle={() => props.onToggleAmp(amp.deviceId)}
              onHistory={() => props.onHistory(amp)}
            />
          ))}
        </List>
      )}
    </Box>
  );
}

function AmpRow(props: { amp: RolloutCandidate; checked: boolean; onToggle: () => void; onHistory: () => void }) {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  const { amp } = props;
  const reasonId = useId();
  const reason = notSelectableReason(amp);
  return (
    <ListItem disableGutters sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Checkbox
        checked={reason === null && props.checked}
        disabled={reason !== null}
        onChange={props.onToggle}
        slotProps={{
          input: {
            'aria-label': t('selection.selectAmp', { name: amp.name }),
            ...(reason !== null ? { 'aria-describedby': reasonId } : {}),
          },
        }}
        sx={{ mt: -0.5 }}
      />
      <Stack sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{amp.name}</Typography>
        <Typography variant="body2" color="textSecondary">
          {t('selection.details', {
            model: amp.modelId,
            version:
              amp.latestVersion !== null && amp.updateAvailable
                ? t('selection.version', { current: amp.currentVersion, latest: amp.latestVersion })
                : amp.currentVersion,
          })}
        </Typography>
        {reason !== null ? (
          <Typography id={reasonId} variant="body2" color="textSecondary">
            {t(`selection.reasons.${reason}`, { min: CLOUD_UPDATE_MIN_VERSION })}
          </Typography>
        ) : null}
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Chip
          size="small"
          variant="outlined"
          color={amp.connected ? 'success' : 'default'}
          label={amp.connected ? t('selection.connected') : t('selection.offline')}
        />
        {amp.audio === true ? <Chip size="small" color="info" label={t('selection.audio')} /> : null}
        {amp.fault ? <Chip size="small" color="error" label={t('selection.fault')} /> : null}
        <Button size="small" onClick={props.onHistory} aria-label={t('selection.historyLabel', { name: amp.name })}>
          {t('selection.history')}
        </Button>
      </Stack>
    </ListItem>
  );
}
