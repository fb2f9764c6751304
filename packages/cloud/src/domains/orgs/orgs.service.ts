/**
 * Organisations, members and invitations (issue 21). The policy hook has checked the route's permission in the
 * request's organisation already (plugins/policy.ts); this service keeps the rules the table cannot say: the owner is
 * neither demoted nor removed and its role is never given; an invitation goes to one address, lives INVITATION_TTL_S,
 * works once, is stored as a digest and is accepted only by the account with that (verified) address.
 */
import {
  INVITATION_PAGE,
  INVITATION_TTL_S,
  ORG_ROLES,
  permissionsOf,
  type AcceptInvitationReply,
  type Invitation,
  type InvitationBody,
  type InvitationList,
  type InvitationReply,
  type Member,
  type MemberList,
  type MemberReply,
  type MemberRole,
  type MemberRoleBody,
  type Ok,
  type OrgRole,
  type Organisation,
  type OrganisationList,
} from '@rackside/protocol';
import type { DomainContext } from '../../domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { Actor } from '../../plugins/policy';
import { digestOf, newSecret } from '../../plugins/secrets';
import { lowerRole } from '../../plugins/venue-scope';
import { grantsReaching, hasTwoFactor, ownedVenueIds } from './grants.repo';
import {
  addMember,
  deleteInvitation,
  deleteMember,
  ensurePersonalOrganisation,
  findMember,
  findOrganisation,
  findPendingInvitation,
  insertInvitation,
  isMemberEmail,
  listMembers,
  memberOrganisations,
  pendingInvitations,
  setMemberRole,
  spendInvitation,
  type InvitationRow,
  type MemberRow,
} from './orgs.repo';

const memberOf = (row: MemberRow): Member => ({
  userId: row.userId,
  email: row.email,
  role: row.role,
  venueIds: row.venueIds,
  createdAt: row.createdAt.toISOString(),
});

const invitationOf = (row: InvitationRow, invitedBy: string): Invitation => ({
  invitationId: row.id,
  email: row.email,
  role: row.role as MemberRole, // never owner: the body schema allows member roles only
  invitedBy,
  venueIds: row.venueIds,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

const organisationOf = (
  row: { id: string; name: string; personal: boolean },
  ownerEmail: string,
  role: OrgRole,
): Organisation => ({
  organisationId: row.id,
  name: row.name,
  personal: row.personal,
  ownerEmail,
  role,
  permissions: permissionsOf(role),
});

const noMember = () => new AppError('NotFound', 'No such member');

/** What an organisation entry of GET /orgs adds besides the role: narrowing, the grant, two-factor wanted. */
type Standing = Pick<Organisation, 'venueIds' | 'grant' | 'twoFactorNeeded'>;

/** The members API; one instance per app. */
export class OrgsService {
  constructor(private readonly ctx: DomainContext) {}

  /** The id of the organisation the request acts in (the personal one made on first need). */
  private async organisationOf(actor: Actor): Promise<string> {
    if (actor.organisationId !== undefined) return actor.organisationId;
    return (await ensurePersonalOrganisation(this.ctx.db, actor.ownerId, this.ctx.clock.now())).id;
  }

  /**
   * What the user may reach changed: whatever holds access for it checks again now (the relay closes a session whose
   * role lost remote.control at once, not at its next periodic check; the live hub only re-checks its sessions).
   */
  private accessChanged(userId: string): void {
    this.ctx.deviceEvents.signedOut(userId);
  }

  /**
   * GET /orgs: the caller's personal organisation, then those it is a member of, then those an organisation it belongs
   * to was granted (each once: the highest role), marked with the grant and its end.
   */
  async list(caller: AuthUser): Promise<OrganisationList> {
    const { db, clock } = this.ctx;
    const now = clock.now();
    const personal = await ensurePersonalOrganisation(db, caller.id, now);
    const [others, granted, twoFactorOn] = await Promise.all([
      memberOrganisations(db, caller.id),
      grantsReaching(db, caller.id, now),
      hasTwoFactor(db, caller.id),
    ]);
    const viaGrant = new Map<string, Organisation>();
    for (const g of granted) {
      const role = lowerRole(g.grant.role, g.granteeOwnerId === caller.id ? 'owner' : (g.memberRole ?? 'viewer'));
      const seen = viaGrant.get(g.organisationId);
      if (seen !== undefined && ORG_ROLES.indexOf(seen.role) <= ORG_ROLES.indexOf(role)) continue;
      viaGrant.set(g.organisationId, {
        ...organisationOf({ id: g.organisationId, ...g }, g.ownerEmail, role),
        venueIds: g.grant.venueIds,
        grant: {
          grantId: g.grant.id,
          expiresAt: g.grant.expiresAt.toISOString(),
          integratorOrganisationId: g.grant.granteeOrganisationId,
        },
        ...(g.requireTwoFactor && !twoFactorOn ? { twoFactorNeeded: true } : {}),
      });
    }
    const standing = (o: (typeof others)[number]): Standing => ({
      venueIds: o.venueIds,
      ...(o.requireTwoFactor && !twoFactorOn ? { twoFactorNeeded: true } : {}),
    });
    return {
      organisations: [
        organisationOf(personal, caller.email, 'owner'),
        ...others.map((o) => ({
          ...organisationOf({ id: o.organisationId, ...o }, o.ownerEmail, o.role),
          ...standing(o),
        })),
        ...viaGrant.values(),
      ],
    };
  }

  /**
   * The venues a role may be narrowed to: the organisation's, and for an actor narrowed itself, within its own (it
   * gives no more than it has). Undefined (unchanged) and null (every venue) pass through.
   */
  private async venuesToGive<T extends string[] | null | undefined>(actor: Actor, venueIds: T): Promise<T> {
    if (actor.venueIds !== null && (venueIds === null || venueIds === undefined))
      throw new AppError('Forbidden', 'Your access is limited to some venues: give access to some of those only');
    if (venueIds === null || venueIds === undefined) return venueIds;
    const ids = venueIds.map((id) => id.toLowerCase());
    const owned = await ownedVenueIds(this.ctx.db, actor.ownerId, ids);
    const mine = actor.venueIds === null ? undefined : new Set(actor.venueIds);
    if (ids.some((id) => !owned.has(id) || (mine !== undefined && !mine.has(id))))
      throw new AppError('NotFound', 'No such venue');
    return ids as T;
  }

  /** GET /org/members. */
  async members(actor: Actor): Promise<MemberList> {
    const organisationId = await this.organisationOf(actor);
    const rows = await listMembers(this.ctx.db, organisationId);
    return { organisationId, members: rows.map(memberOf) };
  }

  /** PUT /org/members/{userId}: the role and, when given, the venues it is narrowed to. */
  async setRole(actor: Actor, userId: string, body: MemberRoleBody, caller?: AuthUser): Promise<MemberReply> {
    const { role } = body;
    const organisationId = await this.organisationOf(actor);
    const member = await findMember(this.ctx.db, organisationId, userId);
    if (member === undefined) throw noMember();
    if (member.role === 'owner') throw new AppError('OWNER_IS_FIXED', "The owner's role cannot be changed");
    const venueIds = await this.venuesToGive(actor, body.venueIds);
    if (!(await setMemberRole(this.ctx.db, organisationId, userId, role, venueIds))) throw noMember();
    this.accessChanged(userId);
    if (caller !== undefined && member.role !== role)
      await this.ctx.audit.byCaller(caller, {
        kind: 'member.role_changed',
        details: { userId, email: member.email, from: member.role, to: role },
      });
    return { member: memberOf({ ...member, role, venueIds: venueIds === undefined ? member.venueIds : venueIds }) };
  }

  /** DELETE /org/members/{userId}. */
  async remove(actor: Actor, userId: string, caller?: AuthUser): Promise<Ok> {
    const organisationId = await this.organisationOf(actor);
    const member = await findMember(this.ctx.db, organisationId, userId);
    if (member === undefined) throw noMember();
    if (member.role === 'owner') throw new AppError('OWNER_IS_FIXED', 'The owner cannot be removed');
    if (!(await deleteMember(this.ctx.db, organisationId, userId))) throw noMember();
    this.accessChanged(userId);
    if (caller !== undefined)
      await this.ctx.audit.byCaller(caller, {
        kind: 'member.removed',
        details: { userId, email: member.email, role: member.role },
      });
    return { ok: true };
  }

  /** GET /org/invitations. */
  async invitations(actor: Actor): Promise<InvitationList> {
    const organisationId = await this.organisationOf(actor);
    const rows = await pendingInvitations(this.ctx.db, organisationId, this.ctx.clock.now());
    return { invitations: rows.map((r) => invitationOf(r.invitation, r.invitedBy)) };
  }

  /** POST /org/invitations: stores the digest of a new token and e-mails the link (a failed mail stores nothing). */
  async invite(actor: Actor, inviter: AuthUser, body: InvitationBody): Promise<InvitationReply> {
    const { db, clock, config, mailer } = this.ctx;
    const organisationId = await this.organisationOf(actor);
    if (await isMemberEmail(db, organisationId, body.email))
      throw new AppError('ALREADY_A_MEMBER', 'This address is a member already');
    const venueIds = (await this.venuesToGive(actor, body.venueIds)) ?? null;
    const found = await findOrganisation(db, organisationId);
    if (found === undefined) throw new AppError('NotFound', 'No such organisation');
    const token = newSecret();
    const now = clock.now();
    const row = await insertInvitation(db, {
      organisationId,
      email: body.email,
      role: body.role,
      tokenHash: digestOf(token),
      invitedBy: actor.userId,
      venueIds,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_S * 1000),
    });
    const link = `${config.PUBLIC_URL}${INVITATION_PAGE}?token=${encodeURIComponent(token)}`;
    const days = Math.round(INVITATION_TTL_S / 86400);
    const text =
      `${inviter.email} invites you to the Rackside organisation "${found.organisation.name}" as ${body.role}.\n\n` +
      `To accept, open this link within ${days} days and sign in (or sign up) with this address:\n${link}\n\n` +
      'If you did not expect this, ignore this e-mail.\n';
    try {
      await mailer.send({ to: body.email, subject: 'You are invited to a Rackside organisation', text, code: token });
    } catch (error) {
      await deleteInvitation(db, organisationId, row.id);
      throw error;
    }
    await this.ctx.audit.byCaller(inviter, {
      kind: 'member.invited',
      details: { email: body.email, role: body.role },
    });
    return { invitation: invitationOf(row, inviter.email) };
  }

  /** DELETE /org/invitations/{invitationId}. */
  async withdraw(actor: Actor, invitationId: string, caller: AuthUser): Promise<Ok> {
    const organisationId = await this.organisationOf(actor);
    const row = await deleteInvitation(this.ctx.db, organisationId, invitationId);
    if (row === undefined) throw new AppError('NotFound', 'No such invitation');
    await this.ctx.audit.byCaller(caller, {
      kind: 'member.invitation_withdrawn',
      details: { email: row.email, role: row.role as MemberRole },
    });
    return { ok: true };
  }

  /**
   * POST /invitations/accept: the signed-in account with the invited address joins with the invitation's role; the
   * inviting organisation's log records it (member.joined, the person who joined as its actor).
   */
  async accept(caller: AuthUser, token: string): Promise<AcceptInvitationReply> {
    const { db, clock } = this.ctx;
    const now = clock.now();
    const invalid = () =>
      new AppError('INVITATION_INVALID', 'The invitation is not valid (used, withdrawn or expired)');
    const hash = digestOf(token);
    const pending = await findPendingInvitation(db, hash, now);
    if (pending === undefined) throw invalid();
    if (pending.email.toLowerCase() !== caller.email.toLowerCase())
      throw new AppError('INVITATION_OTHER_EMAIL', 'The invitation was sent to another e-mail address');
    const joined = await db.transaction(async (tx) => {
      const spent = await spendInvitation(tx, hash, now);
      if (spent === undefined) throw invalid();
      const found = await findOrganisation(tx, spent.organisationId);
      if (found === undefined) throw invalid();
      if (found.organisation.ownerUserId === caller.id)
        throw new AppError('ALREADY_A_MEMBER', 'You own this organisation');
      await addMember(tx, spent.organisationId, caller.id, spent.role as MemberRole, now, spent.venueIds);
      const member = await findMember(tx, spent.organisationId, caller.id);
      if (member === undefined) throw invalid();
      return { found, member };
    });
    const { found, member } = joined;
    await this.ctx.audit.byPerson(
      {
        ownerId: found.organisation.ownerUserId,
        userId: caller.id,
        email: caller.email,
        ...(caller.client === undefined ? {} : { client: caller.client }),
      },
      { kind: 'member.joined', details: { userId: caller.id, email: caller.email, role: member.role as MemberRole } },
    );
    return { organisation: organisationOf(found.organisation, found.ownerEmail, member.role) };
  }
}
