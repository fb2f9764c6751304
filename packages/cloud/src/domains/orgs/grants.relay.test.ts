/**
 * The relay follows integrator grants (issue 21): an integrator's technician controls the granting owner's amp through
 * the relay as itself; the owner revoking the grant, or the grant reaching its end, closes that relay within 1 s.
 */
import {
  fillPath,
  ORG_PATHS,
  RELAY_CLOSE,
  REMOTE_PATHS as P,
  type GrantReply,
  type RemoteSessionReply,
} from '@rackside/protocol';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, TestClock, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue } from '../../test/factories';
import { callIn, createMember, personalOrganisation } from '../../test/members';
import { startOnlineAmp, until, type OnlineAmp } from '../../test/online-amp';
import { rawRelay } from '../../test/raw-relay';
import { relayProtocols, startRelayCloud, type RelayCloud } from '../../test/relay-cloud';

const SERVICE = {
  MQTT_SERVICE_USERNAME: 'rackside-cloud',
  MQTT_SERVICE_PASSWORD: 'grants-relay-secret',
  MQTT_PORT: '0',
};

describeEachDatabase('the relay follows integrator grants', (db) => {
  let t: TestApp;
  let cloud: RelayCloud;
  let online: OnlineAmp;
  let owner: string;
  let orgId: string;
  let venueId: string;
  let integrator: Awaited<ReturnType<typeof createSignedInUser>>;
  let technician: Awaited<ReturnType<typeof createMember>>;
  // the real time, moved by hand where a grant must end
  const clock = new TestClock(new Date());

  beforeAll(async () => {
    cloud = await startRelayCloud(db(), { clock, service: SERVICE });
    ({ t } = cloud);
    const { base } = cloud;
    owner = (await createSignedInUser(t.app, t.mailer)).token;
    orgId = await personalOrganisation(t.app, owner);
    venueId = await createVenue(t.app, owner, 'Hall');
    online = await startOnlineAmp(t.app, { token: owner, venueId, apiBase: `${base}/api` });
    integrator = await createSignedInUser(t.app, t.mailer);
    technician = await createMember(t.app, t.mailer, integrator.token, 'technician');
  }, 30_000);
  afterAll(async () => {
    await online.stop();
    await cloud.close();
  });

  async function grantFor(ms: number): Promise<string> {
    const expiresAt = new Date(clock.now().getTime() + ms).toISOString();
    const res = await call(
      t.app,
      'POST',
      ORG_PATHS.grants,
      { integrator: integrator.email, role: 'admin', venueIds: [venueId], expiresAt },
      owner,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<GrantReply>().grant.grantId;
  }

  /** The technician's relay to the amp, answering once. */
  async function openRelay() {
    const { deviceId } = online;
    const issued = await callIn(t.app, orgId, 'POST', fillPath(P.session, { deviceId }), undefined, technician.token);
    expect(issued.statusCode, issued.body).toBe(200);
    const { token } = issued.json<RemoteSessionReply>();
    // attribution: the credential is the integrator's technician's, not the owner's
    expect(decodeJwt(token).sub).toBe(technician.userId);
    const relay = await rawRelay(cloud.relayUrl(deviceId), relayProtocols(token));
    relay.socket.send(JSON.stringify({ leaApi: '1.0', url: '/amp/deviceInfo', method: 'get', id: 1 }));
    await until('the reply', () => (relay.frames.length > 0 ? true : undefined));
    expect(relay.frames[0]).toMatchObject({ id: 1, result: { serialNumber: online.amp.identity.serialNumber } });
    return relay;
  }

  it('the owner revoking the grant closes the integrator’s open relay within 1 s', async () => {
    const grantId = await grantFor(3_600_000);
    const relay = await openRelay();
    const revokedAt = Date.now();
    const revoked = await call(t.app, 'DELETE', fillPath(ORG_PATHS.grant, { grantId }), undefined, owner);
    expect(revoked.statusCode).toBe(200);
    const closed = await relay.closed;
    expect(closed.code).toBe(RELAY_CLOSE.Forbidden);
    expect(Date.now() - revokedAt).toBeLessThan(1000);
  });

  it('a grant revoked on another cloud node closes the relay open on this one within 1 s', async () => {
    // node B: another app on the same database, with its own device events (what one node tells itself stays there;
    // the live stream's notifications carry it to the others)
    const nodeB = await buildTestApp(db(), { clock });
    try {
      const grantId = await grantFor(3_600_000);
      const relay = await openRelay();
      const revokedAt = Date.now();
      const revoked = await call(nodeB.app, 'DELETE', fillPath(ORG_PATHS.grant, { grantId }), undefined, owner);
      expect(revoked.statusCode).toBe(200);
      const closed = await relay.closed;
      expect(closed.code).toBe(RELAY_CLOSE.Forbidden);
      expect(Date.now() - revokedAt).toBeLessThan(1000);
    } finally {
      await nodeB.app.close();
    }
  });

  it('the grant reaching its end closes the integrator’s open relay within 1 s', async () => {
    const ends = clock.now().getTime() + 2_000;
    await grantFor(2_000);
    const relay = await openRelay();
    // the clock moves with the real time from here; note when the grant's end passes
    let endedAt: number | undefined;
    const ticking = setInterval(() => {
      clock.advance(50);
      if (endedAt === undefined && clock.now().getTime() >= ends) endedAt = Date.now();
    }, 50);
    try {
      const closed = await relay.closed;
      expect(closed.code).toBe(RELAY_CLOSE.Forbidden);
      expect(endedAt).toBeDefined();
      expect(Date.now() - (endedAt ?? 0)).toBeLessThan(1000);
    } finally {
      clearInterval(ticking);
    }
  });
});
