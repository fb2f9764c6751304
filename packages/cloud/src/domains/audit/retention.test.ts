/**
 * The audit log's retention (issue 21): with an injected clock, a sweep deletes exactly the events older than
 * AUDIT_RETENTION_DAYS; two nodes sweeping at once delete each row once and neither fails. And a recording that
 * fails never fails the action it records.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { TestClock, testConfig } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { AuditRecorder } from './recorder';
import { AuditRetention } from './retention';

const silent = { info: () => undefined, warn: () => undefined };

describeEachDatabase('audit retention', (db) => {
  const caller = (ownerId: string): AuthUser => ({
    id: ownerId,
    email: 'someone@example.com',
    emailVerified: true,
    sessionId: randomUUID(),
  });
  const atsOf = async (ownerId: string) =>
    (await db().select({ at: auditEvents.at }).from(auditEvents).where(eq(auditEvents.ownerUserId, ownerId)))
      .map((r) => r.at.toISOString())
      .sort();

  it('deletes only the events older than the retention, and nodes sweeping together delete each once', async () => {
    const clock = new TestClock('2024-01-01T00:00:00Z');
    const recorder = new AuditRecorder({ db: db(), clock, log: silent });
    const ownerId = randomUUID();
    const setClock = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());
    const times = [
      '2024-01-01T00:00:00.000Z',
      '2024-01-02T00:00:00.000Z',
      '2024-04-10T00:00:00.000Z',
      '2024-07-19T00:00:00.000Z',
      '2024-10-27T00:00:00.000Z',
      '2024-11-06T00:00:00.000Z',
    ];
    for (const iso of times) {
      setClock(iso);
      await recorder.byCaller(caller(ownerId), {
        kind: 'venue.created',
        venueId: randomUUID(),
        details: { name: iso },
      });
    }
    expect(await atsOf(ownerId)).toEqual([
      '2024-01-01T00:00:00.000Z',
      '2024-01-02T00:00:00.000Z',
      '2024-04-10T00:00:00.000Z',
      '2024-07-19T00:00:00.000Z',
      '2024-10-27T00:00:00.000Z',
      '2024-11-06T00:00:00.000Z',
    ]);
    // 2025-01-01T12:00 with 365 days kept: the cutoff is 2024-01-02T12:00
    setClock('2025-01-01T12:00:00Z');
    const config = testConfig({ AUDIT_RETENTION_DAYS: '365' });
    const nodes = [
      new AuditRetention({ db: db(), clock, config }, silent),
      new AuditRetention({ db: db(), clock, config }, silent),
    ];
    expect(nodes[0]?.cutoff().toISOString()).toBe('2024-01-02T12:00:00.000Z');
    const deleted = await Promise.all(nodes.map((n) => n.sweep()));
    expect(deleted.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await atsOf(ownerId)).toEqual([
      '2024-04-10T00:00:00.000Z',
      '2024-07-19T00:00:00.000Z',
      '2024-10-27T00:00:00.000Z',
      '2024-11-06T00:00:00.000Z',
    ]);
    expect(await nodes[0]?.sweep()).toBe(0);

    // a shorter retention (configurable) keeps less
    const short = new AuditRetention({ db: db(), clock, config: testConfig({ AUDIT_RETENTION_DAYS: '60' }) }, silent);
    await short.sweep();
    expect(await atsOf(ownerId)).toEqual(['2024-11-06T00:00:00.000Z']);
  });

  it('never fails the action it records: a failure is logged without the values', async () => {
    const broken = {
      insert: () => {
        throw Object.assign(
          new Error('Failed query: insert into "audit_events" values ($1) params: secret@example.com'),
          {
            code: '57P01',
          },
        );
      },
    } as unknown as Db;
    const warn = vi.fn();
    const recorder = new AuditRecorder({ db: broken, clock: new TestClock(), log: { warn } });
    await expect(
      recorder.byCaller(caller(randomUUID()), {
        kind: 'contact.created',
        details: { contactId: 'c', name: 'Secret Name' },
      }),
    ).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warn.mock.calls)).toContain('contact.created');
    expect(JSON.stringify(warn.mock.calls)).not.toMatch(/secret@example\.com|Secret Name/);
  });
});
