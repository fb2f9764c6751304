/**
 * The frequency-response plot (spec 2 §2: Input EQ, Crossover, Equalizer; issue 18): a magnitude curve on a log
 * frequency axis 20 Hz-20 kHz and a dB axis, optionally its phase (dashed, right axis ±180°), curves of other channels
 * overlaid, and interactive marks (drag handles) drawn by the caller in the plot's coordinates. A pure function of its
 * props, memoised, so it follows a drag live when its parent passes the dragged values.
 */
import { memo, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import {
  combinedResponse,
  logFrequencies,
  RESPONSE_MAX_HZ,
  RESPONSE_MIN_HZ,
  type ComplexCurve,
  type ResponseFilter,
  type ResponseOverlay,
} from './frequency-response-math';
import { useUiText } from './value-slider-i18n';

export const PLOT_WIDTH = 600;
export const PLOT_HEIGHT = 200;
/** The SVG viewBox: the plot area is (0, 0)-(PLOT_WIDTH, PLOT_HEIGHT); the margins hold the axis labels. */
export const PLOT_VIEWBOX = { x: -30, y: -8, width: PLOT_WIDTH + 64, height: PLOT_HEIGHT + 24 } as const;
const VIEWBOX = `${PLOT_VIEWBOX.x} ${PLOT_VIEWBOX.y} ${PLOT_VIEWBOX.width} ${PLOT_VIEWBOX.height}`;
const FREQUENCY_GRID = [20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000];
const PHASE_GRID = [-180, -90, 0, 90, 180];
const SPAN = Math.log(RESPONSE_MAX_HZ / RESPONSE_MIN_HZ);

/** The plot x of a frequency (log axis). */
export const xOfFrequency = (f: number): number => (PLOT_WIDTH * Math.log(f / RESPONSE_MIN_HZ)) / SPAN;
/** The frequency at a plot x (inverse of xOfFrequency). */
export const frequencyOfX = (x: number): number => RESPONSE_MIN_HZ * Math.exp((x / PLOT_WIDTH) * SPAN);
/** The plot y of a level on the dB axis [lo, hi], clamped to the axis. */
export const yOfDb =
  ([lo, hi]: readonly [number, number]) =>
  (db: number): number =>
    (PLOT_HEIGHT * (hi - Math.min(hi, Math.max(lo, db)))) / (hi - lo);
/** The level at a plot y on the dB axis [lo, hi] (inverse of yOfDb, unclamped). */
export const dbOfY =
  ([lo, hi]: readonly [number, number]) =>
  (y: number): number =>
    hi - (y / PLOT_HEIGHT) * (hi - lo);
const yOfPhase = (deg: number) => (PLOT_HEIGHT * (180 - deg)) / 360;
const hzText = (f: number) => (f >= 1000 ? `${f / 1000}k` : String(f));

/** The dB marks of an axis: every 6 dB, or 12 dB on tall axes. */
export function dbGrid([lo, hi]: readonly [number, number]): number[] {
  const step = hi - lo > 48 ? 12 : 6;
  const out: number[] = [];
  for (let d = Math.ceil(lo / step) * step; d <= hi; d += step) out.push(d);
  return out;
}

const pathOf = (curve: ComplexCurve, y: (db: number) => number) =>
  curve.frequencies
    .map((f, i) => `${i === 0 ? 'M' : 'L'}${xOfFrequency(f).toFixed(1)},${y(curve.magnitudeDb[i] ?? 0).toFixed(1)}`)
    .join('');

/** The phase trace, broken where it wraps from −180° to +180° rather than drawing a vertical line. */
function phasePathOf({ frequencies, phaseDeg }: ComplexCurve): string {
  return frequencies
    .map((f, i) => {
      const p = phaseDeg[i] ?? 0;
      const jump = i === 0 || Math.abs(p - (phaseDeg[i - 1] ?? p)) > 180;
      return `${jump ? 'M' : 'L'}${xOfFrequency(f).toFixed(1)},${yOfPhase(p).toFixed(1)}`;
    })
    .join('');
}

export interface FrequencyResponseProps {
  /** The curve to draw; or, without it, the (enabled) filters whose magnitude to draw (pass a memoised array). */
  curve?: ComplexCurve | undefined;
  filters?: readonly ResponseFilter[] | undefined;
  /** Curves drawn over the main one (linked channels), each with a legend entry. */
  overlays?: readonly ResponseOverlay[] | undefined;
  /** Draws the main curve's phase, dashed, on a ±180° right axis. */
  showPhase?: boolean | undefined;
  /** The main curve's legend entry, shown when there are overlays. */
  curveLabel?: string | undefined;
  /** The dB axis, bottom and top. */
  dbRange?: readonly [number, number] | undefined;
  /** Accessible name; defaults to 'Frequency response'. */
  label?: string | undefined;
  /** Interactive marks in plot coordinates, drawn in a layer over the plot (an SVG with the same viewBox). */
  children?: ReactNode;
}

function FrequencyResponseView(props: FrequencyResponseProps) {
  const { filters, overlays = [], showPhase = false, curveLabel, dbRange = [-18, 18], label, children } = props;
  const t = useUiText();
  const theme = useTheme();
  const palette = [theme.palette.secondary.main, theme.palette.warning.main, theme.palette.success.main];
  const [lo, hi] = dbRange;
  const fromFilters = useMemo(() => combinedResponse(filters ?? [], logFrequencies(256)), [filters]);
  const curve = props.curve ?? fromFilters;
  const y = useMemo(() => yOfDb([lo, hi]), [lo, hi]);
  const path = useMemo(() => pathOf(curve, y), [curve, y]);
  const phasePath = useMemo(() => (showPhase ? phasePathOf(curve) : ''), [curve, showPhase]);
  const name = label ?? t('ui.frequencyResponse');
  const main = theme.palette.primary.main;
  const colour = (i: number) => palette[i % palette.length] ?? main;
  return (
    <Box sx={{ width: '100%', color: 'text.secondary' }}>
      <Box sx={{ position: 'relative' }}>
        <svg role="img" aria-label={name} viewBox={VIEWBOX} width="100%" style={{ display: 'block' }}>
          <title>{name}</title>
          {FREQUENCY_GRID.map((f) => (
            <g key={f}>
              <line
                x1={xOfFrequency(f)}
                x2={xOfFrequency(f)}
                y1={0}
                y2={PLOT_HEIGHT}
                stroke="currentColor"
                strokeOpacity={0.2}
              />
              <text x={xOfFrequency(f)} y={PLOT_HEIGHT + 14} fontSize={10} textAnchor="middle" fill="currentColor">
                {hzText(f)}
              </text>
            </g>
          ))}
          {dbGrid(dbRange).map((d) => (
            <g key={d}>
              <line
                x1={0}
                x2={PLOT_WIDTH}
                y1={y(d)}
                y2={y(d)}
                stroke="currentColor"
                strokeOpacity={d === 0 ? 0.5 : 0.2}
              />
              <text x={-4} y={y(d) + 3} fontSize={10} textAnchor="end" fill="currentColor">
                {d}
              </text>
            </g>
          ))}
          {showPhase &&
            PHASE_GRID.map((p) => (
              <text key={p} x={PLOT_WIDTH + 4} y={yOfPhase(p) + 3} fontSize={10} fill="currentColor">
                {p}
              </text>
            ))}
          {overlays.map((o, i) => (
            <path
              key={o.id}
              d={pathOf(o.curve, y)}
              fill="none"
              stroke={colour(i)}
              strokeWidth={1.5}
              strokeOpacity={0.8}
              data-testid="response-overlay"
            />
          ))}
          {showPhase && (
            <path
              d={phasePath}
              fill="none"
              stroke={main}
              strokeWidth={1}
              strokeDasharray="4 3"
              strokeOpacity={0.7}
              data-testid="response-phase"
            />
          )}
          <path d={path} fill="none" stroke={main} strokeWidth={2} data-testid="response-curve" />
        </svg>
        {children !== undefined && (
          <svg
            viewBox={VIEWBOX}
            data-testid="response-handles"
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
          >
            {children}
          </svg>
        )}
      </Box>
      {overlays.length > 0 && (
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0, p: 0, listStyle: 'none' }}>
          {[
            { id: '', label: curveLabel ?? name, colour: main },
            ...overlays.map((o, i) => ({ ...o, colour: colour(i) })),
          ].map((entry) => (
            <Box component="li" key={entry.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Box sx={{ width: 16, height: 3, bgcolor: entry.colour }} />
              <Typography variant="caption">{entry.label}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

export const FrequencyResponse = memo(FrequencyResponseView);
