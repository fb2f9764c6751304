import { Box, Paper, ToggleButton, Typography } from '@mui/material';
import {
  DASHBOARD_FILTER_TILES,
  hasDashboardFilter,
  isTileClickable,
  type DashboardCounts,
  type DashboardFilter,
  type DashboardFilterKey,
} from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_NS } from './dashboard-i18n';

/** The colour of a filter tile's count while it is above 0. */
const COUNT_COLOR: Record<DashboardFilterKey, string> = {
  firmware: 'info.main',
  offline: 'warning.main',
  faults: 'error.main',
  events: 'text.primary',
};

const tileSx = { p: 1.25, minHeight: 72, borderRadius: 1 } as const;

/** The count over its label; a disabled tile greys both (the button's own colour). */
function TileText({ count, label, color, muted }: { count: number; label: string; color?: string; muted?: boolean }) {
  return (
    <>
      <Typography
        variant="h5"
        component="span"
        sx={{ lineHeight: 1.2, fontWeight: 600, color: muted ? 'inherit' : (color ?? 'text.primary') }}
      >
        {count}
      </Typography>
      <Typography
        variant="caption"
        component="span"
        noWrap
        sx={{ maxWidth: '100%', color: muted ? 'inherit' : 'text.secondary' }}
      >
        {label}
      </Typography>
    </>
  );
}

export interface DashboardTilesProps {
  readonly venues: number;
  readonly amps: number;
  readonly counts: DashboardCounts;
  /** The filters the user turned on. */
  readonly flags: number;
  readonly onToggle: (filter: DashboardFilter) => void;
}

/**
 * spec 1 §2 tiles: venues and amps are totals; firmware, offline, faults and events are filters that toggle, and
 * can be clicked only while their count is above 0.
 */
export function DashboardTiles({ venues, amps, counts, flags, onToggle }: DashboardTilesProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const totals = [
    { key: 'venues', count: venues, label: t('tiles.venues') },
    { key: 'amps', count: amps, label: t('tiles.amps') },
  ];
  return (
    <Box
      role="group"
      aria-label={t('tiles.label')}
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(100px, 1fr))' }}
    >
      {totals.map(({ key, count, label }) => (
        <Paper
          key={key}
          variant="outlined"
          role="group"
          aria-label={t('tiles.count', { label, count })}
          sx={{ ...tileSx, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }}
        >
          <TileText count={count} label={label} />
        </Paper>
      ))}
      {DASHBOARD_FILTER_TILES.map(({ key, filter }) => {
        const count = counts[key];
        const label = t(`tiles.${key}`);
        const clickable = isTileClickable(count);
        return (
          <ToggleButton
            key={key}
            value={key}
            selected={clickable && hasDashboardFilter(flags, filter)}
            disabled={!clickable}
            onChange={() => onToggle(filter)}
            aria-label={t('tiles.count', { label, count })}
            color="primary"
            sx={{ ...tileSx, flexDirection: 'column', textTransform: 'none', minWidth: 0 }}
          >
            <TileText count={count} label={label} color={COUNT_COLOR[key]} muted={!clickable} />
          </ToggleButton>
        );
      })}
    </Box>
  );
}
