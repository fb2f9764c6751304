/**
 * TOTP (RFC 6238) with the authenticator apps' defaults, SHA-1, 6 digits, 30 s steps (otplib's authenticator), on the
 * domain's clock. A code is accepted for the step before, the current one and the step after (clock drift); the
 * caller then records the step so that the code cannot be used again (two-factor.repo.ts useTotpStep).
 */
import { authenticator } from 'otplib';

/** Seconds per TOTP step. */
export const TOTP_STEP_S = 30;

/** A new base32 secret (160 bits, RFC 4226's recommended length). */
export const newTotpSecret = (): string => authenticator.generateSecret(20);

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const totpUri = (account: string, issuer: string, secret: string): string =>
  authenticator.keyuri(account, issuer, secret);

/** The time step a right code belongs to, or undefined when the code is wrong at `now` (±1 step). */
export function totpStepOf(secret: string, code: string, now: Date): number | undefined {
  let delta: number | null;
  try {
    delta = authenticator.clone({ epoch: now.getTime(), window: 1 }).checkDelta(code, secret);
  } catch {
    return undefined; // a damaged secret: no code is right
  }
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / TOTP_STEP_S) + delta;
}

/** The code of `secret` at `at` (tests). */
export const totpCode = (secret: string, at: Date): string =>
  authenticator.clone({ epoch: at.getTime() }).generate(secret);
