/**
 * A field's number as a change is described to the user (the undo history, a copy preview): the field's decimals from
 * its step, signed when its range spans zero, in the user's language (an unknown language tag falls back to the
 * browser's).
 */
import type { FieldSchema } from './field-info';

const decimalsOf = (step: number): number => Math.max(0, Math.min(6, Math.ceil(-Math.log10(step) - 1e-9)));

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(language, options);
  } catch {
    return new Intl.NumberFormat(undefined, options);
  }
}

export function formatFieldNumber(value: number, schema: FieldSchema | undefined, language: string): string {
  const n = schema?.type === 'number' ? schema : undefined;
  const digits = n ? decimalsOf(n.step) : undefined;
  return numberFormat(language, {
    minimumFractionDigits: digits ?? 0,
    maximumFractionDigits: digits ?? 2,
    signDisplay: n && n.min < 0 && n.max > 0 ? 'exceptZero' : 'auto',
    useGrouping: false,
  }).format(value);
}
