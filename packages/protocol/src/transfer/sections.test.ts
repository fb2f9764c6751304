import { describe, expect, it } from 'vitest';
import { defaultState } from '../device/defaults';
import { getModel } from '../device/models';
import type { DeviceState } from '../device/state-types';
import {
  ALL_TICKS,
  carries,
  exportSettings,
  planImport,
  tickOf,
  unsupportedMessage,
  type TransferTicks,
} from './sections';

const none: TransferTicks = Object.fromEntries(Object.keys(ALL_TICKS).map((t) => [t, false])) as TransferTicks;
const only = (...on: (keyof TransferTicks)[]): TransferTicks => ({
  ...none,
  ...Object.fromEntries(on.map((t) => [t, true])),
});

/** A copy of a model's default state with some values set by URL. */
function stateOf(modelId: string, values: Record<string, unknown> = {}): DeviceState {
  const state = structuredClone(defaultState(getModel(modelId))) as unknown as Record<string, unknown>;
  for (const [url, v] of Object.entries(values)) {
    const segs = url.split('/').filter(Boolean);
    let cur = state;
    for (const k of segs.slice(0, -1)) cur = cur[k] as Record<string, unknown>;
    cur[segs[segs.length - 1]!] = v;
  }
  return state as unknown as DeviceState;
}

describe('ticks (spec 3 §2)', () => {
  it.each([
    ['/network/ethernet/dhcp', 'network'],
    ['/amp/deviceInfo/deviceName', 'amp'],
    ['/amp/powerSupply/outputPortMode', 'gpio'],
    ['/GPIO/1/mode', 'gpio'],
    ['/amp/inputs/analog/1/trim', 'inputs'],
    ['/amp/channels/1/inputSelector/primary', 'inputs'],
    ['/amp/channels/1/output/name', 'channelName'],
    ['/amp/channels/1/output/hiZHpfFrequency', 'hizLowz'],
    ['/amp/channels/1/output/super8', 'smartPowerBridge'],
    ['/amp/channels/1/inputSelector/signalGeneratorFader', 'signalGenerator'],
    ['/amp/channels/1/inputDelay/delayMs', 'crossoverDelay'],
    ['/amp/channels/1/crossover/lowPassFilter/type', 'crossoverDelay'],
    ['/amp/channels/1/inputFirEqFilters/3/gain', 'eq'],
    ['/amp/channels/1/peakLimiter/attackTime', 'limiters'],
    ['/amp/channels/1/pilotToneDetector/enable', 'loadMonitoringPilotTone'],
    ['/amp/channels/1/output/mute', 'channels'],
    ['/misc/findMe', undefined],
    ['/cloud/registrationToken', undefined],
  ])('%s is carried by %s', (url, tick) => {
    expect(tickOf(url)).toBe(tick);
  });

  it('a channel-level tick carries nothing without the channels tick', () => {
    expect(carries(only('eq'), '/amp/channels/1/outputEqFilters/1/gain')).toBe(false);
    expect(carries(only('eq', 'channels'), '/amp/channels/1/outputEqFilters/1/gain')).toBe(true);
    expect(carries(only('channels'), '/amp/channels/1/outputEqFilters/1/gain')).toBe(false);
  });
});

describe('exportSettings (spec 3 §3)', () => {
  it('writes the four sections, the ticked parts only, writable fields only', () => {
    const file = exportSettings(stateOf('704D'), getModel('704D'), only('channels', 'channelName'));
    expect(Object.keys(file)).toEqual(['network', 'amp', 'channels', 'inputs']);
    expect(file.channels).toEqual({
      '1': { output: { name: 'Channel 1', mute: false, enable: true, fader: 0 } },
      '2': { output: { name: 'Channel 2', mute: false, enable: true, fader: 0 } },
      '3': { output: { name: 'Channel 3', mute: false, enable: true, fader: 0 } },
      '4': { output: { name: 'Channel 4', mute: false, enable: true, fader: 0 } },
    });
    expect(file.network).toEqual({});
  });

  it('writes GPIO only for a model that has it, and version 2 for a tunings export', () => {
    expect(exportSettings(stateOf('704D'), getModel('704D'), ALL_TICKS).GPIO).toBeUndefined();
    const f = exportSettings(stateOf('1504N'), getModel('1504N'), ALL_TICKS, { tunings: true });
    expect(f.GPIO?.['1']).toEqual({ mode: 'None', behavior: expect.any(String) as unknown, polarity: 'Normally Open' });
    expect(f.version).toBe(2);
    expect(JSON.stringify(f)).not.toMatch(/serialNumber|level_db|measuredImpedance/);
  });
});

describe('planImport (spec 3 §4)', () => {
  it('lists the changes, grouped by block and channel, and sets only those', () => {
    const from = stateOf('704D', {
      '/amp/channels/1/output/name': 'Sub L',
      '/amp/channels/2/outputEqFilters/3/gain': 4.5,
    });
    const file = exportSettings(from, getModel('704D'), ALL_TICKS);
    const plan = planImport(file, stateOf('704D'), getModel('704D'), ALL_TICKS);
    expect(plan.unsupported).toEqual([]);
    expect(plan.sets).toEqual([
      { path: '/amp/channels/1/output/name', value: 'Sub L' },
      { path: '/amp/channels/2/outputEqFilters/3/gain', value: 4.5 },
    ]);
    expect(plan.changes).toEqual([
      { path: '/amp/channels/1/output/name', group: 'channelName', channel: 1, before: 'Channel 1', after: 'Sub L' },
      { path: '/amp/channels/2/outputEqFilters/3/gain', group: 'eq', channel: 2, before: 0, after: 4.5 },
    ]);
  });

  it('follows the ticks of the import, not those of the export', () => {
    const from = stateOf('704D', { '/amp/channels/1/output/name': 'Sub L', '/amp/deviceInfo/deviceName': 'FOH' });
    const file = exportSettings(from, getModel('704D'), ALL_TICKS);
    const plan = planImport(file, stateOf('704D'), getModel('704D'), only('amp'));
    expect(plan.sets).toEqual([{ path: '/amp/deviceInfo/deviceName', value: 'FOH' }]);
  });

  it('704D → 354N: Dante inputs and on-ramp dropped and listed; channel names imported', () => {
    const from = stateOf('704D', {
      '/amp/channels/1/output/name': 'Sub L',
      '/amp/channels/4/output/name': 'Fill',
      '/amp/channels/2/inputSelector/primary': 'Dante 3',
    });
    const plan = planImport(
      exportSettings(from, getModel('704D'), ALL_TICKS),
      stateOf('354N'),
      getModel('354N'),
      ALL_TICKS,
    );
    expect(plan.sets).toContainEqual({ path: '/amp/channels/4/output/name', value: 'Fill' });
    expect(plan.unsupported).toContainEqual({ item: '/amp/inputs/dante', reason: 'input' });
    expect(plan.unsupported).toContainEqual({
      item: '/amp/channels/1/inputSelector/danteOnRamp',
      reason: 'danteOnRamp',
    });
    expect(plan.unsupported).toContainEqual({ item: '/amp/channels/2/inputSelector/primary', reason: 'input' });
    expect(plan.sets.some((s) => s.path.includes('dante') || s.path.endsWith('/primary'))).toBe(false);
    expect(unsupportedMessage('/amp/inputs/dante')).toBe('/amp/inputs/dante value is unsupported');
  });

  it('CDS-508-ADSP → 354N: channels 5-8, advanced DSP, custom FIR, pilot tone v2, GPIO, attack time dropped once each', () => {
    const plan = planImport(
      exportSettings(stateOf('CDS-508-ADSP'), getModel('CDS-508-ADSP'), ALL_TICKS),
      stateOf('354N'),
      getModel('354N'),
      ALL_TICKS,
    );
    const items = plan.unsupported.map((u) => `${u.item} ${u.reason}`);
    for (const n of [5, 6, 7, 8]) expect(items).toContain(`/amp/channels/${n} channel`);
    expect(items).toContain('/amp/channels/1/inputIirEqFilters advancedDsp');
    expect(items).toContain('/amp/channels/1/inputFirEqFilters advancedDsp');
    expect(items).toContain('/amp/channels/1/crossover/lowPassFilter/customFirCoeffs customFir');
    expect(items).toContain('/amp/channels/1/pilotToneDetector/inputEnablePrimary pilotToneV2');
    expect(items).toContain('/amp/channels/1/peakLimiter/attackTime attackTime');
    expect(items).toContain('/GPIO gpio');
    expect(items).toContain('/amp/powerSupply/outputPortMode gpio');
    expect(items).toContain('/amp/inputs/digital input');
    expect(new Set(items).size).toBe(items.length);
    expect(plan.sets.some((s) => /channels\/[5-8]\//.test(s.path))).toBe(false);
  });

  it('a linear-phase crossover and the Silence on-ramp are dropped on a model without advanced DSP', () => {
    const from = stateOf('704D-ADSP', {
      '/amp/channels/1/crossover/highPassFilter/type': 'Linear Phase LR 24dB/oct',
      '/amp/channels/1/inputSelector/danteOnRamp': 'Silence',
    });
    const plan = planImport(
      exportSettings(from, getModel('704D-ADSP'), ALL_TICKS),
      stateOf('704D'),
      getModel('704D'),
      ALL_TICKS,
    );
    expect(plan.unsupported).toContainEqual({
      item: '/amp/channels/1/crossover/highPassFilter/type',
      reason: 'filterType',
    });
    expect(plan.unsupported).toContainEqual({
      item: '/amp/channels/1/inputSelector/danteOnRamp',
      reason: 'danteOnRamp',
    });
  });

  it('Dante inputs are remapped onto the digital inputs of a CDS, and back', () => {
    const from = stateOf('704D', {
      '/amp/inputs/dante/2/name': 'Lectern',
      '/amp/channels/1/inputSelector/primary': 'Dante 2',
      '/amp/channels/1/inputSelector/secondary': 'Dante 1+2',
    });
    const plan = planImport(
      exportSettings(from, getModel('704D'), ALL_TICKS),
      stateOf('CDS-504'),
      getModel('CDS-504'),
      ALL_TICKS,
    );
    expect(plan.sets).toContainEqual({ path: '/amp/inputs/digital/2/name', value: 'Lectern' });
    expect(plan.sets).toContainEqual({ path: '/amp/channels/1/inputSelector/primary', value: 'Digital 2' });
    expect(plan.sets).toContainEqual({ path: '/amp/channels/1/inputSelector/secondary', value: 'Digital 1+2' });
    expect(plan.unsupported.filter((u) => u.reason === 'input')).toEqual([]);

    const back = stateOf('CDS-504', { '/amp/inputs/digital/1/trim': 3 });
    const plan2 = planImport(
      exportSettings(back, getModel('CDS-504'), ALL_TICKS),
      stateOf('704D'),
      getModel('704D'),
      ALL_TICKS,
    );
    expect(plan2.sets).toContainEqual({ path: '/amp/inputs/dante/1/trim', value: 3 });
  });

  it('mic gain of a 34D and dot1x are dropped where the target lacks them', () => {
    const from = stateOf('34D', { '/amp/inputs/analog/1/micGain': 30 });
    const plan = planImport(
      exportSettings(from, getModel('34D'), ALL_TICKS),
      stateOf('704D'),
      getModel('704D'),
      ALL_TICKS,
    );
    expect(plan.unsupported).toContainEqual({ item: '/amp/inputs/analog/1/micGain', reason: 'micGain' });
    const plan2 = planImport(
      exportSettings(stateOf('704D'), getModel('704D'), ALL_TICKS),
      stateOf('34D'),
      getModel('34D'),
      ALL_TICKS,
    );
    expect(plan2.unsupported).toContainEqual({ item: '/network/ethernet/dot1xEnable', reason: 'dot1x' });
  });

  it('a value out of range in a hand-made file is listed, not set', () => {
    const file = { network: {}, amp: {}, inputs: {}, channels: { '1': { output: { fader: 12 } } } };
    const plan = planImport(file, stateOf('704D'), getModel('704D'), ALL_TICKS);
    expect(plan).toEqual({
      sets: [],
      changes: [],
      unsupported: [{ item: '/amp/channels/1/output/fader', reason: 'value' }],
    });
  });
});
