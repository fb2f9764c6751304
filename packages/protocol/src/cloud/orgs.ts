/**
 * Organisations, members and invitations (issue 21, docs/adr/0008-organisations-and-roles.md): paths under the API
 * base, bodies and replies. An organisation is the data of one owner account; every account has a personal one.
 * A request acts in the organisation its `X-Rackside-Org` header names (policy.ts ORG_HEADER), else in the caller's
 * personal organisation. The /org/... routes act on the organisation of the request.
 */
import { z } from 'zod';
import { MemberRoleSchema, OrgRoleSchema, PERMISSIONS, type Permission } from './policy';

/** Organisation endpoints, relative to the API base. */
export const ORG_PATHS = {
  /** GET: the organisations the caller belongs to, with the caller's role in each. */
  orgs: '/orgs',
  /** GET: the members of the request's organisation. */
  members: '/org/members',
  /** PUT {role}: change a member's role; DELETE: remove the member (never the owner). */
  member: '/org/members/:userId',
  /** GET: the pending invitations; POST {email, role}: invite (an e-mailed link, valid INVITATION_TTL_S). */
  invitations: '/org/invitations',
  /** DELETE: withdraw a pending invitation. */
  invitation: '/org/invitations/:invitationId',
  /** POST {token}: the signed-in caller accepts an invitation sent to its e-mail address. */
  accept: '/invitations/accept',
  /** GET: the organisation's live integrator grants; POST {integrator, role, venueIds, expiresAt}: grant (owner). */
  grants: '/org/grants',
  /** DELETE: revoke a grant at once (owner). */
  grant: '/org/grants/:grantId',
  /** GET: the organisation's security settings; PUT {requireTwoFactor}: change them (owner). */
  settings: '/org/settings',
} as const;

/** The console page an invitation e-mail links to, with `?token=` (the page signs in or up, then accepts). */
export const INVITATION_PAGE = '/invitation';
/** Seconds an invitation link lives (issue 21: 7 days). */
export const INVITATION_TTL_S = 7 * 24 * 3600;
/** The longest an integrator grant may run, in days from its creation (issue 21). */
export const GRANT_MAX_DAYS = 90;

/** The venues a role is narrowed to: at least one, each once. */
export const VenueIdsSchema = z
  .array(z.uuid())
  .min(1)
  .max(500)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'each venue once');

/** The caller's standing in one organisation. */
export const OrganisationSchema = z.object({
  organisationId: z.string(),
  name: z.string(),
  /** The caller's own organisation (its data is the caller's account's). */
  personal: z.boolean(),
  /** The owner's e-mail address. */
  ownerEmail: z.string(),
  role: OrgRoleSchema,
  /** What the role may do (policy.ts), so that a client need not ship the table to grey buttons out. */
  permissions: z.array(z.enum(PERMISSIONS as [Permission, ...Permission[]])),
  /** The venues the caller's role is narrowed to; null or absent: every venue. */
  venueIds: z.array(z.string()).nullable().optional(),
  /**
   * Present when the caller acts here through an integrator grant (not a membership): the grant, its end, and the
   * caller's organisation it was given to. The role is the lower of the granted one and the caller's there.
   */
  grant: z.object({ grantId: z.string(), expiresAt: z.string(), integratorOrganisationId: z.string() }).optional(),
  /**
   * The organisation requires two-factor sign-in and the caller has not turned it on: every action here answers 403
   * TWO_FACTOR_REQUIRED until the caller enrols (the console links to the two-factor page).
   */
  twoFactorNeeded: z.boolean().optional(),
});
export type Organisation = z.infer<typeof OrganisationSchema>;

/** GET /orgs: the caller's personal organisation first, then the others by name. */
export const OrganisationListSchema = z.object({ organisations: z.array(OrganisationSchema) });
export type OrganisationList = z.infer<typeof OrganisationListSchema>;

/** One member of an organisation. */
export const MemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: OrgRoleSchema,
  /** The venues the role is narrowed to; null: every venue. */
  venueIds: z.array(z.string()).nullable(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

/** GET /org/members: the owner first, then by e-mail. */
export const MemberListSchema = z.object({ organisationId: z.string(), members: z.array(MemberSchema) });
export type MemberList = z.infer<typeof MemberListSchema>;

/** `{userId}` path parameters of /org/members/{userId}. */
export const MemberParamsSchema = z.object({ userId: z.uuid() });
export type MemberParams = z.infer<typeof MemberParamsSchema>;

/**
 * PUT /org/members/{userId}: the new role (never owner) and, optionally, the venues it is narrowed to (null: every
 * venue; absent: unchanged).
 */
export const MemberRoleBodySchema = z.object({
  role: MemberRoleSchema,
  venueIds: VenueIdsSchema.nullable().optional(),
});
export type MemberRoleBody = z.infer<typeof MemberRoleBodySchema>;

/** PUT /org/members/{userId} reply. */
export const MemberReplySchema = z.object({ member: MemberSchema });
export type MemberReply = z.infer<typeof MemberReplySchema>;

/** POST /org/invitations: who, and with which role. */
export const InvitationBodySchema = z.object({
  email: z.string().trim().min(1).max(254).pipe(z.email()),
  role: MemberRoleSchema,
  /** The venues the role will be narrowed to; null or absent: every venue. */
  venueIds: VenueIdsSchema.nullable().optional(),
});
export type InvitationBody = z.infer<typeof InvitationBodySchema>;

/** A pending invitation (its token is only in the e-mail). */
export const InvitationSchema = z.object({
  invitationId: z.string(),
  email: z.string(),
  role: MemberRoleSchema,
  /** Who invited (e-mail address). */
  invitedBy: z.string(),
  /** The venues the role will be narrowed to; null or absent: every venue. */
  venueIds: z.array(z.string()).nullable().optional(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** POST /org/invitations reply. */
export const InvitationReplySchema = z.object({ invitation: InvitationSchema });
export type InvitationReply = z.infer<typeof InvitationReplySchema>;

/** GET /org/invitations: pending (not accepted, not expired), newest first. */
export const InvitationListSchema = z.object({ invitations: z.array(InvitationSchema) });
export type InvitationList = z.infer<typeof InvitationListSchema>;

/** `{invitationId}` path parameters. */
export const InvitationParamsSchema = z.object({ invitationId: z.uuid() });
export type InvitationParams = z.infer<typeof InvitationParamsSchema>;

/** POST /invitations/accept: the token of the e-mailed link. */
export const AcceptInvitationBodySchema = z.object({ token: z.string().trim().min(1).max(128) });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBodySchema>;

/** POST /invitations/accept reply: the organisation joined. */
export const AcceptInvitationReplySchema = z.object({ organisation: OrganisationSchema });
export type AcceptInvitationReply = z.infer<typeof AcceptInvitationReplySchema>;

/**
 * POST /org/grants: give another organisation (the integrator) a role on some venues until `expiresAt` (at most
 * GRANT_MAX_DAYS ahead). Its members act here with the lower of that role and their role in their own organisation.
 */
export const GrantBodySchema = z.object({
  /** The integrator: its owner's e-mail address, or the organisation id its members see in their console. */
  integrator: z.string().trim().min(1).max(254),
  role: MemberRoleSchema,
  venueIds: VenueIdsSchema,
  expiresAt: z.iso.datetime({ offset: true }),
});
export type GrantBody = z.infer<typeof GrantBodySchema>;

/** A live integrator grant (neither revoked nor expired). */
export const GrantSchema = z.object({
  grantId: z.string(),
  /** The integrator organisation, its name and its owner's e-mail address. */
  integratorOrganisationId: z.string(),
  integratorName: z.string(),
  integratorEmail: z.string(),
  role: MemberRoleSchema,
  venueIds: z.array(z.string()),
  /** Who granted (e-mail address). */
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Grant = z.infer<typeof GrantSchema>;

/** GET /org/grants: the live grants, the soonest to end first. */
export const GrantListSchema = z.object({ grants: z.array(GrantSchema) });
export type GrantList = z.infer<typeof GrantListSchema>;

/** POST /org/grants reply. */
export const GrantReplySchema = z.object({ grant: GrantSchema });
export type GrantReply = z.infer<typeof GrantReplySchema>;

/** `{grantId}` path parameters. */
export const GrantParamsSchema = z.object({ grantId: z.uuid() });
export type GrantParams = z.infer<typeof GrantParamsSchema>;

/** GET and PUT /org/settings: the organisation's security settings. */
export const OrgSettingsSchema = z.object({
  /** Everyone acting in the organisation but its owner must have two-factor sign-in on (else 403 TWO_FACTOR_REQUIRED). */
  requireTwoFactor: z.boolean(),
});
export type OrgSettings = z.infer<typeof OrgSettingsSchema>;
