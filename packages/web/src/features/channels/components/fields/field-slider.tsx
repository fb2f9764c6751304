/** A number field as a value slider: bounds, unit and log scale from its schema, UAC from its URL (spec 2 §5/§6). */
import { ValueSlider } from '../../../../shared/ui/value-slider';
import { boundsOf, numberSchema, splitFieldUrl, valueAt } from '../../../../device/fields/field-info';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { levelOf } from './access';
import { sendField } from './send';

export interface FieldSliderProps {
  ctx: FieldContext;
  url: string;
  /** Defaults to the field's label. */
  label?: string | undefined;
  /** A named UAC permission that also applies (channel output gain). */
  permission?: string | undefined;
  hideWhenLocked?: boolean | undefined;
  disabled?: boolean | undefined;
  onPreview?: ((url: string, value: number | undefined) => void) | undefined;
}

/** Renders nothing when the model lacks the field. */
export function FieldSlider({ ctx, url, label, permission, hideWhenLocked, disabled, onPreview }: FieldSliderProps) {
  const { field, unit } = useChannelsText();
  const schema = numberSchema(ctx.info, url);
  if (!schema || schema.readOnly) return null;
  const raw = valueAt(ctx.state, url);
  const isDelay = schema.unit === 'ms' && /\/(delay|delayMs)$/.test(url);
  return (
    <ValueSlider
      label={label ?? field(splitFieldUrl(url).name)}
      value={typeof raw === 'number' ? raw : schema.default}
      bounds={boundsOf(schema)}
      unit={unit(isDelay ? ctx.delayUnit : schema.unit)}
      log={schema.log}
      delayUnit={isDelay ? ctx.delayUnit : undefined}
      access={levelOf(ctx.access, url, permission)}
      hideWhenLocked={hideWhenLocked}
      disabled={disabled}
      onChange={(v) => sendField(ctx.write, url, v)}
      onPreview={onPreview && ((v) => onPreview(url, v))}
    />
  );
}
