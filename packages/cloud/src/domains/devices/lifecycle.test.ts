/**
 * Device lifecycle (issue 16): one amp has one record — registering it again, into another account or the same one,
 * takes it out of where it was (jobs and incidents with it, the old session let go, both accounts' history told), and
 * removing an amp tells the amp before its connection is dropped.
 */
import { DEVICE_PATHS as P, fillPath, type DeviceJob, type VenueDevices } from '@rackside/protocol';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterEach, expect, it } from 'vitest';
import { DOMAINS } from '../../app';
import { deviceHistory, incidents } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/app';
import { FakeBroker } from '../../test/broker';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue, errorOf, registerDevice } from '../../test/factories';
import { insertJobs, listJobs } from './devices.repo';
import { storeDeviceHistory } from './device-history';
import { devicesDomainWith, type DeviceHistoryEntry, type DeviceHistorySink } from './index';
import { brokerAuthenticator } from './shadow';

describeEachDatabase('device lifecycle', (db) => {
  let t: TestApp;
  let broker: FakeBroker;
  let history: DeviceHistoryEntry[];
  afterEach(() => t.app.close());

  const start = async () => {
    broker = new FakeBroker();
    history = [];
    // the entries are watched on their way to the default sink (the device_history table)
    const sink: DeviceHistorySink = async (entries, log) => {
      history.push(...entries);
      await storeDeviceHistory(db())(entries, log);
    };
    const domains = DOMAINS.map((d) => (d.name === 'devices' ? devicesDomainWith(sink) : d));
    t = await buildTestApp(db(), { broker, disconnectDevice: broker.disconnectDevice, domains });
  };
  /** One amp's identity, unlike any other test's (the database is shared by the block). */
  const ampIdentity = (mac = '00:1B:2C:00:00:01') => ({ mac, serialNumber: `LC${randomUUID().slice(0, 8)}` });
  const user = async () => {
    const u = await createSignedInUser(t.app, t.mailer);
    return { ...u, id: String(decodeJwt(u.token).sub) };
  };
  const listed = async (token: string, venueId: string) =>
    (await call(t.app, 'GET', fillPath(P.venueDevices, { venueId }), undefined, token))
      .json<VenueDevices>()
      .devices.map((d) => d.deviceId);
  const deregistered = () =>
    broker.jobs.filter((j): j is { deviceId: string; job: DeviceJob & { type: 'deregistered' } } => {
      return j.job.type === 'deregistered';
    });

  it('registering an amp to a second account removes it from the first, with its jobs and incidents', async () => {
    await start();
    const alice = await user();
    const bob = await user();
    const [aliceHall, bobClub] = [await createVenue(t.app, alice.token), await createVenue(t.app, bob.token)];
    const amp = ampIdentity();
    const other = await registerDevice(t.app, alice.token, aliceHall, { ...amp, mac: '00:1B:2C:00:00:42' });
    const first = await registerDevice(t.app, alice.token, aliceHall, amp);
    const now = t.clock.now();
    await insertJobs(db(), [
      {
        deviceId: first.deviceId,
        userId: alice.id,
        type: 'firmware',
        payload: {},
        status: 'sent',
        createdAt: now,
        updatedAt: now,
      },
    ]);
    await db().insert(incidents).values({
      userId: alice.id,
      deviceId: first.deviceId,
      venueId: aliceHall,
      conditionKey: 'offline',
      conditionType: 'offline',
      severity: 'Critical',
      state: 'open',
      openedAt: now,
      updatedAt: now,
    });
    history = [];

    // the same amp (MAC in another case, same serial number) registers with Bob's token
    const second = await registerDevice(t.app, bob.token, bobClub, { ...amp, mac: '00:1b:2c:00:00:01' });
    expect(await listed(alice.token, aliceHall)).toEqual([other.deviceId]);
    expect(await listed(bob.token, bobClub)).toEqual([second.deviceId]);
    const auth = brokerAuthenticator(db(), { username: 'svc', password: 'svc' });
    expect(await auth(first.deviceId, first.mqtt.password)).toBeNull();
    expect(await listJobs(db(), first.deviceId)).toEqual([]);
    expect(await db().select().from(incidents).where(eq(incidents.deviceId, first.deviceId))).toEqual([]);
    // the old record's session is told, dropped and cleared; the other amp of Alice's is left alone
    expect(deregistered()).toEqual([
      {
        deviceId: first.deviceId,
        job: { jobId: expect.any(String) as string, type: 'deregistered', reason: 'registeredAgain' },
      },
    ]);
    expect([broker.disconnected, broker.cleared]).toEqual([[first.deviceId], [first.deviceId]]);
    // both accounts' history, neither naming the other account
    expect(history).toEqual([
      expect.objectContaining({ userId: bob.id, deviceId: second.deviceId, venueId: bobClub, event: 'registered' }),
      expect.objectContaining({
        userId: alice.id,
        deviceId: first.deviceId,
        venueId: aliceHall,
        event: 'registeredElsewhere',
        serialNumber: amp.serialNumber,
      }),
    ]);
    expect(history[0]).not.toHaveProperty('related');
    expect(history[1]).not.toHaveProperty('related');
    expect(JSON.stringify(history[1])).not.toContain(bob.id);
    // ... stored in each account's device history
    const stored = async (userId: string) =>
      (await db().select().from(deviceHistory).where(eq(deviceHistory.userId, userId))).map((r) => [r.deviceId, r.event]);
    expect(await stored(bob.id)).toContainEqual([second.deviceId, 'registered']);
    expect(await stored(alice.id)).toContainEqual([first.deviceId, 'registeredElsewhere']);
  });

  it('registering an amp again into the same account replaces its record instead of adding a ghost', async () => {
    await start();
    const { token, id } = await user();
    const [hall, bar] = [await createVenue(t.app, token), await createVenue(t.app, token)];
    const amp = ampIdentity();
    const first = await registerDevice(t.app, token, hall, amp);
    const second = await registerDevice(t.app, token, bar, amp);
    expect([await listed(token, hall), await listed(token, bar)]).toEqual([[], [second.deviceId]]);
    expect(history.slice(-2)).toEqual([
      expect.objectContaining({
        userId: id,
        deviceId: second.deviceId,
        event: 'registered',
        related: [first.deviceId],
      }),
      expect.objectContaining({ userId: id, deviceId: first.deviceId, event: 'replaced', related: [second.deviceId] }),
    ]);
    // another amp (another MAC, same serial number: not the same amp) is a second record
    const third = await registerDevice(t.app, token, bar, { ...amp, mac: '00:1B:2C:00:00:03' });
    expect((await listed(token, bar)).sort()).toEqual([second.deviceId, third.deviceId].sort());
  });

  it('two tokens racing for one amp leave one record of it', async () => {
    await start();
    const { token } = await user();
    const hall = await createVenue(t.app, token);
    const amp = ampIdentity();
    const results = await Promise.all([1, 2, 3].map(() => registerDevice(t.app, token, hall, amp)));
    const left = await listed(token, hall);
    expect(left).toHaveLength(1);
    expect(results.map((r) => r.deviceId)).toContain(left[0]);
  });

  it('removing an amp tells it (a deregistered job) before dropping it, and records it in the history', async () => {
    await start();
    const { token, id } = await user();
    const hall = await createVenue(t.app, token);
    const { deviceId } = await registerDevice(t.app, token, hall, ampIdentity());
    // whether the broker had dropped the amp when the job went out
    const droppedAtJob: boolean[] = [];
    const publishJob = broker.publishJob.bind(broker);
    broker.publishJob = (d, job) => (droppedAtJob.push(broker.disconnected.includes(d)), publishJob(d, job));
    history = [];

    const res = await call(t.app, 'DELETE', fillPath(P.device, { deviceId }), undefined, token);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    expect(deregistered()).toEqual([
      { deviceId, job: { jobId: expect.any(String) as string, type: 'deregistered', reason: 'removed' } },
    ]);
    expect([droppedAtJob, broker.disconnected]).toEqual([[false], [deviceId]]);
    expect(history).toEqual([expect.objectContaining({ userId: id, deviceId, venueId: hall, event: 'removed' })]);

    // a broker that cannot take the job does not stop the removal or its clean-up
    const other = await registerDevice(t.app, token, hall, ampIdentity('00:1B:2C:00:00:07'));
    broker.failWith = new Error('broker down');
    const removed = await call(t.app, 'DELETE', fillPath(P.device, { deviceId: other.deviceId }), undefined, token);
    expect(removed.statusCode).toBe(200);
    expect(broker.cleared.at(-1)).toBe(other.deviceId);
    const again = await call(t.app, 'DELETE', fillPath(P.device, { deviceId }), undefined, token);
    expect([again.statusCode, errorOf(again).error]).toEqual([404, 'NotFound']);
  });
});
