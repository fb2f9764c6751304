import { describe, expect, it } from 'vitest';
import {
  AUDIT_KINDS,
  AUDIT_PAGE_DEFAULT,
  AuditEventSchema,
  AuditOrgQuerySchema,
  AuditQuerySchema,
  type AuditEvent,
} from './audit';

const base = {
  id: '0b8e2c1e-3f7a-4c55-9d1e-2a4b6c8d0e1f',
  at: '2026-01-15T10:00:00.000Z',
  actor: null,
  ip: null,
  userAgent: null,
  venueId: null,
  deviceId: 'amp-1',
};

describe('the audit contract', () => {
  it('reads the filters of a timeline query', () => {
    expect(AuditQuerySchema.parse({})).toEqual({ limit: AUDIT_PAGE_DEFAULT });
    expect(
      AuditQuerySchema.parse({
        kind: 'amp.fault,venue.created,amp.fault',
        from: '2026-01-01',
        to: '2026-02-01T00:00:00+01:00',
        limit: '200',
      }),
    ).toEqual({
      kind: ['amp.fault', 'venue.created'],
      from: '2026-01-01',
      to: '2026-02-01T00:00:00+01:00',
      limit: 200,
    });
    expect(
      AuditOrgQuerySchema.parse({ venueId: '7f0c2b0e-5d4a-4c1e-9a57-2f3e1c0b9d11', deviceId: 'amp-1' }),
    ).toMatchObject({
      deviceId: 'amp-1',
    });
  });

  it('refuses unknown kinds, impossible dates, a window that ends before it starts and pages above 200', () => {
    for (const query of [
      { kind: 'venue.exploded' },
      { kind: 'venue.created,' },
      { from: '2026-02-30' },
      { to: '15/01/2026' },
      { from: '2026-03-01', to: '2026-02-01' },
      { limit: '201' },
      { limit: '0' },
      { actorId: 'someone' },
      { cursor: '' },
    ])
      expect(AuditQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
  });

  it('gives every kind its details, and the amp its own events without a person', () => {
    const samples: Partial<Record<(typeof AUDIT_KINDS)[number], unknown>> = {
      'device.setting': { path: '/amp/channels/1/output', from: null, to: { mute: true } },
      'amp.offline': {},
      'firmware.status': { jobId: 'j', status: 'failed', version: '1.6.0.0', detail: 'DownloadFail' },
    };
    for (const [kind, details] of Object.entries(samples)) {
      const event = { ...base, kind, details } as AuditEvent;
      expect(AuditEventSchema.parse(event)).toEqual(event);
    }
    expect(AuditEventSchema.safeParse({ ...base, kind: 'device.setting', details: { path: '/x' } }).success).toBe(
      false,
    );
    expect(AuditEventSchema.safeParse({ ...base, kind: 'venue.teleported', details: {} }).success).toBe(false);
  });
});
