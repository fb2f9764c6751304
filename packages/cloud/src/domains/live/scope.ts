/**
 * Whose amps a live stream carries (issue 21): a stream acts in an organisation as the REST calls of the same browser
 * do — the caller's personal one (its own amps), or the one its ticket request named with X-Rackside-Org, where the
 * caller is a member or acts through an integrator grant. The amps are then the organisation owner's, in the venues
 * the caller's role is narrowed to (all of them when it is not). The scope is resolved when the stream opens and again
 * whenever the caller's access may have changed (a `s` change: a member removed or re-roled, a grant revoked or
 * expired) and at every session check; a stream whose caller lost the organisation ends with `end` revoked.
 */
import { can } from '@rackside/protocol';
import type { Executor } from '../../db/client';
import { forbidden, resolveActor, twoFactorRequired } from '../../plugins/policy';

/** The amps a stream may be told of. */
export interface StreamScope {
  /** The account owning the amps (the organisation's owner). */
  readonly ownerId: string;
  /** The venues the caller's role is narrowed to; null: every venue of the owner. */
  readonly venueIds: readonly string[] | null;
}

/**
 * The scope of the caller acting in the organisation (undefined: the personal one). Throws as the REST calls answer:
 * 404 NotFound for an organisation the caller does not belong to, 403 TWO_FACTOR_REQUIRED where two-factor sign-in is
 * required and the caller has none.
 */
export async function streamScope(
  db: Executor,
  userId: string,
  organisationId: string | undefined,
  now: Date,
): Promise<StreamScope> {
  const actor = await resolveActor(db, { id: userId }, organisationId, now);
  if (!can(actor.role, 'venue.read')) throw forbidden(actor.role, 'venue.read');
  if (actor.twoFactorMissing === true) throw twoFactorRequired();
  return { ownerId: actor.ownerId, venueIds: actor.venueIds };
}

/** Whether the scope reaches the venue. */
export const scopeReaches = (scope: StreamScope, venueId: string): boolean =>
  scope.venueIds === null || scope.venueIds.some((id) => id.toLowerCase() === venueId.toLowerCase());
