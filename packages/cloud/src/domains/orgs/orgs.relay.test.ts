/**
 * The relay for members (issue 21): a technician of the owner's organisation controls the owner's amp through the
 * relay; an operator gets no credential (403); the technician demoted to operator loses its open relay at once.
 */
import {
  fillPath,
  ORG_PATHS,
  RELAY_CLOSE,
  RELAY_SUBPROTOCOL,
  RELAY_TOKEN_PROTOCOL_PREFIX,
  REMOTE_PATHS as P,
  type RemoteSessionReply,
} from '@rackside/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentBrokerLogger } from '../../broker/index';
import { DeviceEvents } from '../../device-events';
import { startMqtt, type MqttLink } from '../../mqtt';
import { buildTestApp, TestClock, testConfig, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue } from '../../test/factories';
import { callIn, createMember, personalOrganisation } from '../../test/members';
import { startOnlineAmp, until, type OnlineAmp } from '../../test/online-amp';
import { rawRelay } from '../../test/raw-relay';

const SERVICE = { MQTT_SERVICE_USERNAME: 'rackside-cloud', MQTT_SERVICE_PASSWORD: 'orgs-relay-secret', MQTT_PORT: '0' };

describeEachDatabase('the relay follows the member’s role', (db) => {
  let t: TestApp;
  let mqtt: MqttLink;
  let online: OnlineAmp;
  let wsBase: string;
  let owner: string;
  const events = new DeviceEvents();
  const clock = new TestClock();

  beforeAll(async () => {
    mqtt = await startMqtt({
      config: testConfig(SERVICE),
      db: db(),
      clock,
      log: silentBrokerLogger,
      deviceEvents: events,
    });
    t = await buildTestApp(db(), {
      config: { ...SERVICE, MQTT_PUBLIC_URL: `mqtt://127.0.0.1:${new URL(mqtt.deviceUrl).port}` },
      clock,
      broker: mqtt.service,
      disconnectDevice: mqtt.disconnectDevice,
      deviceEvents: events,
    });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsBase = base.replace(/^http/, 'ws');
    owner = (await createSignedInUser(t.app, t.mailer)).token;
    const venueId = await createVenue(t.app, owner, 'Hall');
    online = await startOnlineAmp(t.app, { token: owner, venueId, apiBase: `${base}/api` });
  }, 30_000);
  afterAll(async () => {
    await online.stop();
    await t.app.close();
    await mqtt.close();
  });

  it('admits a technician, refuses an operator, and closes the relay of a technician demoted', async () => {
    const { deviceId } = online;
    const orgId = await personalOrganisation(t.app, owner);
    const technician = await createMember(t.app, t.mailer, owner, 'technician');
    const operator = await createMember(t.app, t.mailer, owner, 'operator');
    const session = (token: string) =>
      callIn(t.app, orgId, 'POST', fillPath(P.session, { deviceId }), undefined, token);

    const refused = await session(operator.token);
    expect([refused.statusCode, refused.json<{ error: string }>().error]).toEqual([403, 'Forbidden']);

    const issued = await session(technician.token);
    expect(issued.statusCode).toBe(200);
    const { token } = issued.json<RemoteSessionReply>();
    const relay = await rawRelay(`${wsBase}/api${fillPath(P.relay, { deviceId })}`, [
      RELAY_SUBPROTOCOL,
      `${RELAY_TOKEN_PROTOCOL_PREFIX}${token}`,
    ]);
    relay.socket.send(JSON.stringify({ leaApi: '1.0', url: '/amp/deviceInfo', method: 'get', id: 1 }));
    await until('the reply', () => (relay.frames.length > 0 ? true : undefined));
    expect(relay.frames[0]).toMatchObject({ id: 1, result: { serialNumber: online.amp.identity.serialNumber } });

    const demoted = await call(
      t.app,
      'PUT',
      fillPath(ORG_PATHS.member, { userId: technician.userId }),
      { role: 'operator' },
      owner,
    );
    expect(demoted.statusCode).toBe(200);
    const closed = await relay.closed;
    expect(closed.code).toBe(RELAY_CLOSE.Forbidden);
  });
});
