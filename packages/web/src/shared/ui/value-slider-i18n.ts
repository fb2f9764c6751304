/**
 * Typed texts of the shared controls (value slider, level meter, frequency response). They live in the
 * 'channels' namespace under `ui.*` (shared/i18n/locales/{en,es,zh}/channels.json).
 */
import { useTranslation } from 'react-i18next';
import type channels from '../i18n/locales/en/channels.json';

// The namespace's keys are checked like every feature's (shared/i18n/i18next.d.ts); declared here, beside its users.
declare module 'i18next' {
  interface ResourceNamespaceMap {
    channels: typeof channels;
  }
}

type En = typeof channels;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the channels namespace, dotted ('ui.save', 'settings.name', ...). */
export type ChannelsKey = Leaves<En>;
/** The keys the shared controls use. */
export type UiKey = Extract<ChannelsKey, `ui.${string}`>;
/** The i18next namespace of the channel view and its shared controls. */
export const CHANNELS_NS = 'channels';

/** A translate function narrowed to known keys, whatever the app's i18next type options are. */
export type TranslateFn<K extends string> = (key: K, options?: Record<string, unknown>) => string;

/** The translate function of the shared controls. */
export function useUiText(): TranslateFn<UiKey> {
  const { t } = useTranslation(CHANNELS_NS);
  return t;
}
