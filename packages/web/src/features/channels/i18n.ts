/** Typed texts of the channel view (namespace 'channels', shared/i18n/locales/{en,es,zh}/channels.json). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNELS_NS, type ChannelsKey, type TranslateFn } from '../../shared/ui/value-slider-i18n';

export type { ChannelsKey };

export interface ChannelsText {
  t: TranslateFn<ChannelsKey>;
  /** An enum value as shown ('HiZ-70V' → 'Hi-Z 70 V'); input sources by kind and number ('Analog 1+2'). */
  choice: (value: string) => string;
  /** A field's label by its name ('hiZHpfFrequency' → 'High-pass frequency'). */
  field: (name: string) => string;
  /** A unit as shown ('ohm' → 'Ω'); undefined stays undefined. */
  unit: (unit: string | undefined) => string | undefined;
}

const SOURCE = /^(Analog|Dante|Digital) (\d+(?:\+\d+)?)$/;

/** The channel view's translate function and helpers for enum values, fields and units. */
export function useChannelsText(): ChannelsText {
  const { t: raw } = useTranslation(CHANNELS_NS);
  const t = raw as unknown as TranslateFn<ChannelsKey>;
  const loose = raw as unknown as (key: string, options: Record<string, unknown>) => string;
  const choice = useCallback(
    (value: string) => {
      const source = SOURCE.exec(value);
      if (source) return loose(`sources.${source[1] ?? ''}`, { n: source[2], defaultValue: value });
      return loose(`choices.${value}`, { defaultValue: value });
    },
    [loose],
  );
  const field = useCallback((name: string) => loose(`fields.${name}`, { defaultValue: name }), [loose]);
  const unit = useCallback(
    (u: string | undefined) => (u === undefined ? undefined : loose(`units.${u}`, { defaultValue: u })),
    [loose],
  );
  return { t, choice, field, unit };
}
