import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getModel } from '@rackside/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { Amp } from './amp';
import { bootState, fleetIdentity } from './identity';
import { loadAmp, persistAmp } from './persistence';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const newAmp = () => {
  const id = fleetIdentity(getModel('704D'), 0, '127.0.0.1');
  const amp = new Amp(id);
  amp.apply(bootState(id));
  return amp;
};

describe('--data persistence', () => {
  it('keeps settings, not readings, and saves the cloud agent’s use of its single-use token at once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rackside-persist-'));
    dirs.push(dir);
    const amp = newAmp();
    const p = persistAmp(dir, amp, 10_000);
    amp.apply({ cloud: { registrationToken: 'tok', registrationEndpoint: 'http://x/devices/register' } }, 'client');
    amp.apply({ amp: { powerSupply: { acLineVoltage: 231 } } }, 'amp');
    // the agent registered: token cleared by the amp itself, credentials recorded
    amp.apply({ cloud: { registrationToken: '' } }, 'amp');
    const creds = { deviceId: 'dev-1', mqtt: { url: 'mqtt://127.0.0.1:18830', username: 'dev-1', password: 'pw' } };
    p.saveCloud(creds);
    p.stop();
    const saved = JSON.parse(readFileSync(join(dir, '001B2C000001.json'), 'utf8')) as {
      state: { amp: { powerSupply: Record<string, unknown> }; cloud: Record<string, unknown> };
    };
    expect(saved.state.cloud.registrationToken).toBe('');
    expect(saved.state.amp.powerSupply.acLineVoltage).toBeUndefined();

    const again = newAmp();
    expect(loadAmp(dir, again)).toEqual({ cloud: creds });
    expect(again.read('/cloud/registrationToken')).toBe('');
    expect(again.read('/cloud/registrationEndpoint')).toBe('http://x/devices/register');
  });

  it('ignores a missing or corrupt file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rackside-persist-'));
    dirs.push(dir);
    expect(loadAmp(dir, newAmp())).toBeUndefined();
  });
});
