/**
 * spec 3 §5: the amp channel picker of the group forms: per amp (name, model, address, offline) a row of channel
 * checkboxes. Channels another group or subgroup holds are disabled with a hint; amps a configuration names that
 * discovery does not know are shown with their selected channels so that they can be removed.
 */
import { Box, Checkbox, Chip, FormControlLabel, Stack, Tooltip, Typography } from '@mui/material';
import { useId } from 'react';
import { findTouchAmp, type TouchAmp } from '../model/touch-amps';
import type { AmpChannelRef } from '../store/touch-editor-slice';
import { useTouchGroupsText } from '../touch-i18n';

export interface ChannelPickerProps {
  label: string;
  amps: readonly TouchAmp[];
  selected: readonly AmpChannelRef[];
  disabled?: (ref: { macAddress: string; channel: number }) => boolean;
  disabledHint?: string;
  onChange: (next: AmpChannelRef[]) => void;
  /** Restricts the choice to these channels (the subgroup form: its parent group's channels). */
  only?: readonly AmpChannelRef[];
}

interface PickerRow {
  readonly key: string;
  readonly name: string;
  readonly model: string | undefined;
  readonly ipAddress: string;
  readonly macAddress: string;
  readonly online: boolean;
  readonly known: boolean;
  /** The channels offered, ascending. */
  channels: number[];
  /** The channels selected. */
  readonly picked: Set<number>;
}

/** Hidden from sight, read by screen readers. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

const unknownKey = (ref: { macAddress: string; ipAddress: string }) =>
  `unknown:${ref.macAddress.toLowerCase() || ref.ipAddress}`;

/** The picker's rows: the known amps in their order, then the amps the selection or `only` names that are not found. */
function pickerRows(
  amps: readonly TouchAmp[],
  selected: readonly AmpChannelRef[],
  only: readonly AmpChannelRef[] | undefined,
): PickerRow[] {
  const rows = new Map<string, PickerRow>();
  for (const a of amps)
    rows.set(`amp:${a.ampId}`, {
      key: `amp:${a.ampId}`,
      name: a.name,
      model: a.model?.id,
      ipAddress: a.ipAddress,
      macAddress: a.macAddress,
      online: a.online,
      known: true,
      channels: only ? [] : Array.from({ length: a.model?.channels ?? 0 }, (_, i) => i + 1),
      picked: new Set(),
    });
  const rowOf = (ref: AmpChannelRef): PickerRow => {
    const amp = findTouchAmp(amps, ref);
    const key = amp ? `amp:${amp.ampId}` : unknownKey(ref);
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        name: ref.ipAddress || ref.macAddress,
        model: undefined,
        ipAddress: ref.ipAddress,
        macAddress: ref.macAddress,
        online: false,
        known: false,
        channels: [],
        picked: new Set(),
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const ref of only ?? []) {
    const row = rowOf(ref);
    if (!row.channels.includes(ref.channel)) row.channels.push(ref.channel);
  }
  for (const ref of selected) {
    const row = rowOf(ref);
    row.picked.add(ref.channel);
    if (!row.channels.includes(ref.channel)) row.channels.push(ref.channel);
  }
  return [...rows.values()]
    .map((row) => ({ ...row, channels: [...row.channels].sort((x, y) => x - y) }))
    .filter((row) => row.channels.length > 0);
}

export function ChannelPicker(props: ChannelPickerProps) {
  const { t } = useTouchGroupsText();
  const hintId = useId();
  const rows = pickerRows(props.amps, props.selected, props.only);

  const toggle = (row: PickerRow, channel: number, on: boolean) => {
    const next: AmpChannelRef[] = [];
    for (const r of rows) {
      for (const ch of r.channels) {
        const picked = r.key === row.key && ch === channel ? on : r.picked.has(ch);
        if (picked) next.push({ ipAddress: r.ipAddress, macAddress: r.macAddress, channel: ch });
      }
    }
    props.onChange(next);
  };

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, px: 2, pb: 1 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {props.label}
      </Typography>
      {props.disabledHint && (
        <Box component="span" id={hintId} sx={visuallyHidden}>
          {props.disabledHint}
        </Box>
      )}
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {props.only ? t('picker.noChannels') : t('picker.noAmps')}
        </Typography>
      )}
      <Stack spacing={1}>
        {rows.map((row) => (
          <Box key={row.key} role="group" aria-label={row.name}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {row.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {row.model ? t('picker.details', { model: row.model, address: row.ipAddress }) : row.ipAddress}
              </Typography>
              {!row.known && <Chip size="small" color="warning" label={t('picker.notFound')} />}
              {row.known && !row.online && <Chip size="small" color="error" label={t('picker.offline')} />}
            </Stack>
            <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
              {row.channels.map((ch) => {
                const checked = row.picked.has(ch);
                const off = !checked && (props.disabled?.({ macAddress: row.macAddress, channel: ch }) ?? false);
                const control = (
                  <FormControlLabel
                    label={t('picker.channel', { n: ch })}
                    disabled={off}
                    control={
                      <Checkbox
                        checked={checked}
                        onChange={(e) => toggle(row, ch, e.target.checked)}
                        slotProps={{
                          input: {
                            'aria-label': t('picker.channelLabel', { amp: row.name, n: ch }),
                            'aria-describedby': off && props.disabledHint ? hintId : undefined,
                          },
                        }}
                      />
                    }
                  />
                );
                return off && props.disabledHint ? (
                  <Tooltip key={ch} title={props.disabledHint}>
                    <span>{control}</span>
                  </Tooltip>
                ) : (
                  <span key={ch}>{control}</span>
                );
              })}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
