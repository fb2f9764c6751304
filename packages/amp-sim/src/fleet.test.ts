import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeviceClient, type DeviceCallError } from '@rackside/device-client';
import { getAt } from '@rackside/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { parseCli } from './cli';
import { startFleet, type Fleet } from './fleet';

let fleet: Fleet | undefined;
const clients: DeviceClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await fleet?.close();
  fleet = undefined;
});

const client = (ip: string, port: number, password?: string) => {
  const c = new DeviceClient({
    url: `ws://${ip}:${port}`,
    WebSocket: WebSocket,
    autoReconnect: false,
    ...(password ? { password } : {}),
  });
  clients.push(c);
  return c;
};

/** One line-API exchange: sends lines, collects what comes back within a short wait. */
function lineApi(host: string, port: number, text: string, waitMs = 300): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = createConnection({ host, port });
    let out = '';
    sock.on('data', (d) => (out += d.toString()));
    sock.on('error', reject);
    sock.on('connect', () => sock.write(text));
    setTimeout(() => {
      sock.destroy();
      resolve(out);
    }, waitMs);
  });
}

const eventually = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('a fleet of emulated amps', () => {
  it('runs each amp on its own loopback address with stable identities, one warning and one discovery list', async () => {
    fleet = await startFleet({ amps: 3, base: '127.0.3.1', port: 0, tcpPort: 0, httpPort: 0, cloudAgent: false });
    const [a, b, c] = fleet.amps;
    expect([a, b, c].map((x) => x!.amp.identity.ip)).toEqual(['127.0.3.1', '127.0.3.2', '127.0.3.3']);
    expect(a!.amp.identity.mac).toBe('00:1B:2C:00:00:01');
    const dc = client('127.0.3.2', b!.ports.ws);
    await dc.connected();
    const root = (await dc.get('/')) as Record<string, unknown>;
    expect(getAt(root, ['amp', 'deviceInfo', 'deviceName'])).toBe('Main Right');
    expect(getAt(root, ['amp', 'deviceInfo', 'modelID'])).toBe('Connect Series Model 354N');
    expect(Object.keys(getAt(root, ['discovery', 'devices']) as object)).toEqual([
      '127.0.3.1',
      '127.0.3.2',
      '127.0.3.3',
    ]);
    // the default fleet has one amp in warning (the last, with 3 amps), none in fault
    expect(c!.physics.faults()).toEqual([{ type: 'warning', channel: 1 }]);
    expect(a!.physics.faults()).toEqual([]);
  });

  it('serves the same amp through the device client and the line API, and both see each other’s changes', async () => {
    fleet = await startFleet({
      amps: 1,
      base: '127.0.3.11',
      port: 0,
      tcpPort: 0,
      httpPort: 0,
      faults: [],
      cloudAgent: false,
    });
    const { amp, ports } = fleet.amps[0]!;
    const dc = client(amp.identity.ip, ports.ws);
    await dc.connected();
    await dc.subscribe('/');
    expect(await lineApi(amp.identity.ip, ports.tcp, 'set /amp/channels/2/output/fader -12.5\n')).toBe('OK\n');
    await eventually(() => getAt(dc.state, ['amp', 'channels', '2', 'output', 'fader']) === -12.5);
    await dc.set('/amp/channels/2/output', { name: 'Sub Left', fader: -200 });
    const reply = await lineApi(
      amp.identity.ip,
      ports.tcp,
      'get /amp/channels/2/output/fader\nget /amp/channels/2/output/name\n',
    );
    expect(reply).toBe('/amp/channels/2/output/fader -80\n/amp/channels/2/output/name "Sub Left"\n');
  });

  it('shows an injected short as a faulted channel and a fault log line to a subscribed client', async () => {
    fleet = await startFleet({
      amps: 1,
      base: '127.0.3.21',
      port: 0,
      tcpPort: 0,
      httpPort: 0,
      faults: [],
      cloudAgent: false,
    });
    const { amp, ports } = fleet.amps[0]!;
    const dc = client(amp.identity.ip, ports.ws);
    await dc.connected();
    await dc.subscribe('/');
    const res = await fetch(`http://${amp.identity.ip}:${ports.http}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'short', channel: 2 }),
    });
    expect(res.ok).toBe(true);
    await eventually(() => getAt(dc.state, ['amp', 'channels', '2', 'output', 'status']) === 'Faulted');
    await eventually(() => String(getAt(dc.state, ['logs', 'faults'])).includes('2'));
  });

  it('asks for the device password before a change, and keeps settings across restarts with --data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rackside-fleet-'));
    try {
      const opts = {
        amps: 1,
        base: '127.0.3.31',
        port: 0,
        tcpPort: 0,
        httpPort: 0,
        faults: [],
        dataDir: dir,
        cloudAgent: false,
      };
      fleet = await startFleet({ ...opts, password: 'Secret#1' });
      let { amp, ports } = fleet.amps[0]!;
      const guest = client(amp.identity.ip, ports.ws);
      await guest.connected();
      await expect(guest.set('/amp/channels/1/output', { mute: true })).rejects.toMatchObject({
        name: 'AuthRequiredError',
      });
      const admin = client(amp.identity.ip, ports.ws, 'Secret#1');
      await admin.connected();
      await admin.set('/amp/deviceInfo', { rackName: 'Rack B' });
      await admin.set('/amp/channels/1/output', { mute: true });
      const wrong = client(amp.identity.ip, ports.ws, 'nope');
      await wrong.connected();
      const err = (await wrong
        .set('/amp/channels/1/output', { mute: false })
        .catch((e: unknown) => e)) as DeviceCallError;
      expect(err.code).toBe(-32002); // the amp's answer to a wrong password (docs/device-api.md)
      for (const c of clients.splice(0)) c.close();
      await fleet.close();

      fleet = await startFleet(opts);
      ({ amp, ports } = fleet.amps[0]!);
      expect(amp.read('/amp/deviceInfo/rackName')).toBe('Rack B');
      expect(amp.read('/amp/channels/1/output/mute')).toBe(true);
      expect(amp.password).toBe('Secret#1'); // the password is a setting too
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the sim command line', () => {
  it('parses the issue’s example and fault targets', () => {
    const o = parseCli([
      '--amps',
      '6',
      '--models',
      '704D,354N,1504,124D,CDS-508,352N_G',
      '--base',
      '127.0.1.1',
      '--fault',
      '2:short@3',
    ]);
    expect(o).toMatchObject({ amps: 6, base: '127.0.1.1', faults: [{ amp: 2, fault: { type: 'short', channel: 2 } }] });
  });
  it('refuses bad input with a clear message', () => {
    expect(() => parseCli(['--amps', 'many'])).toThrow(/--amps must be a whole number/);
    expect(() => parseCli(['--amps', '2', '--fault', '1:short@5'])).toThrow(/names amp 5, but the fleet has 2/);
    expect(() => parseCli(['--speed', '0'])).toThrow(/--speed must be a positive number/);
    expect(() => parseCli(['--bogus'])).toThrow();
  });
});
