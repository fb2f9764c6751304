/** The 802.1X form's values as the amp has them, and what changed (spec 2 §3/§4; the rules are the protocol's). */
import { maskedPassword, normalizeDot1xMode, type DeviceDelta, type Dot1xMode } from '@rackside/protocol';

type Ethernet = NonNullable<NonNullable<DeviceDelta['network']>['ethernet']>;

export interface Dot1xValues {
  readonly mode: Dot1xMode;
  readonly identity: string;
  readonly anonymousIdentity: string;
  readonly domain: string;
  /** Asterisks of the amp's password's length until the user types a new one (spec 2 §4). */
  readonly password: string;
}
export type Dot1xEdits = Partial<Dot1xValues>;

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
export const dot1xChanged = (device: Dot1xValues, edits: Dot1xEdits): boolean =>
  (Object.keys(edits) as (keyof Dot1xValues)[]).some((k) => edits[k] !== undefined && edits[k] !== device[k]);

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
