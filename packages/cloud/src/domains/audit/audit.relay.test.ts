/**
 * A setting written through the real relay (embedded broker, emulated amp) by a technician of the owner's
 * organisation: the amp's timeline records the path, the value before → after and the technician as the actor.
 */
import {
  AUDIT_PATHS as A,
  fillPath,
  REMOTE_PATHS as P,
  type AuditPage,
  type RemoteSessionReply,
} from '@rackside/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClock, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue } from '../../test/factories';
import { callIn, createMember, personalOrganisation } from '../../test/members';
import { startOnlineAmp, until, type OnlineAmp } from '../../test/online-amp';
import { rawRelay } from '../../test/raw-relay';
import { relayProtocols, startRelayCloud, type RelayCloud } from '../../test/relay-cloud';

const SERVICE = {
  MQTT_SERVICE_USERNAME: 'rackside-cloud',
  MQTT_SERVICE_PASSWORD: 'audit-relay-secret',
  MQTT_PORT: '0',
};

describeEachDatabase('settings written through the relay', (db) => {
  let t: TestApp;
  let cloud: RelayCloud;
  let online: OnlineAmp;
  let owner = '';

  beforeAll(async () => {
    cloud = await startRelayCloud(db(), { clock: new TestClock(), service: SERVICE });
    ({ t } = cloud);
    const { base } = cloud;
    owner = (await createSignedInUser(t.app, t.mailer)).token;
    const venueId = await createVenue(t.app, owner, 'Hall');
    online = await startOnlineAmp(t.app, { token: owner, venueId, apiBase: `${base}/api` });
  }, 30_000);
  afterAll(async () => {
    await online.stop();
    await cloud.close();
  });

  it("records the path, the value before → after and the member who set it; the amp's own traffic is not a setting", async () => {
    const { deviceId } = online;
    const orgId = await personalOrganisation(t.app, owner);
    const technician = await createMember(t.app, t.mailer, owner, 'technician');
    const issued = await callIn(t.app, orgId, 'POST', fillPath(P.session, { deviceId }), undefined, technician.token);
    expect(issued.statusCode).toBe(200);
    const relay = await rawRelay(cloud.relayUrl(deviceId), relayProtocols(issued.json<RemoteSessionReply>().token));
    const replyTo = (id: number) => until(`reply ${id}`, () => relay.frames.find((f) => f.id === id));
    const output = '/amp/channels/1/output';
    relay.socket.send(JSON.stringify({ leaApi: '1.0', url: output, method: 'get', id: 1 }));
    expect(await replyTo(1)).toMatchObject({ result: { mute: false, fader: 0 } });
    relay.socket.send(
      JSON.stringify({ leaApi: '1.0', url: output, method: 'set', params: { mute: true, fader: -12.5 }, id: 2 }),
    );
    expect(await replyTo(2)).toMatchObject({ result: 'OK' });
    // a refused set (out of the tree) is no change
    relay.socket.send(JSON.stringify({ leaApi: '1.0', url: '/amp/nowhere', method: 'set', params: 1, id: 3 }));
    expect(await replyTo(3)).toHaveProperty('error');

    const timeline = async () =>
      (
        await call(t.app, 'GET', `${fillPath(A.deviceAudit, { deviceId })}?kind=device.setting`, undefined, owner)
      ).json<AuditPage>().events;
    const [setting, ...others] = await until('the setting recorded', async () => {
      const list = await timeline();
      return list.length > 0 ? list : undefined;
    });
    expect(others).toEqual([]);
    expect(setting).toMatchObject({
      kind: 'device.setting',
      deviceId,
      actor: { userId: technician.userId },
      ip: '127.0.0.1',
      details: { path: output, from: { mute: false, fader: 0 }, to: { mute: true, fader: -12.5 } },
    });
    expect(setting?.actor?.email.toLowerCase()).toBe(technician.email.toLowerCase());
    relay.socket.close();
  });
});
