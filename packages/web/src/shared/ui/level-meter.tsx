/** A level meter (spec 2 §2): 0 to -60 dB in 6 dB steps, empty below -60 dB, with a clip indicator. */
import Box from '@mui/material/Box';
import { memo } from 'react';
import { METER_MAX_DB, METER_MIN_DB } from '@rackside/protocol';
import { METER_TICKS_DB, meterFill, tickPosition } from './level-meter-scale';
import { useUiText } from './value-slider-i18n';

export interface LevelMeterProps {
  /** What the meter measures ('Primary level'). */
  label: string;
  /** The reading in dB. */
  valueDb: number;
  /** Shows the clip indicator when given; lit when true. */
  clip?: boolean | undefined;
  orientation?: 'vertical' | 'horizontal' | undefined;
  /** Shows the dB marks beside the bar. */
  showScale?: boolean | undefined;
  /** Length of the bar in px. */
  length?: number | undefined;
}

export function LevelMeter({
  label,
  valueDb,
  clip,
  orientation = 'vertical',
  showScale = true,
  length = 120,
}: LevelMeterProps) {
  const t = useUiText();
  const fill = meterFill(valueDb);
  const vertical = orientation === 'vertical';
  const empty = fill === 0;
  const clamped = Math.min(METER_MAX_DB, Math.max(METER_MIN_DB, valueDb));
  const bar = { position: 'relative', bgcolor: 'action.hover', borderRadius: 0.5, overflow: 'hidden' } as const;
  const size = vertical ? { width: 10, height: length } : { width: length, height: 10 };
  const lit = { inset: 0, transformOrigin: vertical ? 'bottom' : 'left' } as const;
  // the reading changes with every meter batch: inline, not in sx, which would add a CSS rule for every new value;
  // a scale, not a height, so a new reading repaints the bar without laying out the page again
  const litSize = { transform: vertical ? `scaleY(${fill})` : `scaleX(${fill})` };

  return (
    <Box sx={{ display: 'flex', flexDirection: vertical ? 'column' : 'row-reverse', alignItems: 'center', gap: 0.5 }}>
      {clip !== undefined && (
        <Box
          role="img"
          aria-label={clip ? t('ui.clip', { label }) : t('ui.noClip', { label })}
          sx={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            bgcolor: clip ? 'error.main' : 'action.disabledBackground',
          }}
        />
      )}
      <Box sx={{ display: 'flex', flexDirection: vertical ? 'row' : 'column', gap: 0.5 }}>
        <Box
          role="meter"
          aria-label={label}
          aria-valuemin={METER_MIN_DB}
          aria-valuemax={METER_MAX_DB}
          aria-valuenow={empty ? METER_MIN_DB : clamped}
          aria-valuetext={empty ? t('ui.meterEmpty') : t('ui.decibels', { value: clamped.toFixed(1) })}
          sx={{ ...bar, ...size }}
        >
          <Box
            data-testid="meter-fill"
            sx={{ position: 'absolute', ...lit, bgcolor: fill > 0.9 ? 'warning.main' : 'success.main' }}
            style={litSize}
          />
        </Box>
        {showScale && <MeterScale vertical={vertical} length={length} />}
      </Box>
    </Box>
  );
}

/** Room one label needs along the scale (px): a horizontal "-60" is wider than a line of text is tall. */
const LABEL_PX = { vertical: 10, horizontal: 20 } as const;

// memoised: a new reading renders the bar again, not its twelve marks
const MeterScale = memo(function MeterScale({ vertical, length }: { vertical: boolean; length: number }) {
  // a tick every 6 dB (spec 2 §2), a number only where it fits without running into the next one
  const every = Math.max(
    1,
    Math.ceil((LABEL_PX[vertical ? 'vertical' : 'horizontal'] * METER_TICKS_DB.length) / length),
  );
  return (
    <Box
      aria-hidden
      sx={{ position: 'relative', ...(vertical ? { width: 24, height: length } : { height: 14, width: length }) }}
    >
      {METER_TICKS_DB.map((db, i) => (
        <Box
          key={db}
          component="span"
          sx={{
            position: 'absolute',
            fontSize: 9,
            lineHeight: 1,
            color: 'text.secondary',
            ...(i % every === 0 ? {} : { width: 3, height: 3, borderRadius: '50%', bgcolor: 'text.disabled' }),
            ...(vertical
              ? { bottom: `${tickPosition(db) * 100}%`, transform: 'translateY(50%)' }
              : { left: `${tickPosition(db) * 100}%`, transform: 'translateX(-50%)' }),
          }}
        >
          {i % every === 0 ? db : null}
        </Box>
      ))}
    </Box>
  );
});
