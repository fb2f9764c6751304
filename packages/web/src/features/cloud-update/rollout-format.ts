/** How the update screen names cloud errors and shows times. */
import { ROLLOUT_API_ERRORS } from '@rackside/protocol';

const KNOWN_ERRORS = [
  ...ROLLOUT_API_ERRORS,
  'FIRMWARE_NOT_IN_LIBRARY',
  'ValidationError',
  'NotFound',
  'Network',
] as const;
export type RolloutErrorKey = (typeof KNOWN_ERRORS)[number] | 'Unknown';

/** The message key of a cloud error name (anything unexpected is Unknown). */
export const rolloutErrorKey = (error: string): RolloutErrorKey =>
  KNOWN_ERRORS.find((known) => known === error) ?? 'Unknown';

export const formatWhen = (iso: string, language: string): string =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'medium' });

/** The versions a rollout installs, e.g. "ASBT 1.7.0.0, DLS 1.2.0.0". */
export const formatVersions = (versions: Readonly<Record<string, string>>): string =>
  Object.entries(versions)
    .map(([family, version]) => `${family} ${version}`)
    .join(', ');
