/**
 * The demo seed against a real cloud in memory (listening, with the embedded broker) and emulated amps whose cloud
 * agents register over HTTP and connect over MQTT, as `npm start` runs them.
 */
import {
  Amp,
  bootState,
  buildReleaseZip,
  FLEET_FIRMWARE,
  fleetIdentity,
  mqttConnector,
  startCloudAgent,
  type CloudAgent,
} from '@rackside/amp-sim';
import {
  getModel,
  type DeviceCredentials,
  type FirmwareFamily,
  type FirmwareLibrary,
  type VenueDevices,
} from '@rackside/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentBrokerLogger } from '../broker/index';
import { startMqtt, type MqttLink } from '../mqtt';
import { buildTestApp, TestClock, testConfig, type TestApp } from '../test/app';
import { useTestDb } from '../test/db';
import { DEMO_EMAIL, DEMO_PASSWORD, demoVenueOf, seedDemo, type DemoAmp, type DemoFirmware } from './seed';

/** The demo's firmware as scripts/start.ts passes it; `zips` counts the release zips made. */
function demoFirmware(families: readonly FirmwareFamily[], version = '1.6.1.0') {
  const made: FirmwareFamily[][] = [];
  const firmware: DemoFirmware = {
    version,
    families,
    releaseZip: (wanted, v) => {
      made.push([...wanted]);
      return buildReleaseZip({ version: v, families: wanted, notes: 'Demo release', payloadBytes: 2048 });
    },
  };
  return { firmware, made };
}

/** An emulated amp with its cloud agent; `restart` is a new agent with the credentials it saved (a reboot). */
function emulatedAmp(i: number) {
  const identity = fleetIdentity(getModel('704D'), i, '127.0.0.1');
  const amp = new Amp(identity);
  amp.apply(bootState(identity), 'amp');
  let saved: DeviceCredentials | undefined;
  const start = (): CloudAgent =>
    startCloudAgent(amp, {
      connector: mqttConnector({ reconnectMs: 300, connectTimeoutMs: 2000 }),
      backoff: { initialMs: 100, maxMs: 1000 },
      onRegistered: (c) => (saved = c),
      ...(saved ? { credentials: saved } : {}),
    });
  let agent = start();
  const demo: DemoAmp = {
    deviceId: () => amp.state.cloud.deviceId || undefined,
    register: (token, endpoint) =>
      amp.apply({ cloud: { registrationToken: token, registrationEndpoint: endpoint } }, 'client'),
  };
  return {
    amp,
    demo,
    restart: async () => {
      await agent.stop();
      agent = start();
    },
    /** A reboot with credentials of another broker (the demo's broker port changed since it registered). */
    rebootElsewhere: async () => {
      await agent.stop();
      if (saved) saved = { ...saved, mqtt: { ...saved.mqtt, url: 'mqtt://127.0.0.1:9' } };
      agent = start();
    },
    forget: async () => {
      await agent.stop();
      saved = undefined;
      amp.apply({ cloud: { deviceId: '', status: 'Unregistered' } }, 'amp');
      agent = start();
    },
    stop: () => Promise.race([agent.stop(), new Promise((r) => setTimeout(r, 3000).unref())]),
  };
}

describe('demo seed (npm start)', () => {
  const db = useTestDb();
  let t: TestApp | undefined;
  let mqtt: MqttLink | undefined;
  let apiUrl = '';
  const amps = [0, 1, 2].map(emulatedAmp);
  const api = async (path: string, init: RequestInit = {}, token?: string) =>
    fetch(`${apiUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  beforeAll(async () => {
    const clock = new TestClock();
    // the amps are told the broker at PUBLIC_URL's host
    const config = { MQTT_PORT: '0', MQTT_SERVICE_PASSWORD: 'seed-service-secret', PUBLIC_URL: 'http://127.0.0.1' };
    mqtt = await startMqtt({ config: testConfig(config), db: db(), clock, log: silentBrokerLogger });
    t = await buildTestApp(db(), {
      config: { ...config, MQTT_PUBLIC_URL: mqtt.deviceUrl },
      clock,
      broker: mqtt.service,
      disconnectDevice: mqtt.disconnectDevice,
    });
    apiUrl = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api`;
  });
  afterAll(async () => {
    await Promise.all(amps.map((a) => a.stop()));
    amps.forEach((a) => a.amp.dispose());
    await t?.app.close();
    await mqtt?.close();
  });

  it('shares the amps out: all but the last third to the first venue', () => {
    expect([0, 1, 2, 3, 4, 5].map((i) => demoVenueOf(i, 6, 2))).toEqual([0, 0, 0, 0, 1, 1]);
    expect([0, 1, 2].map((i) => demoVenueOf(i, 3, 2))).toEqual([0, 0, 1]);
    expect([0, 1].map((i) => demoVenueOf(i, 2, 1))).toEqual([0, 0]);
  });

  it('makes a verified account and two venues, and registers every amp until the cloud shows it connected', async () => {
    const { firmware, made } = demoFirmware(['ASBT']); // the 704D's family
    const seed = await seedDemo({ apiUrl, amps: amps.map((a) => a.demo), firmware });
    expect(seed).toMatchObject({
      accountCreated: true,
      registered: 3,
      kept: 0,
      removed: 0,
      connected: 3,
      firmwareAdded: 1,
    });
    expect(made).toEqual([['ASBT']]);
    expect(seed.venues.map((v) => v.name)).toEqual(['Demo Venue', 'Second Stage']);
    expect(amps.map((a) => a.amp.state.cloud.status)).toEqual(['Connected', 'Connected', 'Connected']);

    const signIn = await api('/auth/sign-in', {
      method: 'POST',
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const session = (await signIn.json()) as { idToken: string; user: { emailVerified: boolean } };
    expect(session.user.emailVerified).toBe(true);
    const [demo, second] = seed.venues;
    const devicesOf = async (venueId: string) =>
      ((await (await api(`/venues/${venueId}/devices`, {}, session.idToken)).json()) as { devices: unknown[] }).devices;
    expect(await devicesOf(demo!.venueId)).toHaveLength(2);
    expect(await devicesOf(second!.venueId)).toHaveLength(1);

    // the library holds the release, and the amps (on the fleet's older firmware) are offered it
    const library = (await (await api('/firmware', {}, session.idToken)).json()) as FirmwareLibrary;
    expect(library.families.map((f) => [f.family, f.latestVersion, f.images[0]?.notes])).toEqual([
      ['ASBT', '1.6.1.0', 'Demo release'],
    ]);
    const listed = (await (await api(`/venues/${demo!.venueId}/devices`, {}, session.idToken)).json()) as VenueDevices;
    expect(listed.devices.map((d) => d.deviceSummary)).toEqual(
      Array(2).fill({
        currentFirmwareVersion: FLEET_FIRMWARE,
        latestFirmwareVersion: '1.6.1.0',
        hasAvailableFirmwareUpdate: true,
      }),
    );
  });

  it('run again: reuses the account and venues, and an amp that rebooted keeps its device', async () => {
    const ids = amps.map((a) => a.demo.deviceId());
    await Promise.all(amps.map((a) => a.restart()));
    const { firmware, made } = demoFirmware(['ASBT']);
    const seed = await seedDemo({ apiUrl, amps: amps.map((a) => a.demo), firmware });
    expect(seed).toMatchObject({
      accountCreated: false,
      registered: 0,
      kept: 3,
      removed: 0,
      connected: 3,
      firmwareAdded: 0, // the library has it: nothing uploaded, no FIRMWARE_VERSION_EXISTS
    });
    expect(made).toEqual([]);
    expect(seed.venues.map((v) => v.name)).toEqual(['Demo Venue', 'Second Stage']);
    expect(amps.map((a) => a.demo.deviceId())).toEqual(ids);
  });

  it('run again with an amp that forgot its registration: its old device goes, it registers anew', async () => {
    const before = amps[2]!.demo.deviceId();
    await amps[2]!.forget();
    // a fleet with another family now: only the family the library lacks is uploaded
    const { firmware, made } = demoFirmware(['ASBT', 'DLS']);
    const seed = await seedDemo({ apiUrl, amps: amps.map((a) => a.demo), firmware });
    expect(seed).toMatchObject({
      accountCreated: false,
      registered: 1,
      kept: 2,
      removed: 1,
      connected: 3,
      firmwareAdded: 1,
    });
    expect(made).toEqual([['DLS']]);
    expect(amps[2]!.demo.deviceId()).toBeDefined();
    expect(amps[2]!.demo.deviceId()).not.toBe(before);
  });

  it('run again with an amp that cannot reconnect: it registers anew in its venue after the grace time', async () => {
    const before = amps[0]!.demo.deviceId();
    await amps[0]!.rebootElsewhere();
    const seed = await seedDemo({ apiUrl, amps: amps.map((a) => a.demo), reconnectGraceMs: 1000 });
    expect(seed).toMatchObject({ registered: 1, kept: 2, removed: 1, connected: 3 });
    expect(amps[0]!.demo.deviceId()).not.toBe(before);
    expect(amps[0]!.amp.state.cloud.status).toBe('Connected');
  });
});
