/** How the library shows sizes, dates, families and error names. */
import { FIRMWARE_API_ERRORS, MODELS, type FirmwareFamily } from '@rackside/protocol';

/** Bytes as KB or MB (1000-based, as file managers show them), in the UI language. */
export function formatSize(bytes: number, language: string): string {
  const mb = bytes >= 1_000_000;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(bytes / (mb ? 1_000_000 : 1000));
}

export const formatUploadedAt = (iso: string, language: string): string =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });

/** spec 3 §5: the models whose images a family's prefix names (e.g. ASBT: 352, 354, 702…). */
export const modelsOfFamily = (family: FirmwareFamily): string[] =>
  MODELS.filter((m) => m.firmwareImagePrefix === family).map((m) => m.id);

const KNOWN_ERRORS = [
  ...FIRMWARE_API_ERRORS,
  'PayloadTooLarge',
  'UnsupportedMediaType',
  'ValidationError',
  'NotFound',
  'Network',
] as const;
export type FirmwareErrorKey = (typeof KNOWN_ERRORS)[number] | 'Unknown';

/** The message key of a cloud error name (anything unexpected is Unknown). */
export const firmwareErrorKey = (error: string): FirmwareErrorKey =>
  KNOWN_ERRORS.find((known) => known === error) ?? 'Unknown';
