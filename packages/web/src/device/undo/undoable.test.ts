import { getModel } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { undoableParams } from './undoable';

const model = getModel('CDS-508');

describe('undoableParams', () => {
  it('keeps the settings a user changes', () => {
    expect(undoableParams('/amp/channels/1/output', { fader: -3, mute: true }, model)).toEqual({
      fader: -3,
      mute: true,
    });
    expect(undoableParams('/amp', { channels: { '2': { outputEqFilters: { '3': { gain: 6 } } } } }, model)).toEqual({
      channels: { '2': { outputEqFilters: { '3': { gain: 6 } } } },
    });
  });

  it('leaves out actions, read-only fields, secrets and the record nodes', () => {
    expect(undoableParams('/misc', { clearLogs: true }, model)).toBeUndefined();
    expect(undoableParams('/misc', { findMe: true, verifyPassword: 'x' }, model)).toEqual({ findMe: true });
    expect(undoableParams('/amp/channels/1/output', { status: 'Ok', mute: true }, model)).toEqual({ mute: true });
    expect(undoableParams('/network/apConfig', { password: 'secret', buttonEnable: false }, model)).toEqual({
      buttonEnable: false,
    });
    expect(undoableParams('/cloud', { registrationToken: 't' }, model)).toBeUndefined();
    expect(undoableParams('/UAC', { key: 'k', roles: {} }, model)).toBeUndefined();
    expect(undoableParams('/', { UAC: { key: 'k' }, amp: { deviceInfo: { deviceName: 'A' } } }, model)).toEqual({
      amp: { deviceInfo: { deviceName: 'A' } },
    });
  });

  it('without a model, keeps every field but the secrets', () => {
    expect(undoableParams('/misc', { findMe: true, verifyPassword: 'x' }, undefined)).toEqual({ findMe: true });
  });
});
