/**
 * End to end with real parts (issue 6): the cloud listening on a port, the broker (the embedded Aedes, and once the
 * machine's Mosquitto), the real database (every driver under test) and an emulated amp from @rackside/amp-sim whose
 * cloud agent registers over HTTP and keeps its shadow over MQTT, reached through a TCP proxy that can fall silent.
 */
import { createConnection } from 'node:net';
import { Amp, bootState, fleetIdentity, mqttConnector, startCloudAgent, type CloudAgent } from '@rackside/amp-sim';
import {
  DEVICE_PATHS as P,
  deviceTopic,
  fillPath,
  getModel,
  type DeviceAttributes,
  type DeviceAttributesReply,
  type DeviceCredentials,
  type VenueDevices,
} from '@rackside/protocol';
import { connect, connectAsync } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { silentBrokerLogger } from '../../broker/index';
import type { Db } from '../../db/client';
import { startMqtt, type MqttLink } from '../../mqtt';
import { buildTestApp, TestClock, testConfig, type TestApp } from '../../test/app';
import { describeEachDatabase, type TestDriver } from '../../test/db';
import { call, createSignedInUser, createVenue, registrationToken } from '../../test/factories';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';

const MOSQUITTO_URL = 'mqtt://127.0.0.1:1883';
const SERVICE = { MQTT_SERVICE_USERNAME: 'rackside-cloud', MQTT_SERVICE_PASSWORD: 'e2e-service-secret' };

const mosquittoUp = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: '127.0.0.1', port: 1883, timeout: 1000 });
  const done = (up: boolean) => (socket.destroy(), resolve(up));
  socket
    .once('connect', () => done(true))
    .once('error', () => done(false))
    .once('timeout', () => done(false));
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What a fresh subscriber gets retained under a device's topics within a short wait. */
async function retainedOf(url: string, deviceId: string, credentials: object): Promise<string[]> {
  const client = await connectAsync(url, { reconnectPeriod: 0, ...credentials });
  const got: string[] = [];
  client.on('message', (topic, payload) => {
    if (payload.length > 0) got.push(topic);
  });
  await client.subscribeAsync(`rackside/devices/${deviceId}/#`, { qos: 1 });
  await new Promise((r) => setTimeout(r, 300));
  await client.endAsync();
  return got;
}

interface Broker {
  readonly name: 'embedded' | 'mosquitto';
  /** The address the proxy forwards to. */
  readonly target: (mqtt: MqttLink) => { host: string; port: number };
}

function endToEnd(db: () => Db, driver: TestDriver, broker: Broker) {
  let t: TestApp | undefined;
  let mqtt: MqttLink | undefined;
  let proxy: TcpProxy | undefined;
  let agent: CloudAgent | undefined;
  let amp: Amp | undefined;
  afterEach(async () => {
    // Bounded: the amp's MQTT session may never close after a keepalive-timeout reconnection (an mqtt.js quirk).
    await Promise.race([agent?.stop(), new Promise((r) => setTimeout(r, 3000).unref())]);
    amp?.dispose();
    await t?.app.close();
    await mqtt?.close();
    await proxy?.close();
  });

  it(`registers an emulated amp, keeps its shadow, sees it vanish, relocates and removes it (${broker.name})`, async () => {
    const config = {
      ...SERVICE,
      MQTT_PORT: '0',
      ...(broker.name === 'mosquitto' ? { MQTT_URL: MOSQUITTO_URL, MQTT_SERVICE_PASSWORD: '' } : {}),
    };
    const clock = new TestClock();
    mqtt = await startMqtt({ config: testConfig(config), db: db(), clock, log: silentBrokerLogger });
    const link = mqtt;
    const { host, port } = broker.target(link);
    proxy = await startTcpProxy(host, port);
    const disconnected: boolean[] = [];
    const disconnectDevice = link.disconnectDevice;
    t = await buildTestApp(db(), {
      config: { ...config, MQTT_PUBLIC_URL: proxy.url },
      clock,
      broker: link.service,
      disconnectDevice:
        disconnectDevice &&
        (async (id) => {
          const was = await disconnectDevice(id);
          disconnected.push(was);
          return was;
        }),
    });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const app = t.app;

    const { token } = await createSignedInUser(app, t.mailer);
    const [hall, bar] = [await createVenue(app, token, 'Hall'), await createVenue(app, token, 'Bar')];
    const regToken = await registrationToken(app, token, hall);
    const devicesOf = async (venueId: string) =>
      (await call(app, 'GET', fillPath(P.venueDevices, { venueId }), undefined, token)).json<VenueDevices>().devices;
    const attributesOf = async (venueId: string): Promise<DeviceAttributes | undefined> =>
      (await call(app, 'POST', fillPath(P.attributes, { venueId }), {}, token)).json<DeviceAttributesReply>()
        .devices[0];
    const connectedIs = (venueId: string, want: boolean) => async () => {
      const a = await attributesOf(venueId);
      return a?.deviceAttributes.connected === want ? a : undefined;
    };

    const identity = fleetIdentity(getModel('704D'), 0, '127.0.0.1');
    amp = new Amp(identity);
    amp.apply(bootState(identity), 'amp');
    let credentials: DeviceCredentials | undefined;
    agent = startCloudAgent(amp, {
      connector: mqttConnector({ reconnectMs: 300, connectTimeoutMs: 2000 }),
      backoff: { initialMs: 100, maxMs: 1000 },
      onRegistered: (c) => (credentials = c),
    });

    // The user gives the amp the token and the endpoint (spec 1 §2 Add Amp; the amp's connect page).
    const t0 = Date.now();
    amp.apply({ cloud: { registrationToken: regToken, registrationEndpoint: `${base}/api` } }, 'client');
    const listed = await until('the device in the venue', async () => (await devicesOf(hall))[0], 10_000);
    const online = await until('connected', connectedIs(hall, true), 10_000);
    const timeToOnline = Date.now() - t0;
    const deviceId = listed.deviceId;
    expect(credentials?.deviceId).toBe(deviceId);
    expect(credentials?.mqtt.url).toBe(proxy.url);
    expect(amp.state.cloud).toMatchObject({ status: 'Connected', deviceId, registrationToken: '' });
    expect(online.deviceAttributes.numberOfChannels).toBe(4);
    const shadow = await until(
      'the reported shadow',
      async () => {
        const a = await attributesOf(hall);
        return a?.shadowAttributes.reported.amp === undefined ? undefined : a.shadowAttributes.reported;
      },
      5000,
    );
    expect(shadow.amp).toMatchObject({ deviceInfo: { deviceName: identity.deviceName, firmwareVersion: '1.5.2.0' } });
    expect(listed.deviceSummary).toEqual({
      hasAvailableFirmwareUpdate: false, // an empty firmware library offers nothing
      currentFirmwareVersion: '1.5.2.0',
      latestFirmwareVersion: '',
    });

    // A change on the amp reaches the shadow.
    const t1 = Date.now();
    amp.apply({ amp: { deviceInfo: { deviceName: 'Renamed in the rack' } } }, 'client');
    await until(
      'the renamed shadow',
      async () => {
        const info = (await attributesOf(hall))?.shadowAttributes.reported.amp?.deviceInfo as
          { deviceName?: string } | undefined;
        return info?.deviceName === 'Renamed in the rack' ? true : undefined;
      },
      5000,
    );
    const timeToShadow = Date.now() - t1;

    // The amp vanishes without a goodbye: its socket stays open but silent. Offline within 15 s (spec; keepalive 5 s).
    const t2 = Date.now();
    proxy.blackhole();
    await until('offline after going silent', connectedIs(hall, false), 15_000);
    const timeToOfflineSilent = Date.now() - t2;
    proxy.heal();
    await until('back online', connectedIs(hall, true), 15_000);

    // The amp's cable is pulled (its socket is destroyed, no DISCONNECT): the will marks it offline at once.
    const t3 = Date.now();
    amp.unplugNetwork(60_000);
    await until('offline after unplugging', connectedIs(hall, false), 15_000);
    const timeToOfflineUnplugged = Date.now() - t3;
    amp.unplugNetwork(0);
    await until('back online', connectedIs(hall, true), 15_000);

    // Relocate to the other venue.
    const moved = await call(app, 'PUT', `${fillPath(P.relocate, { deviceId })}?venueId=${bar}`, undefined, token);
    expect(moved.json()).toEqual({ deviceId, venueId: bar });
    expect([(await devicesOf(hall)).length, (await devicesOf(bar)).map((d) => d.deviceId)]).toEqual([0, [deviceId]]);
    expect((await attributesOf(bar))?.deviceAttributes.connected).toBe(true);

    const retainedCreds =
      broker.name === 'embedded'
        ? { username: SERVICE.MQTT_SERVICE_USERNAME, password: SERVICE.MQTT_SERVICE_PASSWORD }
        : {};
    const brokerUrl = `mqtt://${host}:${port}`;
    expect((await retainedOf(brokerUrl, deviceId, retainedCreds)).sort()).toEqual([
      deviceTopic(deviceId, 'reported'),
      deviceTopic(deviceId, 'status'),
    ]);
    if (broker.name === 'mosquitto') {
      // An open Mosquitto cannot drop or refuse the amp (its own configuration would): the amp goes away first.
      amp.unplugNetwork(600_000);
      await until('offline before removal', connectedIs(bar, false), 15_000);
    }
    const removed = await call(app, 'DELETE', fillPath(P.device, { deviceId }), undefined, token);
    expect(removed.json()).toEqual({ ok: true });
    expect(await devicesOf(bar)).toEqual([]);
    expect(await retainedOf(brokerUrl, deviceId, retainedCreds)).toEqual([]);
    if (broker.name === 'embedded') {
      expect(disconnected).toEqual([true]); // it was connected, and the broker dropped it
      const again = connect(brokerUrl, {
        clientId: deviceId,
        username: deviceId,
        password: credentials?.mqtt.password,
        reconnectPeriod: 0,
      });
      await expect(
        new Promise((resolve, reject) => again.once('connect', resolve).once('error', reject)),
      ).rejects.toMatchObject({ code: 4 });
      again.end(true);
    }
    console.info(
      `[e2e ${broker.name}/${driver}] online ${timeToOnline} ms after the token; shadow change ${timeToShadow} ms; ` +
        `offline ${timeToOfflineSilent} ms after going silent, ${timeToOfflineUnplugged} ms after unplugging`,
    );
    expect(timeToOfflineSilent).toBeLessThan(15_000);
  }, 90_000);
}

const embedded: Broker = {
  name: 'embedded',
  target: (mqtt) => ({ host: '127.0.0.1', port: Number(new URL(mqtt.deviceUrl).port) }),
};
const mosquitto: Broker = { name: 'mosquitto', target: () => ({ host: '127.0.0.1', port: 1883 }) };

let once = true;
describeEachDatabase('end to end: amp ⇄ broker ⇄ cloud', (db, driver) => {
  endToEnd(db, driver, embedded);
  if (mosquittoUp && once) endToEnd(db, driver, mosquitto);
  once = false;
});
if (!mosquittoUp) {
  describe.skip(`end to end on Mosquitto: NOT REACHABLE at ${MOSQUITTO_URL} (start it; .ci/run does)`, () => {
    it('needs Mosquitto', () => undefined);
  });
}
