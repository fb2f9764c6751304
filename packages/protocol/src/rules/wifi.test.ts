import { describe, expect, it } from 'vitest';
import { wifiIconLevel } from './wifi';

describe('wifiIconLevel (spec 2 §2)', () => {
  it('maps the -80/-70/-60 dBm thresholds to four levels', () => {
    expect(wifiIconLevel(-90)).toBe(1);
    expect(wifiIconLevel(-80.5)).toBe(1);
    expect(wifiIconLevel(-80)).toBe(2);
    expect(wifiIconLevel(-71)).toBe(2);
    expect(wifiIconLevel(-70)).toBe(3);
    expect(wifiIconLevel(-61)).toBe(3);
    expect(wifiIconLevel(-60)).toBe(4);
    expect(wifiIconLevel(-30)).toBe(4);
  });

  it('is 0 without a reading', () => {
    expect(wifiIconLevel(0)).toBe(0);
    expect(wifiIconLevel(undefined)).toBe(0);
    expect(wifiIconLevel(Number.NaN)).toBe(0);
  });
});
