/**
 * The policy table (issue 21, docs/adr/0008-organisations-and-roles.md): every permission a cloud route, the relay
 * or an MQTT-driven action needs, and the organisation roles that hold it. The cloud checks it in one hook
 * (packages/cloud/src/plugins/policy.ts); the console reads the same table to hide or disable what a role may not do.
 */
import { z } from 'zod';

/** The roles a member of an organisation has, most powerful first; `owner` is the account whose data it is (unique). */
export const ORG_ROLES = ['owner', 'admin', 'technician', 'operator', 'viewer'] as const;
export const OrgRoleSchema = z.enum(ORG_ROLES);
/** One organisation role. */
export type OrgRole = z.infer<typeof OrgRoleSchema>;
/** The roles an invitation or a role change may give (the owner's role is never given). */
export const MEMBER_ROLES = ['admin', 'technician', 'operator', 'viewer'] as const;
export const MemberRoleSchema = z.enum(MEMBER_ROLES);
/** A role an owner or an admin may give. */
export type MemberRole = z.infer<typeof MemberRoleSchema>;

const ALL = ORG_ROLES;
const OPERATOR_UP = ['owner', 'admin', 'technician', 'operator'] as const;
const TECHNICIAN_UP = ['owner', 'admin', 'technician'] as const;
const ADMIN_UP = ['owner', 'admin'] as const;
const OWNER_ONLY = ['owner'] as const;

/**
 * Permission → the roles that hold it. Roles nest: each has everything of the roles below it (viewer ⊂ operator ⊂
 * technician ⊂ admin ⊂ owner); the table still lists every permission's roles, so a change is one line here.
 */
export const POLICY = {
  /** Venues, their amps (list, attributes, shadow), the update screen's candidates. */
  'venue.read': ALL,
  /** Add, rename, delete a venue. */
  'venue.write': ADMIN_UP,
  /** A registration token to add an amp to a venue. */
  'device.add': ADMIN_UP,
  /** Move an amp to another venue. */
  'device.move': ADMIN_UP,
  /** Remove an amp (its credentials revoked). */
  'device.remove': ADMIN_UP,
  /** The relay's whole device API (remote control): a relay credential of scope `control`. */
  'remote.control': TECHNICIAN_UP,
  /** A relay credential and the relay: remote.control's roles get the whole API, the others a mute-only scope. */
  'remote.mute': OPERATOR_UP,
  /** The firmware library, the rollouts and an amp's firmware history (read). */
  'firmware.read': ALL,
  /** Upload, mark latest, delete firmware images. */
  'firmware.manage': TECHNICIAN_UP,
  /** Send firmware jobs; start, pause, resume or cancel a rollout. */
  'firmware.update': TECHNICIAN_UP,
  /** Contacts, the contacts a venue notifies, a venue's notification settings (read). */
  'contact.read': ALL,
  /** Add, change, delete contacts; select them for venues; a venue's notification settings. */
  'contact.write': ADMIN_UP,
  /** Incidents and their timelines (read). */
  'incident.read': ALL,
  /** Acknowledge an incident. */
  'incident.ack': OPERATOR_UP,
  /** The organisation's members and their roles (read). */
  'member.read': ALL,
  /** Invite members, change their roles, remove them (never the owner). */
  'member.manage': ADMIN_UP,
  /** Integrator grants: another organisation's members act on some venues, with a role, until a date (owner only). */
  'grant.manage': OWNER_ONLY,
  /** The organisation's security settings: require two-factor sign-in of everyone acting in it (owner only). */
  'org.security': OWNER_ONLY,
  /** The audit timelines of venues, amps and the organisation, and their CSV exports (read). */
  'audit.read': ALL,
} as const satisfies Record<string, readonly OrgRole[]>;

/** A permission of the policy table. */
export type Permission = keyof typeof POLICY;
/** Every permission, in table order. */
export const PERMISSIONS = Object.keys(POLICY) as Permission[];

/**
 * What a route declares besides a permission: `self` (the caller's own account, whatever organisation: sign-in
 * sessions, profile, two-factor, my organisations) or `public` (no bearer: the amp's calls, e-mailed links).
 */
export type RouteAccess = Permission | 'self' | 'public';

/** Whether the role holds the permission. */
export const can = (role: OrgRole, permission: Permission): boolean =>
  (POLICY[permission] as readonly OrgRole[]).includes(role);

/** The permissions a role holds, in table order (what the console enables). */
export const permissionsOf = (role: OrgRole): Permission[] => PERMISSIONS.filter((p) => can(role, p));

/** The request header that names the organisation a request acts in; absent, the caller's personal organisation. */
export const ORG_HEADER = 'x-rackside-org';
