/**
 * The delivery worker's pipeline (issue 15): lanes take the next row as soon as one frees (a slow hand-over holds
 * only its own lane, never a batch), at most SEND_CONCURRENCY at once; a row queued past half its lease is let go,
 * not sent late; one incident's messages to one contact go in order; and a commit of the incident deriver wakes a
 * running worker at once instead of at its next tick.
 */
import type { DeviceReported } from '@rackside/protocol';
import { afterAll, expect, it } from 'vitest';
import { DeviceEvents } from '../../device-events';
import type { MailMessage, Mailer } from '../../plugins/mailer';
import { TokenService } from '../../plugins/tokens';
import { describeEachDatabase } from '../../test/db';
import { IncidentDeriver } from '../incidents/deriver';
import {
  addContact,
  makeWorld,
  openIncident,
  resolveIncident,
  rowsOf,
  workerFor,
  type World,
} from './notifications.fixtures';
import { SEND_CONCURRENCY, startNotificationWorker } from './worker';

/** A mailer that keeps what it was handed, with a hook that may hold a hand-over. */
function fakeMailer(hold: (mail: MailMessage) => Promise<void> = () => Promise.resolve()) {
  const handed: MailMessage[] = [];
  let inFlight = 0;
  let most = 0;
  const mailer: Mailer = {
    kind: 'smtp',
    send: async (mail) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        await hold(mail);
        handed.push(mail);
      } finally {
        inFlight -= 1;
      }
    },
    close: () => Promise.resolve(),
  };
  return { mailer, handed, most: () => most };
}

const until = async (done: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; !done(); await new Promise((r) => setTimeout(r, 10)))
    if (Date.now() > end) throw new Error('timed out');
};

describeEachDatabase('notification pipeline', (db) => {
  const worlds: World[] = [];
  const world = async (config: Record<string, string> = {}) => {
    const w = await makeWorld(db(), config);
    worlds.push(w);
    return w;
  };
  afterAll(async () => {
    for (const w of worlds) await w.t.app.close();
  });

  it('a slow hand-over holds only its lane: the 299 rows behind it go out meanwhile, at most SEND_CONCURRENCY at once', async () => {
    const w = await world();
    await Promise.all(Array.from({ length: 30 }, () => addContact(w)));
    for (let i = 0; i < 10; i++) await openIncident(w);
    let release = () => undefined as void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const fake = fakeMailer(() => {
      if (!first) return new Promise((r) => setTimeout(r, 2));
      first = false;
      return stuck;
    });
    const ticked = workerFor(w, fake.mailer).tick();
    // the batch-by-batch worker could not lease past its first 256 rows while one of them hung
    await until(() => fake.handed.length === 299, 20_000);
    release();
    expect((await ticked).sent).toBe(300);
    expect(fake.handed).toHaveLength(300);
    expect(new Set(fake.handed.map((m) => m.messageId)).size).toBe(300);
    expect(fake.most()).toBe(SEND_CONCURRENCY);
  }, 30_000);

  it('a row still queued at half its lease is let go, not sent late: the next round sends it, once', async () => {
    const w = await world({ NOTIFY_LEASE_MS: '30000' });
    await Promise.all(Array.from({ length: SEND_CONCURRENCY + 8 }, () => addContact(w)));
    const incidentId = await openIncident(w);
    let release = () => undefined as void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const fake = fakeMailer(() => slow);
    const worker = workerFor(w, fake.mailer);
    const ticked = worker.tick();
    await until(() => fake.most() === SEND_CONCURRENCY, 10_000);
    w.t.clock.advance(20_000); // the lanes were busy for 20 s of the 30 s lease: the 8 queued rows are let go
    release();
    expect((await ticked).sent).toBe(SEND_CONCURRENCY);
    const rows = await rowsOf(db(), incidentId);
    const waiting = rows.filter((r) => r.state === 'pending');
    expect(waiting.map((r) => [r.lockedUntil, r.attempts])).toEqual(Array.from({ length: 8 }, () => [null, 0]));
    expect((await worker.tick()).sent).toBe(8);
    expect(new Set(fake.handed.map((m) => m.to)).size).toBe(SEND_CONCURRENCY + 8);
    expect(fake.handed).toHaveLength(SEND_CONCURRENCY + 8);
  });

  it("one incident's messages to one contact go in order: its resolved waits for its opened to be handed over", async () => {
    const w = await world();
    const c = await addContact(w);
    const incidentId = await openIncident(w);
    await resolveIncident(w, incidentId);
    const fake = fakeMailer((mail) =>
      mail.subject.startsWith('[Critical]') ? new Promise((r) => setTimeout(r, 200)) : Promise.resolve(),
    );
    expect((await workerFor(w, fake.mailer).tick()).sent).toBe(2);
    expect(fake.handed.filter((m) => m.to === c.email).map((m) => m.subject.split(']')[0])).toEqual([
      '[Critical',
      '[Resolved',
    ]);
  });

  it("the incident deriver's commit wakes a running worker at once, not at its next tick (60 s here)", async () => {
    const w = await world({ NOTIFY_TICK_MS: '60000' });
    const c = await addContact(w);
    const fake = fakeMailer();
    const { config, clock } = w.t;
    const ctx = { config, db: db(), clock, mailer: fake.mailer, sms: w.t.sms, tokens: new TokenService(config, clock) };
    const worker = startNotificationWorker(ctx); // a timer of its own, like the app's
    const deriver = new IncidentDeriver(
      { db: db(), clock, config, deviceEvents: new DeviceEvents() },
      { error: () => undefined },
    );
    try {
      const ok = {
        output: { status: 'Ok', thermal: false },
        loadMonitor: { enable: true, testing: true, status: 'Ok' },
      };
      const faulted = { ...ok, output: { status: 'Faulted', thermal: false } };
      const state = (ch1: typeof ok) =>
        ({
          ts: 0,
          amp: { powerSupply: { powerOk: true, fault: false }, channels: { '1': ch1, '2': ok, '3': ok, '4': ok } },
        }) as unknown as DeviceReported;
      await deriver.reported(w.deviceId, state(ok));
      await deriver.reported(w.deviceId, state(faulted));
      await until(() => fake.handed.some((m) => m.to === c.email), 10_000);
      expect(fake.handed.filter((m) => m.to === c.email).map((m) => m.subject)).toEqual([
        expect.stringMatching(/^\[Critical\] Channel 1: output faulted/),
      ]);
    } finally {
      await deriver.stop();
      await worker.stop();
    }
  });
});
