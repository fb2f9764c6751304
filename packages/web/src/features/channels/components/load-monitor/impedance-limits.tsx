/** The load monitor's low/high impedance limits as one range slider (spec 2 §5: low stays at or below high). */
import { RangeValueSlider } from '../../../../shared/ui/value-slider-range';
import { boundsOf, numberSchema, valueAt } from '../../../../device/fields/field-info';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { lowestLevel } from '../fields/access';
import { sendObject } from '../fields/send';

export function ImpedanceLimits({ ctx, url }: { ctx: FieldContext; url: string }) {
  const { t, field, unit } = useChannelsText();
  const low = numberSchema(ctx.info, `${url}/lowLimit`);
  const high = numberSchema(ctx.info, `${url}/highLimit`);
  if (!low || !high) return null;
  const lowValue = valueAt(ctx.state, `${url}/lowLimit`);
  const highValue = valueAt(ctx.state, `${url}/highLimit`);
  return (
    <RangeValueSlider
      label={t('loadMonitor.limits')}
      lowLabel={field('lowLimit')}
      highLabel={field('highLimit')}
      value={[
        typeof lowValue === 'number' ? lowValue : low.default,
        typeof highValue === 'number' ? highValue : high.default,
      ]}
      lowBounds={boundsOf(low)}
      highBounds={boundsOf(high)}
      unit={unit(low.unit)}
      access={lowestLevel(ctx.access, [`${url}/lowLimit`, `${url}/highLimit`])}
      onChange={([lowLimit, highLimit]) => sendObject(ctx.write, url, { lowLimit, highLimit })}
    />
  );
}
