/**
 * The incident deriver fed directly (issue 15): reported states and status messages of a registered amp, on a
 * clock the test moves, and what they leave in the database: incidents, their timelines, and the notification rows
 * for the venue's contacts whose severity matches (the delivery worker is not running here).
 */
import type { DeviceReported, MonitorStatus } from '@rackside/protocol';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { contacts, devices, incidentEvents, incidents, notifications, venueContacts } from '../../db/schema/index';
import { DOMAINS } from '../../app';
import { DeviceEvents } from '../../device-events';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { createSignedInUser, createVenue, registerDevice, uniqueEmail } from '../../test/factories';
import { markAllDisconnected, setConnected } from '../devices/devices.repo';
import { IncidentDeriver } from './deriver';

/** The app without the delivery worker: these tests look at the outbox rows it would send, as they were written. */
const WITHOUT_DELIVERY = DOMAINS.filter((d) => d.name !== 'notifications');

type Channel = NonNullable<NonNullable<DeviceReported['amp']>['channels']>[string];

const ok = (): Channel => ({
  output: { status: 'Ok', thermal: false },
  loadMonitor: { enable: true, testing: true, status: 'Ok' },
});
/** A reported state with four channels, `changes` on top of healthy ones, and an event log. */
function reported(changes: Record<string, Channel> = {}, events?: string[], powerSupply = { fault: false }) {
  const channels: Record<string, Channel> = { '1': ok(), '2': ok(), '3': ok(), '4': ok(), ...changes };
  return {
    ts: 0,
    amp: { powerSupply: { powerOk: true, ...powerSupply }, channels },
    ...(events === undefined ? {} : { logs: { events: events.join('\n'), faults: '' } }),
  } as DeviceReported;
}
const faulted = (): Channel => ({ ...ok(), output: { status: 'Faulted', thermal: false } });
const loadMonitor = (status: MonitorStatus): Channel => ({
  ...ok(),
  loadMonitor: { enable: true, testing: true, status },
});

const silent = { error: () => undefined };

describeEachDatabase('incident deriver', (db) => {
  let t: TestApp;
  let token = '';
  let venueId = '';
  let userId = '';
  /** Contacts: Critical by e-mail, Warning+Info by SMS, one not chosen for the venue, one with an unconfirmed e-mail. */
  const contact = { critical: '', warnInfo: '', notChosen: '', unconfirmed: '' };
  let serial = 0;

  const newDevice = async () => {
    serial += 1;
    const { deviceId } = await registerDevice(t.app, token, venueId, {
      serialNumber: `RS704D9${String(serial).padStart(4, '0')}`,
      mac: `00:1B:2C:00:10:${serial.toString(16).padStart(2, '0')}`,
      deviceName: `Amp ${serial}`,
    });
    return deviceId;
  };
  const newDeriver = () =>
    new IncidentDeriver({ db: db(), clock: t.clock, config: t.config, deviceEvents: new DeviceEvents() }, silent);
  const incidentsOf = (deviceId: string) =>
    db().select().from(incidents).where(eq(incidents.deviceId, deviceId)).orderBy(asc(incidents.openedAt));
  const messagesOf = (incidentId: string) =>
    db()
      .select()
      .from(notifications)
      .where(eq(notifications.incidentId, incidentId))
      .orderBy(asc(notifications.createdAt), asc(notifications.kind));
  const timelineOf = async (incidentId: string) =>
    (
      await db()
        .select()
        .from(incidentEvents)
        .where(eq(incidentEvents.incidentId, incidentId))
        .orderBy(asc(incidentEvents.id))
    ).map((e) => e.type);
  const addContact = async (
    d: Db,
    values: { name: string; severity: number; email?: string; emailEnabled?: boolean; phone?: string },
    chosen = true,
  ) => {
    const now = t.clock.now();
    const [row] = await d
      .insert(contacts)
      .values({ userId, ...values, emailKey: values.email?.toLowerCase() ?? null, createdAt: now, updatedAt: now })
      .returning({ id: contacts.id });
    if (!row) throw new Error('no contact');
    if (chosen) await d.insert(venueContacts).values({ venueId, contactId: row.id, createdAt: now });
    return row.id;
  };

  beforeAll(async () => {
    t = await buildTestApp(db(), { domains: WITHOUT_DELIVERY });
    ({ token } = await createSignedInUser(t.app, t.mailer));
    venueId = await createVenue(t.app, token, 'Arena');
    const deviceId = await newDevice();
    const [d] = await db().select({ userId: devices.userId }).from(devices).where(eq(devices.id, deviceId));
    userId = d?.userId ?? '';
    contact.critical = await addContact(db(), {
      name: 'FOH',
      severity: 1,
      email: uniqueEmail('foh'),
      emailEnabled: true,
    });
    contact.warnInfo = await addContact(db(), { name: 'Tech', severity: 2 | 4, phone: '+12015550100' });
    contact.notChosen = await addContact(
      db(),
      { name: 'Elsewhere', severity: 7, email: uniqueEmail('else'), emailEnabled: true, phone: '+12015550101' },
      false,
    );
    contact.unconfirmed = await addContact(db(), {
      name: 'New',
      severity: 7,
      email: uniqueEmail('new'),
      emailEnabled: false,
    });
    return () => t.app.close();
  });

  describe('faults and warnings', () => {
    it('opens an incident once per condition and tells the Critical contacts by e-mail only', async () => {
      const deviceId = await newDevice();
      const deriver = newDeriver();
      await deriver.reported(deviceId, reported());
      expect(await incidentsOf(deviceId)).toEqual([]);

      await deriver.reported(deviceId, reported({ '2': faulted() }));
      t.clock.advanceSeconds(5);
      await deriver.reported(deviceId, reported({ '2': faulted() }));
      await newDeriver().reported(deviceId, reported({ '2': faulted() })); // a new process: same state, no change
      const [incident, ...more] = await incidentsOf(deviceId);
      expect(more).toEqual([]);
      expect(incident).toMatchObject({
        userId,
        venueId,
        conditionKey: 'channelFault:2',
        conditionType: 'channelFault',
        channel: 2,
        severity: 'Critical',
        state: 'open',
        resolvedAt: null,
      });
      const messages = await messagesOf(incident!.id);
      expect(messages.map((m) => [m.contactId, m.channel, m.kind, m.state])).toEqual([
        [contact.critical, 'email', 'opened', 'pending'],
      ]);
      expect(await timelineOf(incident!.id)).toEqual(['opened']);
    });

    it('updates a changed detail without a message, and resolves a cleared condition with one', async () => {
      const deviceId = await newDevice();
      const deriver = newDeriver();
      await deriver.reported(deviceId, reported({ '3': loadMonitor('Open') }));
      t.clock.advanceSeconds(10);
      await deriver.reported(deviceId, reported({ '3': loadMonitor('Short') }));
      const [open] = await incidentsOf(deviceId);
      expect(open).toMatchObject({
        conditionKey: 'loadMonitor:3',
        severity: 'Warning',
        detail: 'Short',
        state: 'open',
      });
      expect((await messagesOf(open!.id)).map((m) => [m.contactId, m.channel, m.kind])).toEqual([
        [contact.warnInfo, 'sms', 'opened'],
      ]);

      t.clock.advanceSeconds(10);
      const clearedAt = t.clock.now();
      await deriver.reported(deviceId, reported());
      const [resolved] = await incidentsOf(deviceId);
      expect(resolved).toMatchObject({ state: 'resolved', resolvedAt: clearedAt, detail: 'Short' });
      expect(await timelineOf(open!.id)).toEqual(['opened', 'updated', 'resolved']);
      expect((await messagesOf(open!.id)).map((m) => [m.contactId, m.channel, m.kind])).toEqual([
        [contact.warnInfo, 'sms', 'opened'],
        [contact.warnInfo, 'sms', 'resolved'],
      ]);

      // raised again: a new incident (the resolved one is history)
      await deriver.reported(deviceId, reported({ '3': loadMonitor('Open') }));
      expect((await incidentsOf(deviceId)).map((i) => i.state)).toEqual(['resolved', 'open']);
    });

    it('keeps each condition apart and leaves incidents alone when a state has no amp part', async () => {
      const deviceId = await newDevice();
      const deriver = newDeriver();
      await deriver.reported(deviceId, reported({ '1': faulted(), '4': faulted() }, undefined, { fault: true }));
      expect((await incidentsOf(deviceId)).map((i) => i.conditionKey).sort()).toEqual([
        'channelFault:1',
        'channelFault:4',
        'powerSupplyFault',
      ]);
      await deriver.reported(deviceId, { ts: 1 });
      expect((await incidentsOf(deviceId)).every((i) => i.state === 'open')).toBe(true);
      await deriver.reported(deviceId, reported({ '4': faulted() }));
      const states = Object.fromEntries((await incidentsOf(deviceId)).map((i) => [i.conditionKey, i.state]));
      expect(states).toEqual({ 'channelFault:1': 'resolved', 'channelFault:4': 'open', powerSupplyFault: 'resolved' });
    });

    it('follows ingestion through DeviceEvents, one pass at a time per amp, the newest waiting state winning', async () => {
      const deviceId = await newDevice();
      const events = new DeviceEvents();
      const deriver = new IncidentDeriver({ db: db(), clock: t.clock, config: t.config, deviceEvents: events }, silent);
      deriver.start();
      for (let i = 0; i < 20; i++) events.reportedStored(deviceId, reported(i % 2 === 0 ? {} : { '1': faulted() }));
      events.statusStored(deviceId, false);
      await deriver.stop();
      const rows = await incidentsOf(deviceId);
      expect(rows.map((r) => [r.conditionKey, r.state]).sort()).toEqual([
        ['channelFault:1', 'open'],
        ['offline', 'open'],
      ]);
      events.reportedStored(deviceId, reported()); // stopped: no longer listening
      await new Promise((r) => setTimeout(r, 50));
      expect((await incidentsOf(deviceId)).map((r) => r.state)).toEqual(['open', 'open']);
    });

    it('ignores an amp it does not know (removed meanwhile)', async () => {
      await expect(newDeriver().reported('no-such-amp', reported({ '1': faulted() }))).resolves.toBeUndefined();
      await expect(newDeriver().status('no-such-amp', false)).resolves.toBeUndefined();
    });
  });

  describe('the event log', () => {
    it('takes the history of an amp first seen as seen, then makes each new line an Info incident', async () => {
      const deviceId = await newDevice();
      const deriver = newDeriver();
      await deriver.reported(deviceId, reported({}, ['2026-01-15T09:00:00.000Z Standby: on', 'old 2']));
      expect(await incidentsOf(deviceId)).toEqual([]);

      const line = '2026-01-15T10:00:00.000Z Firmware: updated from 1.5.0.0 to 1.6.0.0';
      await deriver.reported(deviceId, reported({}, ['2026-01-15T09:00:00.000Z Standby: on', 'old 2', line, 'four']));
      const rows = await incidentsOf(deviceId);
      expect(rows.map((r) => [r.conditionType, r.conditionKey, r.severity, r.state, r.detail]).sort()).toEqual([
        ['event', 'event:3', 'Info', 'resolved', line],
        ['event', 'event:4', 'Info', 'resolved', 'four'],
      ]);
      for (const r of rows) {
        expect(await timelineOf(r.id)).toEqual(['opened', 'resolved']);
        expect((await messagesOf(r.id)).map((m) => [m.contactId, m.channel, m.kind])).toEqual([
          [contact.warnInfo, 'sms', 'opened'],
        ]);
      }
    });

    it('starts counting again after the log was cleared', async () => {
      const deviceId = await newDevice();
      const deriver = newDeriver();
      await deriver.reported(deviceId, reported({}, ['a', 'b', 'c']));
      await deriver.reported(deviceId, reported({}, []));
      expect(await incidentsOf(deviceId)).toEqual([]);
      await deriver.reported(deviceId, reported({}, ['after the clear']));
      expect((await incidentsOf(deviceId)).map((r) => r.detail)).toEqual(['after the clear']);
    });

    it('does not flood an amp first met by a drop with its history', async () => {
      const deviceId = await newDevice();
      const deriver = newDeriver();
      await deriver.status(deviceId, false); // no shadow yet: nothing of its log seen
      await deriver.reported(deviceId, reported({}, ['old 1', 'old 2']));
      expect((await incidentsOf(deviceId)).map((r) => r.conditionType)).toEqual(['offline']);
    });
  });

  describe('offline', () => {
    it('opens a Critical incident on a drop and resolves it back online, the message held for the settle time', async () => {
      const deviceId = await newDevice();
      const deriver = newDeriver();
      await deriver.status(deviceId, true); // online with nothing open: nothing
      await deriver.status(deviceId, false);
      await deriver.status(deviceId, false); // the will after a goodbye: the same incident
      const [open, ...more] = await incidentsOf(deviceId);
      expect(more).toEqual([]);
      expect(open).toMatchObject({ conditionType: 'offline', conditionKey: 'offline', severity: 'Critical' });
      t.clock.advanceSeconds(30);
      const back = t.clock.now();
      await deriver.status(deviceId, true);
      const [resolved] = await incidentsOf(deviceId);
      expect(resolved).toMatchObject({ state: 'resolved', resolvedAt: back, flapCount: 0, flapping: false });
      const messages = await messagesOf(open!.id);
      expect(messages.map((m) => [m.contactId, m.kind, m.dueAt.getTime() - back.getTime()])).toEqual([
        [contact.critical, 'opened', -30_000],
        [contact.critical, 'resolved', t.config.NOTIFY_SETTLE_S * 1000],
      ]);
      expect(await timelineOf(open!.id)).toEqual(['opened', 'resolved']);
    });

    it('makes a flapping amp one incident: one opened, one resolved held for the flap window', async () => {
      const deviceId = await newDevice();
      const deriver = newDeriver();
      for (let drop = 0; drop < 5; drop++) {
        await deriver.status(deviceId, false);
        t.clock.advanceSeconds(10);
        await deriver.status(deviceId, true);
        t.clock.advanceSeconds(100); // 5 drops within 10 minutes, each inside the previous one's settle time
      }
      const [incident, ...more] = await incidentsOf(deviceId);
      expect(more).toEqual([]);
      expect(incident).toMatchObject({ state: 'resolved', flapCount: 4, flapping: true });
      const messages = await messagesOf(incident!.id);
      expect(messages.filter((m) => m.kind === 'opened')).toHaveLength(1);
      const live = messages.filter((m) => m.kind === 'resolved' && m.state !== 'cancelled');
      expect(live).toHaveLength(1);
      expect(live[0]!.dueAt.getTime() - incident!.resolvedAt!.getTime()).toBe(t.config.NOTIFY_FLAP_WINDOW_S * 1000);
      expect(messages.filter((m) => m.state === 'cancelled')).toHaveLength(4);
      expect(await timelineOf(incident!.id)).toEqual([
        'opened',
        'resolved',
        ...Array.from({ length: 4 }, () => ['reopened', 'resolved']).flat(),
      ]);

      // another drop within the flap window: the same incident again
      t.clock.advanceSeconds(300);
      await deriver.status(deviceId, false);
      expect(await incidentsOf(deviceId)).toHaveLength(1);
    });

    it('opens a new incident once the last one settled and its resolved message went', async () => {
      const deviceId = await newDevice();
      const deriver = newDeriver();
      await deriver.status(deviceId, false);
      await deriver.status(deviceId, true);
      const [first] = await incidentsOf(deviceId);
      await db()
        .update(notifications)
        .set({ state: 'sent' })
        .where(and(eq(notifications.incidentId, first!.id), eq(notifications.kind, 'resolved')));
      t.clock.advanceSeconds(t.config.NOTIFY_SETTLE_S + 1);
      await deriver.status(deviceId, false);
      expect((await incidentsOf(deviceId)).map((i) => i.state)).toEqual(['resolved', 'open']);
    });

    it('sweeps amps that vanished while the cloud was down, after the reconnect grace', async () => {
      const gone = await newDevice();
      const back = await newDevice();
      const seenBefore = await newDevice();
      for (const id of [gone, back, seenBefore]) await setConnected(db(), id, true, t.clock.now());
      // seenBefore had been offline once, and back online, before the cloud went down
      const earlier = newDeriver();
      await earlier.status(seenBefore, false);
      await earlier.status(seenBefore, true);
      t.clock.advanceSeconds(60);
      await setConnected(db(), seenBefore, true, t.clock.now());
      // the cloud restarts: nobody is connected to its new broker yet
      await markAllDisconnected(db());
      const deriver = newDeriver();
      expect(await deriver.sweep()).toEqual([]); // within the grace
      await setConnected(db(), back, true, t.clock.now());
      t.clock.advance(t.config.ROLLOUT_RECONNECT_GRACE_MS + 1);
      const opened = await deriver.sweep();
      expect(opened).toContain(gone);
      expect(opened).toContain(seenBefore);
      expect(opened).not.toContain(back);
      expect(await deriver.sweep()).toEqual([]);
      const [incident] = await incidentsOf(gone);
      expect(incident).toMatchObject({ conditionType: 'offline', state: 'open', severity: 'Critical' });
      expect((await messagesOf(incident!.id)).map((m) => m.kind)).toEqual(['opened']);
      // back online later: resolved as a live drop would be
      await deriver.status(gone, true);
      expect((await incidentsOf(gone)).map((i) => i.state)).toEqual(['resolved']);
    });
  });
});
