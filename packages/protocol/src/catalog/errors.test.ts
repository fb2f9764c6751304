import { describe, expect, it } from 'vitest';
import {
  CHANGE_PASSWORD_ERROR_KEYS,
  CLOUD_CONNECTION_ERRORS,
  DEVICE_MESSAGES,
  IMPORT_EXPORT_MESSAGES,
  RESET_PASSWORD_ERRORS,
  VENUE_MESSAGES,
  importFailure,
  unsupportedImportLine,
} from './errors';

describe('error catalogues', () => {
  it('spells codes and messages as the specs do', () => {
    expect(RESET_PASSWORD_ERRORS[0]).toBe('RequiredFieldMissing');
    expect(CHANGE_PASSWORD_ERROR_KEYS.InvalidParameterException).toBe('cloudAuthChangeEmailErrorInvalid');
    expect(VENUE_MESSAGES.VENUE_NAME_EXISTS).toBe('Venue name already exists!');
    expect(DEVICE_MESSAGES.firTooManyCoefficients).toBe('too many coefficients specified');
    expect(CLOUD_CONNECTION_ERRORS).toContain('JSON_API_SPEC_FETCH_ERROR');
  });

  it('builds the composed import texts of spec 3 §4/§5', () => {
    expect(unsupportedImportLine('Dante On-Ramp')).toBe('Dante On-Ramp value is unsupported');
    expect(importFailure(IMPORT_EXPORT_MESSAGES.ampSettingsFailed, IMPORT_EXPORT_MESSAGES.invalidSignature)).toBe(
      'Amp settings failed to import. Invalid signature',
    );
    expect(importFailure(IMPORT_EXPORT_MESSAGES.ampSettingsFailed)).toBe('Amp settings failed to import.');
  });
});
