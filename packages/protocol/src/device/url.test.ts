import { describe, expect, it } from 'vitest';
import { getModel } from './models';
import { normalizeUrl, resolveUrl } from './url';

const m704 = getModel('704D');

describe('urls', () => {
  it('accepts a url with or without its leading slash (device-api-notes)', () => {
    expect(normalizeUrl('amp/deviceInfo')).toBe('/amp/deviceInfo');
    expect(resolveUrl(m704, 'amp/deviceInfo').ok).toBe(true);
    expect(resolveUrl(m704, '/').ok).toBe(true);
  });
  it('resolves every url the issue names on a model that has them', () => {
    const m = getModel('CDS-508-ADSP');
    const urls = [
      '/amp/deviceInfo',
      '/amp/powerSupply',
      '/amp/autoStandby',
      '/amp/signalGenerator',
      '/amp/inputs/analog/8',
      '/amp/inputs/digital/8',
      '/amp/channels/8/output',
      '/amp/channels/1/levels',
      '/amp/channels/1/inputSelector',
      '/amp/channels/1/inputDelay',
      '/amp/channels/1/crossover/bandGainAndDelay',
      '/amp/channels/1/crossover/lowPassFilter',
      '/amp/channels/1/crossover/highPassFilter',
      '/amp/channels/1/outputEqFilters/8',
      '/amp/channels/1/inputIirEqFilters/8',
      '/amp/channels/1/inputFirEqFilters/16',
      '/amp/channels/1/rmsLimiter',
      '/amp/channels/1/peakLimiter',
      '/amp/channels/1/loadMonitor',
      '/amp/channels/1/pilotToneDetector',
      '/network/ethernet',
      '/network/wifi',
      '/network/apConfig',
      '/misc',
      '/logs',
      '/cloud',
      '/GPIO/1',
      '/UAC',
      '/lockedProperties',
      '/discovery',
      '/NSTProxy',
    ];
    for (const u of urls) expect(resolveUrl(m, u), u).toMatchObject({ ok: true });
  });
  it('refuses urls a model lacks, naming the bad segment', () => {
    expect(resolveUrl(getModel('352N'), '/amp/channels/3/output')).toMatchObject({ ok: false });
    expect(resolveUrl(getModel('352N_G'), '/network/wifi')).toMatchObject({ ok: false });
    expect(resolveUrl(getModel('704N'), '/amp/inputs/dante/1')).toMatchObject({ ok: false });
    expect(resolveUrl(getModel('704N'), '/amp/channels/1/inputFirEqFilters/1')).toMatchObject({ ok: false });
    const r = resolveUrl(m704, '/amp/chanels/1');
    expect(r.ok === false && r.message).toContain("'chanels'");
  });
});
