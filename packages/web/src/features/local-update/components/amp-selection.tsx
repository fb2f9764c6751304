/**
 * spec 3 §2/§4: which amps to update: select all, or each; with a file chosen each amp names the image it gets, and
 * an amp that cannot be updated (no image of its family in the file, offline, …) says why.
 */
import { useId } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LOCAL_UPDATE_NS } from '../local-update-i18n';
import {
  eligibility,
  imageFor,
  selectability,
  selectAllState,
  type FirmwareSet,
  type UpdateCandidate,
} from '../selection';

export interface AmpSelectionProps {
  readonly amps: readonly UpdateCandidate[];
  readonly selected: ReadonlySet<string>;
  readonly set: FirmwareSet | undefined;
  readonly onToggle: (ampId: string, on: boolean) => void;
  readonly onToggleAll: (on: boolean) => void;
}

export function AmpSelection({ amps, selected, set, onToggle, onToggleAll }: AmpSelectionProps) {
  const { t } = useTranslation(LOCAL_UPDATE_NS);
  const headingId = useId();
  const all = selectAllState(amps, selected);
  const anySelectable = amps.some((a) => selectability(a) === 'ok');
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={0.5}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('amps.heading')}
      </Typography>
      {amps.length === 0 ? (
        <Typography color="textSecondary">{t('amps.none')}</Typography>
      ) : (
        <>
          <FormControlLabel
            label={t('amps.selectAll')}
            disabled={!anySelectable}
            control={
              <Checkbox
                checked={all === 'all'}
                indeterminate={all === 'some'}
                onChange={(e) => onToggleAll(e.target.checked)}
              />
            }
          />
          <List dense disablePadding aria-labelledby={headingId}>
            {amps.map((amp) => (
              <AmpRow key={amp.ampId} amp={amp} set={set} checked={selected.has(amp.ampId)} onToggle={onToggle} />
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}

function AmpRow({
  amp,
  set,
  checked,
  onToggle,
}: {
  amp: UpdateCandidate;
  set: FirmwareSet | undefined;
  checked: boolean;
  onToggle: (ampId: string, on: boolean) => void;
}) {
  const { t } = useTranslation(LOCAL_UPDATE_NS);
  const reasonId = useId();
  const selectable = selectability(amp) === 'ok';
  const fit = eligibility(amp, set);
  const image = fit === 'ok' ? imageFor(set, amp.prefix) : undefined;
  return (
    <ListItem disableGutters sx={{ alignItems: 'flex-start' }}>
      <Checkbox
        checked={selectable && checked}
        disabled={!selectable}
        onChange={(e) => onToggle(amp.ampId, e.target.checked)}
        slotProps={{ input: { 'aria-label': amp.name, 'aria-describedby': reasonId } }}
        sx={{ mt: -0.5 }}
      />
      <Stack sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{amp.name}</Typography>
        <Typography variant="body2" color="textSecondary">
          {t('amps.details', { model: amp.modelId ?? '—', ip: amp.ip, version: amp.firmwareVersion || '—' })}
        </Typography>
        <Typography id={reasonId} variant="body2" color={fit === 'noImage' ? 'textPrimary' : 'textSecondary'}>
          {fit !== 'ok'
            ? t(`amps.reasons.${fit}`, { prefix: amp.prefix ?? '' })
            : image
              ? t('amps.gets', { name: image.name })
              : ''}
        </Typography>
      </Stack>
    </ListItem>
  );
}
