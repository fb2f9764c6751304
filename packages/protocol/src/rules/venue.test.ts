import { describe, expect, it } from 'vitest';
import { canAddVenue, canDeleteVenue, checkVenueName, venueNameExists } from './venue';

const venues = [
  { venueId: 'v1', name: 'Main Hall' },
  { venueId: 'v2', name: 'Lobby' },
];

describe('venue names (spec 1 §5)', () => {
  it('finds an existing name case-insensitively, ignoring surrounding spaces', () => {
    expect(venueNameExists('main hall', venues)).toBe(true);
    expect(venueNameExists('  LOBBY ', venues)).toBe(true);
    expect(venueNameExists('Lobby 2', venues)).toBe(false);
  });

  it('rejects an update to another venue’s name with VENUE_NAME_EXISTS', () => {
    expect(checkVenueName('lobby', venues, 'v1')).toBe('VENUE_NAME_EXISTS');
    expect(checkVenueName('main hall', venues, 'v1')).toBe(null);
    expect(checkVenueName('Terrace', venues, 'v1')).toBe(null);
  });

  it('enables Add venue only for a new non-empty name', () => {
    expect(canAddVenue('Terrace', venues)).toBe(true);
    expect(canAddVenue('   ', venues)).toBe(false);
    expect(canAddVenue('MAIN HALL', venues)).toBe(false);
  });

  it('refuses to delete a venue with amps', () => {
    expect(canDeleteVenue(0)).toBe(true);
    expect(canDeleteVenue(3)).toBe(false);
  });
});
