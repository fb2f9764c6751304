import { describe, expect, it } from 'vitest';
import {
  LIVE_EVENTS,
  LIVE_PATHS,
  LIVE_TICKET_PATTERN,
  LIVE_TOKEN_MAX_CHARS,
  LiveQuerySchema,
  LiveTicketReplySchema,
  parseLiveEvent,
} from './live';

const DEVICE = 'f3b1c2d4-0000-4000-8000-000000000001';
const VENUE = '6f1c1f64-1b7e-4c1a-9d39-3f9f0b0f7a10';
const ROLLOUT = '0d5c6f0e-7a43-4a59-8a34-2c6b1f7e9a21';

describe('live stream contracts', () => {
  it('parse each event by its name, and only by its own schema', () => {
    expect(parseLiveEvent('device', JSON.stringify({ deviceId: DEVICE, venueId: VENUE, online: false }))).toEqual({
      event: 'device',
      data: { deviceId: DEVICE, venueId: VENUE, online: false },
    });
    const incident = {
      deviceId: DEVICE,
      venueId: VENUE,
      incidentId: ROLLOUT,
      kind: 'offline',
      state: 'open',
      severity: 'Critical',
    };
    expect(parseLiveEvent('incident', JSON.stringify(incident))?.event).toBe('incident');
    const wave = { rolloutId: ROLLOUT, state: 'running', currentWave: 1, waveCount: 3 };
    expect(parseLiveEvent('rollout', JSON.stringify(wave))?.data).toEqual(wave);
    const amp = { ...wave, deviceId: DEVICE, venueId: VENUE, targetState: 'inProgress', firmwareStatus: 'Flashing' };
    expect(parseLiveEvent('rollout', JSON.stringify(amp))?.data).toEqual(amp);
    expect(parseLiveEvent('end', '{"reason":"signedOut"}')).toEqual({ event: 'end', data: { reason: 'signedOut' } });
    expect(parseLiveEvent('resync', '{"reason":"reconnected"}')?.event).toBe('resync');
    expect(LIVE_EVENTS).toEqual(['device', 'incident', 'rollout', 'resync', 'end']);
  });

  it('answer undefined for unknown names, bad JSON and data of another shape', () => {
    expect(parseLiveEvent('message', '{}')).toBeUndefined();
    expect(parseLiveEvent('__proto__', '{}')).toBeUndefined();
    expect(parseLiveEvent('toString', '{}')).toBeUndefined();
    expect(parseLiveEvent('device', '{not json')).toBeUndefined();
    expect(parseLiveEvent('device', JSON.stringify({ deviceId: 'a/b', venueId: VENUE, online: true }))).toBeUndefined();
    expect(parseLiveEvent('incident', JSON.stringify({ deviceId: DEVICE, venueId: VENUE }))).toBeUndefined();
    expect(parseLiveEvent('rollout', JSON.stringify({ rolloutId: ROLLOUT, state: 'exploded' }))).toBeUndefined();
    expect(parseLiveEvent('end', '{"reason":"bored"}')).toBeUndefined();
  });

  it('take tickets of 43 base64url characters and a bounded token query', () => {
    const ticket = 'a'.repeat(43);
    expect(LIVE_TICKET_PATTERN.test(ticket)).toBe(true);
    for (const bad of ['', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}\u0000`])
      expect(LIVE_TICKET_PATTERN.test(bad), JSON.stringify(bad)).toBe(false);
    expect(LiveTicketReplySchema.safeParse({ ticket, expiresAt: '2026-01-15T10:00:30.000Z' }).success).toBe(true);
    expect(LiveQuerySchema.safeParse({ token: 'x'.repeat(LIVE_TOKEN_MAX_CHARS) }).success).toBe(true);
    expect(LiveQuerySchema.safeParse({ token: 'x'.repeat(LIVE_TOKEN_MAX_CHARS + 1) }).success).toBe(false);
    expect(LiveQuerySchema.safeParse({ token: ['a', 'b'] }).success).toBe(false);
    expect(new Set(Object.values(LIVE_PATHS)).size).toBe(2);
  });
});
