/**
 * Incidents end to end (issue 15): the cloud with the embedded broker and the real database, an emulated amp
 * registered through its cloud agent with its physics running, faults injected into it: a short on a channel opens
 * one channelFault incident (its `opened` message queued once for the venue's Critical contact) within seconds, and
 * clearing it resolves it; the network unplugged makes the broker publish the amp's last will: an offline incident,
 * resolved when the amp is back.
 */
import { startPhysics, type Physics } from '@rackside/amp-sim';
import { INCIDENT_PATHS, type IncidentList } from '@rackside/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentBrokerLogger } from '../../broker/index';
import { contacts, devices, notifications, venueContacts } from '../../db/schema/index';
import { DOMAINS } from '../../app';
import { DeviceEvents } from '../../device-events';
import { startMqtt, type MqttLink } from '../../mqtt';
import { buildTestApp, testConfig, type TestApp, type TestClock } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue, uniqueEmail } from '../../test/factories';
import { startOnlineAmp, until, type OnlineAmp } from '../../test/online-amp';

/** The app without the delivery worker: these tests look at the outbox rows it would send, as they were written. */
const WITHOUT_DELIVERY = DOMAINS.filter((d) => d.name !== 'notifications');

const SERVICE = {
  MQTT_SERVICE_USERNAME: 'rackside-cloud',
  MQTT_SERVICE_PASSWORD: 'inc-service-secret',
  MQTT_PORT: '0',
};

describeEachDatabase('incidents, end to end', (db) => {
  let mqtt: MqttLink;
  let t: TestApp;
  let token = '';
  let online: OnlineAmp;
  let physics: Physics;
  let contactId = '';
  const events = new DeviceEvents();
  const realClock = { now: () => new Date() } as TestClock;

  const incidents = async (query = '') =>
    (await call(t.app, 'GET', `${INCIDENT_PATHS.incidents}${query}`, undefined, token)).json<IncidentList>().incidents;

  beforeAll(async () => {
    mqtt = await startMqtt({
      config: testConfig(SERVICE),
      db: db(),
      clock: realClock,
      log: silentBrokerLogger,
      deviceEvents: events,
    });
    t = await buildTestApp(db(), {
      domains: WITHOUT_DELIVERY,
      config: {
        ...SERVICE,
        MQTT_PUBLIC_URL: `mqtt://127.0.0.1:${new URL(mqtt.deviceUrl).port}`,
        ROLLOUT_RECONNECT_GRACE_MS: '500',
      },
      broker: mqtt.service,
      disconnectDevice: mqtt.disconnectDevice,
      deviceEvents: events,
      clock: realClock,
    });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    ({ token } = await createSignedInUser(t.app, t.mailer));
    const venueId = await createVenue(t.app, token, 'Arena');
    online = await startOnlineAmp(t.app, { token, venueId, apiBase: `${base}/api` });
    physics = startPhysics(online.amp);
    const [device] = await db().select().from(devices).where(eq(devices.id, online.deviceId));
    const now = new Date();
    const [row] = await db()
      .insert(contacts)
      .values({
        userId: device!.userId,
        name: 'FOH',
        email: uniqueEmail('foh'),
        emailEnabled: true,
        severity: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: contacts.id });
    contactId = row!.id;
    await db().insert(venueContacts).values({ venueId, contactId, createdAt: now });
  }, 40_000);

  afterAll(async () => {
    physics?.stop();
    await online?.stop();
    await t?.app.close();
    await mqtt?.close();
  });

  it('opens a channelFault incident for a short within seconds, and resolves it when cleared', async () => {
    expect(await incidents('?state=open')).toEqual([]);
    const injectedAt = Date.now();
    physics.inject({ type: 'short', channel: 1 });
    const incident = await until('an open channelFault incident', async () =>
      (await incidents('?state=open')).find((i) => i.condition.type === 'channelFault' && i.condition.channel === 1),
    );
    expect(Date.now() - injectedAt).toBeLessThan(5000);
    expect(incident).toMatchObject({ deviceId: online.deviceId, venueName: 'Arena', severity: 'Critical' });
    const messages = await db().select().from(notifications).where(eq(notifications.incidentId, incident.incidentId));
    expect(messages.map((m) => [m.contactId, m.channel, m.kind])).toEqual([[contactId, 'email', 'opened']]);

    physics.clear();
    const resolved = await until('the incident resolved', async () =>
      (await incidents()).find((i) => i.incidentId === incident.incidentId && i.state === 'resolved'),
    );
    expect(resolved.resolvedAt).not.toBeNull();
    const after = await db().select().from(notifications).where(eq(notifications.incidentId, incident.incidentId));
    expect(after.map((m) => m.kind).sort()).toEqual(['opened', 'resolved']);
    // one incident for the short, whatever else the amp reported meanwhile
    expect((await incidents()).filter((i) => i.condition.type === 'channelFault')).toHaveLength(1);
  }, 20_000);

  it('opens an offline incident when the amp drops off the network (its last will), resolved when it is back', async () => {
    physics.inject({ type: 'unplugNetwork', seconds: 2 });
    const offline = await until('an open offline incident', async () =>
      (await incidents('?state=open')).find((i) => i.condition.type === 'offline'),
    );
    expect(offline.severity).toBe('Critical');
    const back = await until(
      'the offline incident resolved',
      async () => (await incidents()).find((i) => i.incidentId === offline.incidentId && i.state === 'resolved'),
      10_000,
    );
    expect(back.flapCount).toBe(0);
  }, 20_000);
});
