/**
 * Durability (issue 16): the cloud as `npm run cloud` runs it (a child process on a real PostgreSQL) is killed with
 * SIGKILL while 1,000 concurrent writes — new venues, new contacts, amps moved between venues — are in flight. After a
 * restart on the same database, every write the cloud acknowledged with 2xx is there exactly as sent, and nothing is
 * half-written: every row is one of the writes that were sent, whole (a write whose reply was lost to the kill may be
 * there or not, but entirely). The counts are printed.
 *
 * It needs PostgreSQL (TEST_DATABASE_URL, which `.ci/run` sets and serves); PGlite is one process's embedded
 * database, killed with its process by design.
 */
import { randomUUID } from 'node:crypto';
import {
  CONTACT_PATHS,
  DEVICE_PATHS,
  IDENTITY_PATHS,
  OUTBOX_PATH,
  OutboxListSchema,
  SEVERITY,
  VENUE_PATHS,
  fillPath,
} from '@rackside/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudProcess, type CloudProcess } from '../test/cloud-process';
import { createThrowawayPostgres, type ThrowawayPostgres } from '../test/databases';
import { freePortBlock } from '../test/ports';

const adminUrl = process.env.TEST_DATABASE_URL;
const WRITES = 1000;
const DEVICES = 100;
const PASSWORD = 'Durab1e!Pass';

describe.runIf(adminUrl !== undefined && adminUrl.trim() !== '')('durability on PostgreSQL (SIGKILL mid-write)', () => {
  let database: ThrowawayPostgres;
  let cloud: CloudProcess | undefined;
  let base = '';

  const start = async (port: number): Promise<void> => {
    cloud = cloudProcess({
      port,
      env: {
        DATA_DIR: ':memory:',
        DATABASE_URL: database.url,
        MQTT_PORT: '0',
        JWT_SECRET: 'durability-secret-durability-secret-0123',
        RATE_LIMIT_PER_ADDRESS: '100000',
        RATE_LIMIT_PER_ACCOUNT: '100000',
      },
      startTimeoutMs: 60_000,
    });
    base = cloud.api;
    await cloud.start();
  };

  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    await cloud?.stop(signal);
  };

  const json = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, unknown> };
  };

  beforeAll(async () => {
    database = await createThrowawayPostgres(adminUrl ?? '', 'rackside_durability');
  });
  afterAll(async () => {
    await stop('SIGTERM');
    await database?.drop();
  });

  it('every acknowledged write survives; nothing is half-written', { timeout: 240_000 }, async () => {
    const port = await freePortBlock(1);
    await start(port);

    // an account with two venues and DEVICES amps in the first (inserted: registration is not what is tested)
    const email = `durable-${randomUUID()}@example.com`;
    expect(
      (await json('POST', IDENTITY_PATHS.signUp, { email, password: PASSWORD, passwordConfirm: PASSWORD })).status,
    ).toBeLessThan(300);
    const outbox = OutboxListSchema.parse((await json('GET', `${OUTBOX_PATH}?to=${encodeURIComponent(email)}`)).body);
    const code = outbox.mails[0]?.code ?? '';
    expect((await json('POST', IDENTITY_PATHS.confirmSignUp, { email, code })).status).toBeLessThan(300);
    const signedIn = await json('POST', IDENTITY_PATHS.signIn, { email, password: PASSWORD });
    const token = String(signedIn.body.idToken);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const venueId = async (name: string) => {
      const created = await json('POST', VENUE_PATHS.venues, { venue: { name } }, token);
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      return String((created.body.venue as { venueId?: string }).venueId);
    };
    const venueA = await venueId('Hall A');
    const venueB = await venueId('Hall B');
    expect(venueA).toMatch(/^[0-9a-f-]{36}$/);

    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    try {
      const { rows } = await sql.query<{ user_id: string }>('select user_id from venues where id = $1', [venueA]);
      const userId = rows[0]?.user_id;
      const deviceIds = Array.from({ length: DEVICES }, () => randomUUID());
      for (const id of deviceIds) {
        await sql.query(
          `insert into devices (id, user_id, venue_id, password_hash, mac, serial_number, model_id, firmware_version,
             device_name, registered_at) values ($1, $2, $3, 'x', '00:00:00:00:00:00', 'S', '704D', '1.0.0.0', $1, now())`,
          [id, userId, venueA],
        );
      }

      // 1,000 writes at once: a third venues, a third contacts, a third moves (each amp moved once, to Hall B)
      type Write =
        | { kind: 'venue'; name: string }
        | { kind: 'contact'; name: string; email: string }
        | { kind: 'move'; deviceId: string };
      const writes: Write[] = Array.from({ length: WRITES }, (_, i): Write => {
        if (i % 3 === 2 && i / 3 < DEVICES) return { kind: 'move', deviceId: deviceIds[Math.floor(i / 3)] ?? '' };
        return i % 2 === 0
          ? { kind: 'venue', name: `Venue ${i} ${randomUUID().slice(0, 8)}` }
          : { kind: 'contact', name: `Contact ${i}`, email: `c${i}-${randomUUID().slice(0, 8)}@example.com` };
      });
      const acknowledged = new Set<number>();
      const statuses = new Map<string, number>();
      let answered = 0;
      const send = (w: Write) =>
        w.kind === 'venue'
          ? json('POST', VENUE_PATHS.venues, { venue: { name: w.name } }, token)
          : w.kind === 'contact'
            ? json('POST', CONTACT_PATHS.contacts, { name: w.name, email: w.email, severityLevel: ['Critical'] }, token)
            : json(
                'PUT',
                `${fillPath(DEVICE_PATHS.relocate, { deviceId: w.deviceId })}?venueId=${venueB}`,
                undefined,
                token,
              );
      const inFlight = writes.map((w, i) =>
        send(w).then(
          (r) => {
            answered += 1;
            const key = `${w.kind} ${r.status}${r.status >= 300 ? ` ${String(r.body?.error)}` : ''}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            if (r.status >= 200 && r.status < 300) acknowledged.add(i);
          },
          () => undefined, // the connection died with the cloud
        ),
      );
      // kill it in the middle: once a quarter of the replies are in
      const t0 = Date.now();
      while (answered < WRITES / 4 && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 5));
      await stop('SIGKILL');
      await Promise.all(inFlight);
      await start(port);

      const venues = await sql.query<{ name: string }>('select name from venues where user_id = $1', [userId]);
      const contacts = await sql.query<{ name: string; email: string; severity: number }>(
        'select name, email, severity from contacts where user_id = $1',
        [userId],
      );
      const moved = await sql.query<{ id: string }>('select id from devices where venue_id = $1', [venueB]);
      const venueNames = new Set(venues.rows.map((r) => r.name));
      const contactByEmail = new Map(contacts.rows.map((r) => [r.email, r]));
      const movedIds = new Set(moved.rows.map((r) => r.id));

      let lost = 0;
      let presentUnacknowledged = 0;
      writes.forEach((w, i) => {
        const present =
          w.kind === 'venue'
            ? venueNames.has(w.name)
            : w.kind === 'contact'
              ? contactByEmail.has(w.email)
              : movedIds.has(w.deviceId);
        if (acknowledged.has(i) && !present) lost += 1;
        if (!acknowledged.has(i) && present) presentUnacknowledged += 1;
      });
      // nothing half-written: every row is one that was sent, whole
      const sentVenues = new Set(
        writes.flatMap((w) => (w.kind === 'venue' ? [w.name] : [])).concat(['Hall A', 'Hall B']),
      );
      const sentContacts = new Map(writes.flatMap((w) => (w.kind === 'contact' ? [[w.email, w.name] as const] : [])));
      const strayVenues = venues.rows.filter((r) => !sentVenues.has(r.name));
      const partialContacts = contacts.rows.filter(
        (r) => sentContacts.get(r.email) !== r.name || r.severity !== SEVERITY.Critical,
      );
      const devicesNow = await sql.query('select count(*)::int as n from devices where user_id = $1', [userId]);

      console.log(
        `durability: ${WRITES} writes sent, ${answered} answered before the kill, ${acknowledged.size} acknowledged ` +
          `(2xx), ${lost} acknowledged but lost, ${presentUnacknowledged} stored without a reply (the kill took it), ` +
          `${strayVenues.length + partialContacts.length} half-written rows; replies: ` +
          JSON.stringify(Object.fromEntries(statuses)),
      );
      // every write answered before the kill was accepted: the kinds are valid, the counts mean something
      expect([...statuses.keys()].filter((k) => !/ 20[01]$/.test(k))).toEqual([]);
      expect(acknowledged.size).toBeGreaterThan(0);
      expect(acknowledged.size).toBeLessThan(WRITES); // the kill did land mid-flight
      expect(lost).toBe(0);
      expect(strayVenues).toEqual([]);
      expect(partialContacts).toEqual([]);
      expect(devicesNow.rows[0]).toEqual({ n: DEVICES });

      // the restarted cloud serves what was stored
      const list = await json('GET', VENUE_PATHS.venues, undefined, token);
      expect(list.status).toBe(200);
    } finally {
      await sql.end();
    }
  });
});
