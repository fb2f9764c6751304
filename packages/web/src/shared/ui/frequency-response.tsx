/**
 * The frequency-response plot of a filter block (spec 2 §2: Input EQ, Crossover, Equalizer): the combined magnitude of
 * the given (enabled) filters on a log frequency axis 20 Hz-20 kHz and a dB axis, drawn as SVG. A pure function of its
 * props, memoised, so it follows a slider live when its parent passes the dragged values.
 */
import { memo, useMemo } from 'react';
import Box from '@mui/material/Box';
import { RESPONSE_MAX_HZ, RESPONSE_MIN_HZ, responseCurve, type ResponseFilter } from './frequency-response-math';
import { useUiText } from './value-slider-i18n';

const WIDTH = 600;
const HEIGHT = 200;
const FREQUENCY_GRID = [20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000];

export interface FrequencyResponseProps {
  /** The enabled filters of the block; pass a memoised array so the curve is computed once per change. */
  filters: readonly ResponseFilter[];
  /** The dB axis, bottom and top. */
  dbRange?: readonly [number, number] | undefined;
  /** Accessible name; defaults to 'Frequency response'. */
  label?: string | undefined;
}

const x = (f: number) => (WIDTH * Math.log(f / RESPONSE_MIN_HZ)) / Math.log(RESPONSE_MAX_HZ / RESPONSE_MIN_HZ);
const yScale = (lo: number, hi: number) => (db: number) => (HEIGHT * (hi - Math.min(hi, Math.max(lo, db)))) / (hi - lo);
const hzText = (f: number) => (f >= 1000 ? `${f / 1000}k` : String(f));

/** The dB marks of an axis: every 6 dB, or 12 dB on tall axes. */
export function dbGrid([lo, hi]: readonly [number, number]): number[] {
  const step = hi - lo > 48 ? 12 : 6;
  const out: number[] = [];
  for (let d = Math.ceil(lo / step) * step; d <= hi; d += step) out.push(d);
  return out;
}

function FrequencyResponseView({ filters, dbRange = [-18, 18], label }: FrequencyResponseProps) {
  const t = useUiText();
  const [lo, hi] = dbRange;
  const y = yScale(lo, hi);
  const path = useMemo(() => {
    const toY = yScale(lo, hi);
    return responseCurve(filters)
      .map(([f, db], i) => `${i === 0 ? 'M' : 'L'}${x(f).toFixed(1)},${toY(db).toFixed(1)}`)
      .join('');
  }, [filters, lo, hi]);
  const name = label ?? t('ui.frequencyResponse');
  return (
    <Box sx={{ width: '100%', color: 'text.secondary' }}>
      <svg role="img" aria-label={name} viewBox={`-30 -8 ${WIDTH + 40} ${HEIGHT + 24}`} width="100%">
        <title>{name}</title>
        {FREQUENCY_GRID.map((f) => (
          <g key={f}>
            <line x1={x(f)} x2={x(f)} y1={0} y2={HEIGHT} stroke="currentColor" strokeOpacity={0.2} />
            <text x={x(f)} y={HEIGHT + 14} fontSize={10} textAnchor="middle" fill="currentColor">
              {hzText(f)}
            </text>
          </g>
        ))}
        {dbGrid(dbRange).map((d) => (
          <g key={d}>
            <line x1={0} x2={WIDTH} y1={y(d)} y2={y(d)} stroke="currentColor" strokeOpacity={d === 0 ? 0.5 : 0.2} />
            <text x={-4} y={y(d) + 3} fontSize={10} textAnchor="end" fill="currentColor">
              {d}
            </text>
          </g>
        ))}
        <path d={path} fill="none" stroke="#1976d2" strokeWidth={2} data-testid="response-curve" />
      </svg>
    </Box>
  );
}

export const FrequencyResponse = memo(FrequencyResponseView);
