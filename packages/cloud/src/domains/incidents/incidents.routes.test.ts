/**
 * The incident routes through the app (issue 15): the caller's incidents with their amp and venue names, filters,
 * one incident's timeline, acknowledgement kept once, and another user's incidents answering NotFound.
 */
import {
  INCIDENT_PATHS as P,
  fillPath,
  type DeviceReported,
  type IncidentDetail,
  type IncidentList,
} from '@rackside/protocol';
import { beforeAll, expect, it } from 'vitest';
import { DOMAINS } from '../../app';
import { DeviceEvents } from '../../device-events';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue, errorOf, registerDevice } from '../../test/factories';
import { IncidentDeriver } from './deriver';

/** The app without the delivery worker: these tests look at the outbox rows it would send, as they were written. */
const WITHOUT_DELIVERY = DOMAINS.filter((d) => d.name !== 'notifications');

const withFault = (channel: string) =>
  ({ ts: 0, amp: { channels: { [channel]: { output: { status: 'Faulted' } } } } }) as DeviceReported;

describeEachDatabase('incident routes', (db) => {
  let t: TestApp;
  const owner = { token: '', email: '', venueId: '', deviceId: '' };
  let other = '';
  let openId = '';
  let resolvedId = '';

  const list = async (query = '', token = owner.token) => {
    const res = await call(t.app, 'GET', `${P.incidents}${query}`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<IncidentList>().incidents;
  };
  const path = (p: string, incidentId: string) => fillPath(p, { incidentId });

  beforeAll(async () => {
    t = await buildTestApp(db(), { domains: WITHOUT_DELIVERY });
    const user = await createSignedInUser(t.app, t.mailer);
    owner.token = user.token;
    owner.email = user.email;
    owner.venueId = await createVenue(t.app, user.token, 'Arena');
    ({ deviceId: owner.deviceId } = await registerDevice(t.app, user.token, owner.venueId, {
      deviceName: 'Main Left',
    }));
    ({ token: other } = await createSignedInUser(t.app, t.mailer));

    const deriver = new IncidentDeriver(
      { db: db(), clock: t.clock, config: t.config, deviceEvents: new DeviceEvents() },
      { error: () => undefined },
    );
    await deriver.reported(owner.deviceId, withFault('1'));
    t.clock.advanceSeconds(60);
    await deriver.reported(owner.deviceId, withFault('2')); // channel 1 resolves, channel 2 opens
    return () => t.app.close();
  });

  it("lists the caller's incidents newest first, with the amp's and the venue's names", async () => {
    const incidents = await list();
    expect(incidents.map((i) => [i.condition, i.state])).toEqual([
      [{ type: 'channelFault', channel: 2 }, 'open'],
      [{ type: 'channelFault', channel: 1 }, 'resolved'],
    ]);
    const [open, resolved] = incidents;
    openId = open!.incidentId;
    resolvedId = resolved!.incidentId;
    expect(open).toMatchObject({
      deviceId: owner.deviceId,
      deviceName: 'Main Left',
      venueId: owner.venueId,
      venueName: 'Arena',
      severity: 'Critical',
      resolvedAt: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
      flapCount: 0,
      flapping: false,
    });
    expect(resolved!.resolvedAt).toBe(t.clock.now().toISOString());
  });

  it('filters by state, venue and amp, and limits', async () => {
    expect((await list('?state=open')).map((i) => i.incidentId)).toEqual([openId]);
    expect((await list('?state=resolved')).map((i) => i.incidentId)).toEqual([resolvedId]);
    expect(await list(`?venueId=${owner.venueId}&limit=1`)).toHaveLength(1);
    expect(await list(`?deviceId=${owner.deviceId}`)).toHaveLength(2);
    expect(await list('?deviceId=another-amp')).toEqual([]);
    const bad = await call(t.app, 'GET', `${P.incidents}?state=gone`, undefined, owner.token);
    expect(bad.statusCode).toBe(400);
  });

  it('gives one incident with its timeline, oldest first', async () => {
    const res = await call(t.app, 'GET', path(P.incident, resolvedId), undefined, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<IncidentDetail>();
    expect(detail.incident.incidentId).toBe(resolvedId);
    expect(detail.timeline.map((e) => e.type)).toEqual(['opened', 'resolved']);
    expect(Date.parse(detail.timeline[0]!.at)).toBeLessThan(Date.parse(detail.timeline[1]!.at));
  });

  it('acknowledges once: the first acknowledgement is kept and on the timeline once', async () => {
    const first = await call(t.app, 'POST', path(P.acknowledge, openId), undefined, owner.token);
    expect(first.statusCode, first.body).toBe(200);
    const acked = first.json<IncidentDetail>();
    expect(acked.incident).toMatchObject({ acknowledgedBy: owner.email, acknowledgedAt: t.clock.now().toISOString() });
    expect(acked.timeline.at(-1)).toMatchObject({ type: 'acknowledged', actor: owner.email });

    t.clock.advanceSeconds(30);
    const again = await call(t.app, 'POST', path(P.acknowledge, openId), undefined, owner.token);
    expect(again.statusCode).toBe(200);
    expect(again.json<IncidentDetail>()).toEqual(acked);
  });

  it("answers NotFound for another user's incident, and lists none of them", async () => {
    expect(await list('', other)).toEqual([]);
    for (const res of [
      await call(t.app, 'GET', path(P.incident, resolvedId), undefined, other),
      await call(t.app, 'POST', path(P.acknowledge, resolvedId), undefined, other),
      await call(t.app, 'GET', path(P.incident, '00000000-0000-4000-8000-000000000000'), undefined, owner.token),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).error).toBe('NotFound');
    }
    const detail = await call(t.app, 'GET', path(P.incident, resolvedId), undefined, owner.token);
    expect(detail.json<IncidentDetail>().incident.acknowledgedAt).toBeNull();
  });

  it('wants a signed-in caller', async () => {
    expect((await call(t.app, 'GET', P.incidents)).statusCode).toBe(401);
  });
});
