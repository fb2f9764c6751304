/**
 * The remote relay's rules (issue 13): who gets a relay credential (the caller's own amp, online, with a broker to
 * relay through) and whether a credential still admits its holder (its user may still reach its amp, its sign-in
 * session is live, it has not expired, the amp is online). Another user's amp answers NotFound, as everywhere.
 */
import { fillPath, REMOTE_PATHS, RELAY_CLOSE, RELAY_SUBPROTOCOL, type RelayCloseCode } from '@rackside/protocol';
import type { RemoteSessionReply } from '@rackside/protocol';
import type { DomainContext } from '../../domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { RelayScope, RelaySubject } from '../../plugins/tokens';
import { findDeviceWith } from '../orgs/orgs.repo';
import { findReachableDevice, isSessionLive } from './remote.repo';

/** Why a relay credential no longer admits its holder, as the relay closes with it. */
export interface Refusal {
  readonly code: RelayCloseCode;
  readonly reason: string;
}

/** Relay credentials and access checks; one instance per app. */
export class RemoteService {
  constructor(private readonly ctx: DomainContext) {}

  /**
   * A relay credential for the caller's amp (POST /devices/{id}/remote-session): the whole device API for a role with
   * remote.control, channels' mute only for one with remote.mute (issue 21: an operator mutes from the amp card).
   */
  async issue(caller: AuthUser, deviceId: string, scope: RelayScope): Promise<RemoteSessionReply> {
    const { db, config, tokens, broker } = this.ctx;
    const device = await findReachableDevice(db, caller.id, deviceId);
    if (device === undefined) throw new AppError('NotFound', 'No such device');
    if (broker === undefined) throw new AppError('ServiceUnavailable', 'The MQTT broker is not connected');
    if (!device.connected) throw new AppError('AMP_OFFLINE', 'The amp is not connected to the cloud');
    const { token, expiresAt } = await tokens.issueRelay(
      // the signed-in account's (its session ends the relay); the amp is the organisation owner's (issue 21)
      { userId: caller.actorId ?? caller.id, sessionId: caller.sessionId, deviceId, scope },
      config.REMOTE_SESSION_TTL_S,
    );
    const base = new URL(config.PUBLIC_URL);
    base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
    const url = `${base.origin}${base.pathname.replace(/\/$/, '')}${config.API_PREFIX}${fillPath(REMOTE_PATHS.relay, { deviceId })}`;
    return { token, expiresAt: expiresAt.toISOString(), url, protocol: RELAY_SUBPROTOCOL };
  }

  /** The credential's subject when it admits its holder to this amp's relay now; a Refusal otherwise. */
  async admit(token: string | undefined, deviceId: string): Promise<RelaySubject | Refusal> {
    if (token === undefined) return { code: RELAY_CLOSE.Unauthorized, reason: 'Missing relay token' };
    let subject: RelaySubject;
    try {
      subject = await this.ctx.tokens.verifyRelay(token);
    } catch (error) {
      return { code: RELAY_CLOSE.Unauthorized, reason: error instanceof Error ? error.message : 'Not valid' };
    }
    if (subject.deviceId !== deviceId)
      return { code: RELAY_CLOSE.Unauthorized, reason: 'The token is for another amp' };
    const refusal = await this.recheck(subject);
    return refusal ?? subject;
  }

  /** Why an admitted subject may no longer relay, or undefined while it may. */
  async recheck(subject: RelaySubject): Promise<Refusal | undefined> {
    const { db, clock } = this.ctx;
    const now = clock.now();
    if (now >= subject.expiresAt) return { code: RELAY_CLOSE.Expired, reason: 'The relay token has expired' };
    if (!(await isSessionLive(db, subject.userId, subject.sessionId, now))) {
      return { code: RELAY_CLOSE.Unauthorized, reason: 'The sign-in session has ended' };
    }
    // issue 21: the amp of an organisation the user has remote.control (or, for a mute session, remote.mute) in
    const permission = subject.scope === 'mute' ? 'remote.mute' : 'remote.control';
    const device = await findDeviceWith(db, subject.userId, subject.deviceId, permission, now);
    if (device === undefined) return { code: RELAY_CLOSE.Forbidden, reason: 'The amp is no longer yours' };
    if (!device.connected) return { code: RELAY_CLOSE.AmpOffline, reason: 'The amp is not connected' };
    return undefined;
  }
}

/** Whether admit() refused. */
export const isRefusal = <T extends object>(r: T | Refusal): r is Refusal => 'code' in r && 'reason' in r;
