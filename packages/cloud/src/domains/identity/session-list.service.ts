/**
 * The sessions page (issue 21): the caller's signed-in sessions (browser and OS from the User-Agent, the address,
 * when it started and was last seen: its last sign-in or token refresh), ending one, or every one but this.
 * Another user's session answers NotFound, exactly like one that does not exist.
 */
import type { Ok, RevokedSessions, SessionList } from '@rackside/protocol';
import type { DomainContext } from '../../domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { liveSessions, revokeOtherSessions, revokeOwnSession } from './two-factor.repo';
import { describeUserAgent } from './user-agent';

/** Lists and ends the caller's sessions. */
export class SessionListService {
  constructor(private readonly ctx: DomainContext) {}

  async list(caller: AuthUser): Promise<SessionList> {
    const rows = await liveSessions(this.ctx.db, caller.id, this.ctx.clock.now());
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        ...describeUserAgent(row.userAgent),
        address: row.address,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.refreshedAt.toISOString(),
        current: row.id === caller.sessionId,
      })),
    };
  }

  /** Ends one of the caller's sessions: its id, access and refresh tokens stop working at once. */
  async revoke(caller: AuthUser, sessionId: string): Promise<Ok> {
    if (!(await revokeOwnSession(this.ctx.db, caller.id, sessionId, this.ctx.clock.now()))) {
      throw new AppError('NotFound', 'No such session');
    }
    this.ctx.deviceEvents.signedOut(caller.id); // its open remote relays close now
    return { ok: true };
  }

  /** Ends every session of the caller but the one of this call. */
  async revokeOthers(caller: AuthUser): Promise<RevokedSessions> {
    const revoked = await revokeOtherSessions(this.ctx.db, caller.id, caller.sessionId, this.ctx.clock.now());
    if (revoked > 0) this.ctx.deviceEvents.signedOut(caller.id);
    return { revoked };
  }
}
