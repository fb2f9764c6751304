import { UAC_LEVELS, UAC_PERMISSIONS } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { makeAccess, type AccessFacts } from './access';

const facts = (f: Partial<AccessFacts> = {}): AccessFacts => ({
  uac: { key: '', roles: {} },
  firmwareVersion: '1.5.2.0',
  lockedProperties: { groups: {} },
  cloud: false,
  canWrite: true,
  ...f,
});

describe('access check (spec 2 §6)', () => {
  it('writes without a UAC key', () => {
    expect(makeAccess(facts())('/amp/channels/1/output/name')).toBe(UAC_LEVELS.Write);
  });

  it('guests get at most read-only', () => {
    const access = makeAccess(facts({ canWrite: false }));
    expect(access(UAC_PERMISSIONS.channelOutputGain)).toBe(UAC_LEVELS.Readonly);
  });

  it('reads the role’s level of a named permission', () => {
    const access = makeAccess(
      facts({ uac: { key: 'k', roles: { installer: { [UAC_PERMISSIONS.channelOutputMute]: UAC_LEVELS.Readonly } } } }),
    );
    expect(access(UAC_PERMISSIONS.channelOutputMute)).toBe(UAC_LEVELS.Readonly);
    expect(access(UAC_PERMISSIONS.channelOutputGain)).toBe(UAC_LEVELS.Locked);
  });

  it('locks the fields of a locked speaker-tuning group, even in cloud mode', () => {
    const url = '/amp/channels/2/outputEqFilters/1/gain';
    const access = makeAccess(
      facts({ cloud: true, lockedProperties: { groups: { a: { key: 'x', properties: [url] } } } }),
    );
    expect(access(url)).toBe(UAC_LEVELS.Locked);
    expect(access('/amp/channels/2/outputEqFilters/1/q')).toBe(UAC_LEVELS.Write);
  });
});
