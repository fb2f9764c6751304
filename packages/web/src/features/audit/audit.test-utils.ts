/** Audit events for the audit tests. */
import type { AuditEvent, AuditKind, AuditDetails } from '@rackside/protocol';

let n = 0;
const ADA = { userId: '00000000-0000-4000-8000-00000000000a', email: 'ada@example.com' };

/** An event of `kind` with its details; a person's by default (Ada from 10.0.0.9 in Chrome on Linux), at `at`. */
export function auditEvent<K extends AuditKind>(
  kind: K,
  details: AuditDetails<K>,
  over: Partial<Omit<AuditEvent, 'kind' | 'details'>> = {},
): AuditEvent {
  return {
    id: `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}`,
    at: new Date().toISOString(),
    actor: ADA,
    ip: '10.0.0.9',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    venueId: 'v1',
    deviceId: 'a1',
    ...over,
    kind,
    details,
  } as AuditEvent;
}

/** The amp's own event: no actor, no address. */
export const ampEvent = <K extends AuditKind>(kind: K, details: AuditDetails<K>, over = {}) =>
  auditEvent(kind, details, { actor: null, ip: null, userAgent: null, ...over });

export const ADA_ID = ADA.userId;
