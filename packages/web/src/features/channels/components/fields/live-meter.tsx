/** A level meter of a live value (issue 4): re-renders alone when its reading or clip changes. */
import { LevelMeter, type LevelMeterProps } from '../../../../shared/ui/level-meter';
import { useLiveValue } from '../../../../device/fields/live';
import type { FieldContext } from '../../../../device/fields/types';

export function LiveMeter({
  ctx,
  url,
  clipUrl,
  ...meter
}: Omit<LevelMeterProps, 'valueDb' | 'clip'> & {
  ctx: FieldContext;
  /** The reading in dB ('/amp/channels/1/levels/level_db'); no reading shows an empty meter. */
  url: string;
  /** The clip flag, when the meter shows one. */
  clipUrl?: string | undefined;
}) {
  const level = useLiveValue(ctx, url);
  const clip = useLiveValue(ctx, clipUrl ?? url);
  return (
    <LevelMeter
      {...meter}
      valueDb={typeof level === 'number' ? level : -Infinity}
      clip={clipUrl === undefined ? undefined : clip === true}
    />
  );
}
