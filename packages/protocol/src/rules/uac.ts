/** User access control (spec 2 §6): the access level of one named permission on one amp. */
import { CHOSEN } from '../device/chosen';
import { isAtLeastVersion } from './firmware-version';

/** spec 2 §6: access levels Locked 0, Readonly 1, Write 2. */
export const UAC_LEVELS = { Locked: 0, Readonly: 1, Write: 2 } as const;
export type UacLevel = (typeof UAC_LEVELS)[keyof typeof UAC_LEVELS];

/** spec 2 §6: the named permissions the console checks (keys spelled in CHOSEN.uacPermissions). */
export const UAC_PERMISSIONS = CHOSEN.uacPermissions;
export type UacPermission = (typeof UAC_PERMISSIONS)[keyof typeof UAC_PERMISSIONS];

/** The `/UAC` node as read from an amp, fields optional (a full DeviceState['UAC'] fits). */
export interface UacView {
  key?: string;
  roles?: Readonly<Record<string, Readonly<Record<string, number>> | undefined>>;
}

/** What the access check needs to know about the amp and the hosting mode. */
export interface UacContext {
  readonly uac: UacView | undefined;
  readonly firmwareVersion: string | undefined;
  /** spec 1 §6 / spec 2 §6: in cloud mode nothing is locked or read-only by this check. */
  readonly cloud: boolean;
}

/** spec 1 §3 / spec 2 §3: an amp is UAC-locked when its UAC key is non-empty. */
export const hasUacKey = (uac: UacView | undefined): boolean => (uac?.key ?? '') !== '';

const asLevel = (v: unknown): UacLevel => (v === UAC_LEVELS.Readonly || v === UAC_LEVELS.Write ? v : UAC_LEVELS.Locked);

/**
 * spec 2 §6: cloud → Write; firmware at or above CHOSEN.uacFirmwareThreshold: no key → Write, a key with no roles →
 * Locked, else roles[CHOSEN.uacRoleId][permission] (default Locked); older or unknown firmware: Write without a key, else Locked.
 */
export function uacAccessLevel(ctx: UacContext, permission: string): UacLevel {
  if (ctx.cloud || !hasUacKey(ctx.uac)) return UAC_LEVELS.Write;
  if (!isAtLeastVersion(ctx.firmwareVersion, CHOSEN.uacFirmwareThreshold)) return UAC_LEVELS.Locked;
  const roles = ctx.uac?.roles ?? {};
  if (Object.keys(roles).length === 0) return UAC_LEVELS.Locked;
  const role = Object.hasOwn(roles, CHOSEN.uacRoleId) ? roles[CHOSEN.uacRoleId] : undefined;
  return asLevel(role && Object.hasOwn(role, permission) ? role[permission] : undefined);
}

/**
 * spec 2 §2 "a UAC lock hides channel, settings and other pages", read with issue 18: the pages hide only when the
 * lock leaves the user nothing to see (old firmware or a key with no roles, or a role whose every entry is Locked).
 * A role that grants Readonly or Write anywhere shows the pages, each field at its own level (spec 2 §6); cloud mode
 * and an amp without a key hide nothing.
 */
export function uacHidesPages(ctx: UacContext): boolean {
  if (ctx.cloud || !hasUacKey(ctx.uac)) return false;
  if (!isAtLeastVersion(ctx.firmwareVersion, CHOSEN.uacFirmwareThreshold)) return true;
  const roles = ctx.uac?.roles ?? {};
  const role = Object.hasOwn(roles, CHOSEN.uacRoleId) ? roles[CHOSEN.uacRoleId] : undefined;
  return !Object.values(role ?? {}).some((level) => asLevel(level) !== UAC_LEVELS.Locked);
}

/** spec 2 §6: Locked hides the control (or shows a padlock). */
export const isUacHidden = (level: UacLevel): boolean => level === UAC_LEVELS.Locked;

/** spec 2 §6: Readonly shows the control disabled. */
export const isUacReadonly = (level: UacLevel): boolean => level === UAC_LEVELS.Readonly;

/** spec 2 §6: only Write lets the user change the value. */
export const canUacWrite = (level: UacLevel): boolean => level === UAC_LEVELS.Write;
