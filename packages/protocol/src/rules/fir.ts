/** Custom FIR coefficient text of spec 2 §5: comma-separated numbers, at most 2048 per channel. */
import { MAX_FIR_COEFFICIENTS } from '../catalog/constants';
import { DEVICE_MESSAGES } from '../catalog/errors';

/** The result of reading the FIR editor's text. */
export type FirParseResult =
  | { ok: true; coefficients: number[] }
  | { ok: false; code: 'tooMany'; message: string; count: number }
  | { ok: false; code: 'notANumber'; index: number; token: string };

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * spec 2 §5: parses comma-separated decimal coefficients (whitespace allowed around each); more than 2048 gives
 * 'too many coefficients specified', anything not a number is an error naming the entry; blank text is no coefficients.
 */
export function parseFirCoefficients(text: string): FirParseResult {
  if (text.trim() === '') return { ok: true, coefficients: [] };
  const tokens = text.split(',').map((t) => t.trim());
  if (tokens.length > MAX_FIR_COEFFICIENTS) {
    return { ok: false, code: 'tooMany', message: DEVICE_MESSAGES.firTooManyCoefficients, count: tokens.length };
  }
  const coefficients: number[] = [];
  for (const [index, token] of tokens.entries()) {
    const value = Number(token);
    if (!DECIMAL.test(token) || !Number.isFinite(value)) return { ok: false, code: 'notANumber', index, token };
    coefficients.push(value);
  }
  return { ok: true, coefficients };
}

/** spec 2 §3 customFirCoeffs: the wire text of a list of coefficients. */
export const formatFirCoefficients = (coefficients: readonly number[]): string => coefficients.map(String).join(',');
