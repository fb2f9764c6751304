/**
 * Integrator grants and the organisation's security settings (issue 21, docs/adr/0008). The owner (grant.manage,
 * org.security) gives another organisation — named by its owner's e-mail address, which the owner knows, or by the
 * organisation id its members see in their console — a member role on some of its venues until a date at most
 * GRANT_MAX_DAYS ahead; revokes it at once; and may require two-factor sign-in of everyone acting in the organisation
 * once it has two-factor itself. Whatever ends or narrows someone's access tells the relay (deviceEvents.signedOut),
 * which checks their open sessions again at once.
 */
import {
  GRANT_MAX_DAYS,
  type Grant,
  type GrantBody,
  type GrantList,
  type GrantReply,
  type Ok,
  type OrgSettings,
} from '@rackside/protocol';
import { z } from 'zod';
import type { DomainContext } from '../../domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { Actor } from '../../plugins/policy';
import {
  granteesOf,
  hasTwoFactor,
  insertGrant,
  liveGrants,
  organisationExists,
  ownedVenueIds,
  ownerIdByEmail,
  peopleOf,
  requiresTwoFactor,
  revokeGrant,
  setRequireTwoFactor,
  type GrantView,
} from './grants.repo';
import { ensurePersonalOrganisation, listMembers } from './orgs.repo';

const DAY_MS = 86_400_000;
const OrganisationIdSchema = z.uuid();

const grantOf = (view: GrantView): Grant => ({
  grantId: view.grant.id,
  integratorOrganisationId: view.grant.granteeOrganisationId,
  integratorName: view.integratorName,
  integratorEmail: view.integratorEmail,
  role: view.grant.role,
  venueIds: view.grant.venueIds,
  createdBy: view.createdBy,
  createdAt: view.grant.createdAt.toISOString(),
  expiresAt: view.grant.expiresAt.toISOString(),
});

/** How a grant's audit events name it and its integrator organisation. */
const grantNamed = (view: GrantView) => ({
  grantId: view.grant.id,
  integratorOrganisationId: view.grant.granteeOrganisationId,
  integratorName: view.integratorName,
  integratorEmail: view.integratorEmail,
});

/** Grants and settings; one instance per app. `onGranted` is told of every new grant (the expiry watch re-arms). */
export class GrantsService {
  constructor(
    private readonly ctx: DomainContext,
    private readonly onGranted: () => void = () => undefined,
  ) {}

  private async organisationOf(actor: Actor): Promise<string> {
    if (actor.organisationId !== undefined) return actor.organisationId;
    return (await ensurePersonalOrganisation(this.ctx.db, actor.ownerId, this.ctx.clock.now())).id;
  }

  /** Everyone of these organisations checks its access again now (the relay closes what it no longer allows). */
  private async accessChanged(organisationIds: readonly string[]): Promise<void> {
    for (const userId of await peopleOf(this.ctx.db, organisationIds)) this.ctx.deviceEvents.signedOut(userId);
  }

  /** The integrator organisation a grant names: its owner's e-mail address, or its id. */
  private async integratorOf(integrator: string): Promise<string> {
    const { db, clock } = this.ctx;
    const unknown = () =>
      new AppError('INTEGRATOR_UNKNOWN', 'No Rackside account or organisation has this address or id');
    if (integrator.includes('@')) {
      const ownerId = await ownerIdByEmail(db, integrator);
      if (ownerId === undefined) throw unknown();
      return (await ensurePersonalOrganisation(db, ownerId, clock.now())).id;
    }
    const id = OrganisationIdSchema.safeParse(integrator);
    if (!id.success)
      throw new AppError(
        'ValidationError',
        "integrator: the e-mail address of the integrator organisation's owner, or its organisation id",
      );
    if (!(await organisationExists(db, id.data.toLowerCase()))) throw unknown();
    return id.data.toLowerCase();
  }

  /** GET /org/grants. */
  async list(actor: Actor): Promise<GrantList> {
    const organisationId = await this.organisationOf(actor);
    return { grants: (await liveGrants(this.ctx.db, organisationId, this.ctx.clock.now())).map(grantOf) };
  }

  /** POST /org/grants: a new grant (replacing a live one to the same integrator). */
  async create(actor: Actor, body: GrantBody, caller: AuthUser): Promise<GrantReply> {
    const { db, clock } = this.ctx;
    const organisationId = await this.organisationOf(actor);
    const now = clock.now();
    const expiresAt = new Date(body.expiresAt);
    if (expiresAt.getTime() <= now.getTime())
      throw new AppError('ValidationError', 'expiresAt: the grant must end in the future');
    if (expiresAt.getTime() > now.getTime() + GRANT_MAX_DAYS * DAY_MS)
      throw new AppError('ValidationError', `expiresAt: a grant lasts at most ${GRANT_MAX_DAYS} days`);
    const venueIds = body.venueIds.map((id) => id.toLowerCase());
    const owned = await ownedVenueIds(db, actor.ownerId, venueIds);
    if (venueIds.some((id) => !owned.has(id))) throw new AppError('NotFound', 'No such venue');
    const granteeId = await this.integratorOf(body.integrator);
    if (granteeId === organisationId)
      throw new AppError('ValidationError', 'integrator: this is your own organisation');
    const before = await granteesOf(db, organisationId, now);
    const row = await insertGrant(db, {
      organisationId,
      granteeOrganisationId: granteeId,
      role: body.role,
      venueIds,
      expiresAt,
      createdBy: actor.userId,
      createdAt: now,
    });
    // a grant to the same integrator was replaced: what it allowed may be more than the new one
    if (before.includes(granteeId)) await this.accessChanged([granteeId]);
    this.onGranted();
    const view = (await liveGrants(db, organisationId, now)).find((g) => g.grant.id === row.id);
    if (view === undefined) throw new Error('the new grant is not live');
    const grant = grantOf(view);
    await this.ctx.audit.byCaller(caller, {
      kind: 'grant.created',
      details: { ...grantNamed(view), role: grant.role, venueIds: grant.venueIds, expiresAt: grant.expiresAt },
    });
    return { grant };
  }

  /** DELETE /org/grants/{grantId}: ends the grant now; its integrator's open relay sessions here close. */
  async revoke(actor: Actor, grantId: string, caller: AuthUser): Promise<Ok> {
    const { db, clock } = this.ctx;
    const organisationId = await this.organisationOf(actor);
    const now = clock.now();
    // how the audit event names it: the grant as the list shows it, before it ends
    const view = (await liveGrants(db, organisationId, now)).find((g) => g.grant.id === grantId.toLowerCase());
    const granteeId = await revokeGrant(db, organisationId, grantId, now);
    if (granteeId === undefined) throw new AppError('NotFound', 'No such grant');
    await this.accessChanged([granteeId]);
    if (view !== undefined) await this.ctx.audit.byCaller(caller, { kind: 'grant.revoked', details: grantNamed(view) });
    return { ok: true };
  }

  /** GET /org/settings. */
  async settings(actor: Actor): Promise<OrgSettings> {
    const organisationId = await this.organisationOf(actor);
    return { requireTwoFactor: await requiresTwoFactor(this.ctx.db, organisationId) };
  }

  /** PUT /org/settings: requiring two-factor needs the owner's own first; everyone's access is checked again. */
  async setSettings(actor: Actor, body: OrgSettings, caller: AuthUser): Promise<OrgSettings> {
    const { db, clock } = this.ctx;
    const organisationId = await this.organisationOf(actor);
    if (body.requireTwoFactor && !(await hasTwoFactor(db, actor.userId)))
      throw new AppError(
        'TwoFactorNotEnabled',
        'Turn on two-factor sign-in for your own account first (profile, two-factor sign-in)',
      );
    const before = await requiresTwoFactor(db, organisationId);
    await setRequireTwoFactor(db, organisationId, body.requireTwoFactor);
    if (before !== body.requireTwoFactor)
      await this.ctx.audit.byCaller(caller, {
        kind: 'org.security_changed',
        details: { requireTwoFactor: { from: before, to: body.requireTwoFactor } },
      });
    if (body.requireTwoFactor) {
      const members = await listMembers(db, organisationId);
      for (const m of members) this.ctx.deviceEvents.signedOut(m.userId);
      await this.accessChanged(await granteesOf(db, organisationId, clock.now()));
    }
    return { requireTwoFactor: body.requireTwoFactor };
  }
}
