/**
 * Recording audit events (issue 21): the other domains call these after a change succeeded. A recording that fails is
 * logged (the kind and the database error's name, never a value or a query) and swallowed: the audit log never fails
 * the action it records. The row belongs to the organisation whose data changed (`caller.id`, the owner) and names the
 * signed-in person (`caller.actorId ?? caller.id`): a member or an integrator acting in an owner's organisation is
 * recorded as itself.
 */
import type { AuditDetails, AuditKind } from '@rackside/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, Executor } from '../../db/client';
import type { AuthUser, RequestClient } from '../../plugins/auth';
import { safeError } from '../../plugins/errors';
import { describeUserAgent } from '../identity/user-agent';
import { insertAudit, insertDeviceAudit, otherSessions } from './audit.repo';

/** One event to record: its kind with that kind's details, and what it is about. */
export type AuditEntry = {
  [K in AuditKind]: {
    readonly kind: K;
    readonly details: AuditDetails<K>;
    readonly venueId?: string | null;
    /** A move: the venue the amp left. */
    readonly fromVenueId?: string | null;
    readonly deviceId?: string | null;
  };
}[AuditKind];

/** A person acting outside a bearer route (a sign-in): whose organisation, who, from where. */
export interface AuditPerson {
  readonly ownerId: string;
  readonly userId: string;
  readonly email: string;
  readonly client?: RequestClient;
}

/** What the recorder needs; one per app (DomainContext.audit). */
export interface AuditRecorderDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: Pick<FastifyBaseLogger, 'warn'>;
}

/** The signed-in person of a request (a member acting elsewhere as itself), recorded in `ownerId`'s log. */
const personOf = (caller: AuthUser, ownerId: string): AuditPerson => {
  const person = { ownerId, userId: caller.actorId ?? caller.id, email: caller.email };
  return caller.client === undefined ? person : { ...person, client: caller.client };
};

/** Records audit events; never throws. */
export class AuditRecorder {
  constructor(private readonly deps: AuditRecorderDeps) {}

  /** Changes a signed-in person made through a route, in the organisation the request acts in (one insert). */
  byCaller(caller: AuthUser, ...entries: readonly AuditEntry[]): Promise<void> {
    return this.byPerson(personOf(caller, caller.id), ...entries);
  }

  /**
   * A change to the signed-in account itself (its two-factor, passkeys, password): in its own personal organisation's
   * log, whatever organisation the request acts in.
   */
  ofAccount(caller: AuthUser, ...entries: readonly AuditEntry[]): Promise<void> {
    return this.byPerson(personOf(caller, caller.actorId ?? caller.id), ...entries);
  }

  /** Changes a person made, named explicitly (one insert). */
  async byPerson(person: AuditPerson, ...entries: readonly AuditEntry[]): Promise<void> {
    const [first] = entries;
    if (first === undefined) return;
    const at = this.deps.clock.now();
    await this.#safely(first.kind, () =>
      insertAudit(
        this.deps.db,
        entries.map((entry) => ({
          ownerUserId: person.ownerId,
          at,
          kind: entry.kind,
          actorUserId: person.userId,
          actorEmail: person.email,
          ip: person.client?.ip ?? null,
          userAgent: person.client?.userAgent ?? null,
          venueId: entry.venueId ?? null,
          fromVenueId: entry.fromVenueId ?? null,
          deviceId: entry.deviceId ?? null,
          details: entry.details,
        })),
      ),
    );
  }

  /**
   * An event about an amp, in its owner's organisation and its venue now: the amp's own (no person), or a person's
   * through the relay (`person`: the signed-in account and where its relay came from). Nothing when the amp is gone.
   */
  async aboutDevice(
    deviceId: string,
    entry: AuditEntry,
    person?: { readonly userId: string; readonly client?: RequestClient },
    at: Date = this.deps.clock.now(),
  ): Promise<void> {
    await this.#safely(entry.kind, () => recordDeviceEvent(this.deps.db, deviceId, entry, at, person));
  }

  /**
   * A sign-in (its session just started): `session.new_device` in the account's own organisation when the account
   * has signed in before, but never from this User-Agent and address.
   */
  async signIn(
    user: { readonly id: string; readonly email: string },
    sessionId: string,
    client: { readonly userAgent: string; readonly address: string },
  ): Promise<void> {
    await this.#safely('session.new_device', async () => {
      const seen = await otherSessions(this.deps.db, { userId: user.id, sessionId, ...client });
      if (!seen.any || seen.sameDevice) return;
      const { browser, os } = describeUserAgent(client.userAgent);
      await this.byPerson(
        {
          ownerId: user.id,
          userId: user.id,
          email: user.email,
          client: { ip: client.address, userAgent: client.userAgent === '' ? null : client.userAgent },
        },
        { kind: 'session.new_device', details: { browser, os } },
      );
    });
  }

  async #safely(kind: AuditKind, write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.deps.log.warn({ kind, error: safeError(error) }, 'audit: an event was not recorded');
    }
  }
}

/**
 * An event about an amp on the caller's executor (a transaction: the incident deriver records faults with the
 * incident they open or resolve). Throws on failure, unlike the recorder.
 */
export function recordDeviceEvent(
  db: Executor,
  deviceId: string,
  entry: AuditEntry,
  at: Date,
  person?: { readonly userId: string; readonly client?: RequestClient },
): Promise<boolean> {
  return insertDeviceAudit(db, {
    deviceId,
    at,
    kind: entry.kind,
    details: entry.details,
    actorUserId: person?.userId ?? null,
    ip: person?.client?.ip ?? null,
    userAgent: person?.client?.userAgent ?? null,
  });
}
