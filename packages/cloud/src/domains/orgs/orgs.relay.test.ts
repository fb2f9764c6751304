/**
 * The relay for members (issue 21): a technician of the owner's organisation controls the owner's amp through the
 * relay; an operator gets a mute-only session (it mutes channels and reads, and nothing else passes); a viewer gets no
 * credential (403); the technician demoted to operator loses its open (whole-API) relay at once.
 */
import { fillPath, ORG_PATHS, RELAY_CLOSE, REMOTE_PATHS as P, type RemoteSessionReply } from '@rackside/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClock, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue } from '../../test/factories';
import { callIn, createMember, personalOrganisation } from '../../test/members';
import { startOnlineAmp, until, type OnlineAmp } from '../../test/online-amp';
import { rawRelay } from '../../test/raw-relay';
import { relayProtocols, startRelayCloud, type RelayCloud } from '../../test/relay-cloud';

const SERVICE = { MQTT_SERVICE_USERNAME: 'rackside-cloud', MQTT_SERVICE_PASSWORD: 'orgs-relay-secret', MQTT_PORT: '0' };

describeEachDatabase('the relay follows the member’s role', (db) => {
  let cloud: RelayCloud;
  let t: TestApp;
  let online: OnlineAmp;
  let owner: string;

  beforeAll(async () => {
    cloud = await startRelayCloud(db(), { clock: new TestClock(), service: SERVICE });
    ({ t } = cloud);
    owner = (await createSignedInUser(t.app, t.mailer)).token;
    const venueId = await createVenue(t.app, owner, 'Hall');
    online = await startOnlineAmp(t.app, { token: owner, venueId, apiBase: `${cloud.base}/api` });
  }, 30_000);
  afterAll(async () => {
    await online.stop();
    await cloud.close();
  });

  it('admits a technician, lets an operator only mute, refuses a viewer, and closes the relay of a technician demoted', async () => {
    const { deviceId } = online;
    const orgId = await personalOrganisation(t.app, owner);
    const technician = await createMember(t.app, t.mailer, owner, 'technician');
    const operator = await createMember(t.app, t.mailer, owner, 'operator');
    const session = (token: string) =>
      callIn(t.app, orgId, 'POST', fillPath(P.session, { deviceId }), undefined, token);

    const viewer = await createMember(t.app, t.mailer, owner, 'viewer');
    const refused = await session(viewer.token);
    expect([refused.statusCode, refused.json<{ error: string }>().error]).toEqual([403, 'Forbidden']);

    // the operator's session mutes and reads; a fader, a mute with anything else, or another method is refused
    const muting = await session(operator.token);
    expect(muting.statusCode).toBe(200);
    const muteRelay = await rawRelay(cloud.relayUrl(deviceId), relayProtocols(muting.json<RemoteSessionReply>().token));
    const output = () => online.amp.read('/amp/channels/2/output') as { mute: boolean; fader: number } | undefined;
    const faderBefore = output()?.fader;
    const send = async (id: number, method: string, url: string, params?: unknown) => {
      muteRelay.socket.send(JSON.stringify({ leaApi: '1.0', url, method, params, id }));
      return until(`the reply to ${id}`, () => muteRelay.frames.find((f) => f.id === id));
    };
    expect(await send(1, 'set', '/amp/channels/2/output', { mute: true })).toMatchObject({ result: 'OK' });
    expect(output()?.mute).toBe(true);
    expect(await send(2, 'set', 'amp/channels/2/output/mute/', false)).toMatchObject({ result: 'OK' });
    expect(output()?.mute).toBe(false);
    expect(await send(3, 'get', '/amp/channels/2/output')).toMatchObject({ result: { mute: false } });
    for (const [id, method, url, params] of [
      [4, 'set', '/amp/channels/2/output', { fader: -20 }],
      [5, 'set', '/amp/channels/2/output', { mute: true, fader: -20 }],
      [6, 'set', '/amp/channels/2/output/fader', -20],
      [7, 'reset', '/lockedProperties', {}],
      [8, 'set', '/amp/channels/2/output', { mute: 'yes' }],
    ] as const) {
      expect(await send(id, method, url, params)).toMatchObject({ id, error: { code: -32003 } });
    }
    expect(output()).toMatchObject({ mute: false, fader: faderBefore });
    muteRelay.socket.close();

    const issued = await session(technician.token);
    expect(issued.statusCode).toBe(200);
    const { token } = issued.json<RemoteSessionReply>();
    const relay = await rawRelay(cloud.relayUrl(deviceId), relayProtocols(token));
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
