/**
 * Device lifecycle end to end (issue 16): the cloud on a port, the embedded broker, an emulated amp whose cloud agent
 * registers and connects. The amp moves to a second account (the first one keeps no ghost), is removed while online
 * (it hears it at once and shows Unregistered) and, registered again, is removed while offline (the broker refuses
 * its credentials when it is back, and it lets them go).
 */
import { Amp, bootState, fleetIdentity, mqttConnector, startCloudAgent, type CloudAgent } from '@rackside/amp-sim';
import { DEVICE_PATHS as P, fillPath, getModel, type VenueDevices } from '@rackside/protocol';
import { afterEach, expect, it } from 'vitest';
import { silentBrokerLogger } from '../../broker/index';
import { startMqtt, type MqttLink } from '../../mqtt';
import { buildTestApp, TestClock, testConfig, type TestApp } from '../../test/app';
import { useTestDb } from '../../test/db';
import { call, createSignedInUser, createVenue, registrationToken } from '../../test/factories';
import { until } from '../../test/online-amp';

const SERVICE = {
  MQTT_SERVICE_USERNAME: 'rackside-cloud',
  MQTT_SERVICE_PASSWORD: 'e2e-service-secret',
  MQTT_PORT: '0',
};
const db = useTestDb();
let t: TestApp | undefined;
let mqtt: MqttLink | undefined;
let agent: CloudAgent | undefined;
let amp: Amp | undefined;
afterEach(async () => {
  await Promise.race([agent?.stop(), new Promise((r) => setTimeout(r, 3000).unref())]);
  amp?.dispose();
  await t?.app.close();
  await mqtt?.close();
});

it('moves an amp between accounts without a ghost, and tells it of its removal online and offline', async () => {
  const clock = new TestClock();
  mqtt = await startMqtt({ config: testConfig(SERVICE), db: db(), clock, log: silentBrokerLogger });
  t = await buildTestApp(db(), {
    config: { ...SERVICE, MQTT_PUBLIC_URL: `mqtt://127.0.0.1:${new URL(mqtt.deviceUrl).port}` },
    clock,
    broker: mqtt.service,
    ...(mqtt.disconnectDevice ? { disconnectDevice: mqtt.disconnectDevice } : {}),
  });
  const base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api`;
  const app = t.app;
  const alice = await createSignedInUser(app, t.mailer);
  const bob = await createSignedInUser(app, t.mailer);
  const [hall, club] = [await createVenue(app, alice.token), await createVenue(app, bob.token)];
  const listed = async (token: string, venueId: string) =>
    (await call(app, 'GET', fillPath(P.venueDevices, { venueId }), undefined, token))
      .json<VenueDevices>()
      .devices.map((d) => d.deviceId);

  const identity = fleetIdentity(getModel('704D'), 7, '127.0.0.1');
  const theAmp = (amp = new Amp(identity));
  theAmp.apply(bootState(identity), 'amp');
  const forgotten: string[] = [];
  agent = startCloudAgent(theAmp, {
    connector: mqttConnector({ reconnectMs: 200, connectTimeoutMs: 2000 }),
    backoff: { initialMs: 100, maxMs: 500 },
    refusalGraceMs: 0,
    onDeregistered: (reason) => forgotten.push(reason),
  });
  const cloud = () => theAmp.state.cloud;
  const give = async (token: string, venueId: string) =>
    theAmp.apply(
      { cloud: { registrationToken: await registrationToken(app, token, venueId), registrationEndpoint: base } },
      'client',
    );

  // registered to Alice, then to Bob: Alice keeps no offline ghost
  await give(alice.token, hall);
  await until('connected to Alice', () => (cloud().status === 'Connected' ? true : undefined), 10_000);
  const alices = cloud().deviceId;
  expect(await listed(alice.token, hall)).toEqual([alices]);
  await give(bob.token, club);
  await until('connected to Bob', () =>
    cloud().status === 'Connected' && cloud().deviceId !== alices ? true : undefined,
  );
  const bobs = cloud().deviceId;
  expect([await listed(alice.token, hall), await listed(bob.token, club)]).toEqual([[], [bobs]]);
  expect([cloud().lastError, forgotten]).toEqual(['None', []]); // the old record's removal was not this amp's

  // removed while online: the amp hears it at once
  const removed = await call(app, 'DELETE', fillPath(P.device, { deviceId: bobs }), undefined, bob.token);
  expect(removed.statusCode).toBe(200);
  await until('let go', () => (cloud().status === 'Unregistered' ? true : undefined), 5000);
  expect(cloud()).toMatchObject({ deviceId: '', lastError: 'DEVICE_REMOVED' });
  expect(forgotten).toEqual(['DEVICE_REMOVED']);

  // registered again, then removed while its cable is out: refused when it is back
  await give(alice.token, hall);
  await until('connected again', () => (cloud().status === 'Connected' ? true : undefined), 10_000);
  const again = cloud().deviceId;
  theAmp.unplugNetwork(600_000);
  await until('shown offline', () => (cloud().status === 'Registered' ? true : undefined), 5000);
  await call(app, 'DELETE', fillPath(P.device, { deviceId: again }), undefined, alice.token);
  expect(cloud()).toMatchObject({ status: 'Registered', deviceId: again });
  theAmp.unplugNetwork(0);
  await until('refused and let go', () => (cloud().status === 'Unregistered' ? true : undefined), 10_000);
  expect(cloud()).toMatchObject({ deviceId: '', lastError: 'CREDENTIALS_REFUSED' });
  expect(forgotten).toEqual(['DEVICE_REMOVED', 'CREDENTIALS_REFUSED']);
}, 60_000);
