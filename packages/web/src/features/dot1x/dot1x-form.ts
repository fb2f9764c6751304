/**
 * The 802.1X form's values as the amp has them, what changed, and the zod schema react-hook-form validates with
 * (spec 2 §3/§4/§5; the rules are the protocol's).
 */
import {
  DOT1X_MODES,
  dot1xFieldErrors,
  maskedPassword,
  normalizeDot1xMode,
  type DeviceDelta,
} from '@rackside/protocol';
import { z } from 'zod';

type Ethernet = NonNullable<NonNullable<DeviceDelta['network']>['ethernet']>;

export const Dot1xValuesSchema = z.object({
  mode: z.enum(DOT1X_MODES),
  identity: z.string(),
  anonymousIdentity: z.string(),
  domain: z.string(),
  /** Asterisks of the amp's password's length until the user types a new one (spec 2 §4). */
  password: z.string(),
});
export type Dot1xValues = z.infer<typeof Dot1xValuesSchema>;

/** The error keys of the dot1x namespace's `errors`: what `dot1xFieldErrors` refuses (spec 2 §5). */
export type Dot1xError = 'identity' | 'password';

/** spec 2 §5: identity and password are required unless the mode is Disabled; each issue's message is its field. */
export const Dot1xFormSchema = Dot1xValuesSchema.superRefine((values, ctx) => {
  for (const field of Object.keys(dot1xFieldErrors(values)) as Dot1xError[])
    ctx.addIssue({ code: 'custom', path: [field], message: field });
});

/**
 * spec 2 §4: the unedited form. The password is never shown: asterisks of its length stand for it; after a save from
 * this page, the mask of the password saved (`savedMask`) does, also when the amp does not report its password.
 */
export function dot1xValuesFromDevice(ethernet: Ethernet | undefined, savedMask?: string): Dot1xValues {
  const password = ethernet?.dot1xPassword ?? '';
  return {
    mode: normalizeDot1xMode(ethernet?.dot1xMode),
    identity: ethernet?.dot1xIdentity ?? '',
    anonymousIdentity: ethernet?.dot1xAnonymousIdentity ?? '',
    domain: ethernet?.dot1xDomain ?? '',
    password: savedMask ?? maskedPassword(password),
  };
}

/** spec 2 §4: something differs from the amp's values. */
export const dot1xChanged = (device: Dot1xValues, values: Dot1xValues): boolean =>
  (Object.keys(device) as (keyof Dot1xValues)[]).some((k) => values[k] !== device[k]);

/** What the amp reports about a slot's file (the uploaded and valid flags, docs/device-api.md 802.1X files). */
export type OnAmp = 'missing' | 'valid' | 'invalid';

export function slotsOnAmp(ethernet: Ethernet | undefined): Record<'CaCert' | 'ClientCert' | 'ClientKey', OnAmp> {
  const state = (uploaded: boolean | undefined, valid: boolean | undefined): OnAmp =>
    uploaded !== true ? 'missing' : valid === true ? 'valid' : 'invalid';
  return {
    CaCert: state(ethernet?.dot1xUploadedCACert, ethernet?.dot1xCACertValid),
    ClientCert: state(ethernet?.dot1xUploadedClientCert, ethernet?.dot1xClientCertValid),
    ClientKey: state(ethernet?.dot1xUploadedClientKey, ethernet?.dot1xClientKeyCheck),
  };
}
