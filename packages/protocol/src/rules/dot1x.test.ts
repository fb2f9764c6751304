import { describe, expect, it } from 'vitest';
import {
  canSaveDot1x,
  dot1xFieldErrors,
  dot1xSavePayload,
  dot1xSlotForUpload,
  filesAfterModeChange,
  isAcceptedDot1xFile,
  isPemContent,
  maskedPassword,
  normalizeDot1xMode,
  slotsClearedBy,
} from './dot1x';

const pem = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\nQ2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n';

describe('dot1x mode (spec 2 §4)', () => {
  it('falls back to Disabled for unknown modes', () => {
    expect(normalizeDot1xMode('TTLS')).toBe('TTLS');
    expect(normalizeDot1xMode('EAP-FAST')).toBe('Disabled');
    expect(normalizeDot1xMode(undefined)).toBe('Disabled');
  });

  it('clears all files for Disabled and PEAP, client cert and key for TTLS, none for TLS', () => {
    expect(slotsClearedBy('Disabled')).toEqual(['CaCert', 'ClientCert', 'ClientKey']);
    expect(slotsClearedBy('PEAP')).toEqual(['CaCert', 'ClientCert', 'ClientKey']);
    expect(slotsClearedBy('TTLS')).toEqual(['ClientCert', 'ClientKey']);
    const files = { CaCert: 'ca.crt', ClientCert: 'me.pem', ClientKey: 'me.key' };
    expect(filesAfterModeChange(files, 'TTLS')).toEqual({ CaCert: 'ca.crt' });
    expect(filesAfterModeChange(files, 'TLS')).toEqual(files);
    expect(filesAfterModeChange(files, 'PEAP')).toEqual({});
  });
});

describe('dot1x files (spec 2 §5)', () => {
  it('accepts .cer/.crt/.pem for certificates and .key for the key', () => {
    expect(['a.cer', 'a.CRT', 'a.pem'].every((n) => isAcceptedDot1xFile('CaCert', n))).toBe(true);
    expect(isAcceptedDot1xFile('ClientCert', 'client.key')).toBe(false);
    expect(isAcceptedDot1xFile('ClientKey', 'client.key')).toBe(true);
    expect(isAcceptedDot1xFile('ClientKey', 'client.pem')).toBe(false);
  });

  it('maps upload names to slots, else Invalid file type', () => {
    expect(dot1xSlotForUpload('ca.pem')).toBe('CaCert');
    expect(dot1xSlotForUpload('client.pem')).toBe('ClientCert');
    expect(dot1xSlotForUpload('client.key')).toBe('ClientKey');
    expect(dot1xSlotForUpload('other.pem')).toEqual({ error: 'Invalid file type' });
  });

  it('requires PEM content', () => {
    expect(isPemContent(pem)).toBe(true);
    expect(isPemContent('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----')).toBe(true);
    expect(isPemContent('-----BEGIN CERTIFICATE-----\nAAAA\n-----END PRIVATE KEY-----')).toBe(false);
    expect(isPemContent('0\x82\x01\xb3')).toBe(false);
  });
});

describe('dot1x save (spec 2 §4/§5)', () => {
  const base = { mode: 'PEAP' as const, identity: 'amp', password: 'pw', changed: true, fileSelected: false };

  it('needs a change or a file', () => {
    expect(canSaveDot1x(base)).toBe(true);
    expect(canSaveDot1x({ ...base, changed: false })).toBe(false);
    expect(canSaveDot1x({ ...base, changed: false, fileSelected: true })).toBe(true);
  });

  it('needs identity and password unless Disabled', () => {
    expect(dot1xFieldErrors({ ...base, identity: ' ', password: '' })).toEqual({
      identity: 'please enter identity',
      password: 'please enter password',
    });
    expect(canSaveDot1x({ ...base, password: '' })).toBe(false);
    expect(canSaveDot1x({ ...base, mode: 'Disabled', identity: '', password: '' })).toBe(true);
  });

  it('leaves out an unchanged password and masks it after saving', () => {
    const form = { ...base, anonymousIdentity: '', domain: 'corp' };
    expect(dot1xSavePayload(form, 'pw')).not.toHaveProperty('dot1xPassword');
    expect(dot1xSavePayload(form, 'old')).toMatchObject({ dot1xPassword: 'pw', dot1xMode: 'PEAP' });
    expect(maskedPassword('secret')).toBe('******');
  });
});
