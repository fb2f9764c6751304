/** Incident conditions from reported state, and the new lines of an event log (issue 15; spec 2 §4). */
import { describe, expect, it } from 'vitest';
import { defaultState } from '../device/defaults';
import { getModel } from '../device/models';
import { activeConditions, newEventLines } from './incidents';
import { hasAmpFault, hasAmpWarning, hasChannelWarning, type ChannelStatusView } from './status';

const okChannel = (): ChannelStatusView => ({
  output: { status: 'Ok', thermal: false },
  loadMonitor: { enable: true, testing: true, status: 'Ok' },
  pilotToneDetector: {
    enable: true,
    testing: true,
    status: 'Ok',
    inputEnablePrimary: true,
    inputPresentPrimary: true,
    inputEnableSecondary: false,
    inputPresentSecondary: false,
  },
});
const amp = (channels: Record<string, ChannelStatusView>, powerSupply = { fault: false, powerOk: true }) => ({
  amp: { powerSupply, channels },
});

describe('activeConditions (spec 2 §4)', () => {
  it('finds nothing in a healthy amp of any model, nor in partial or empty data', () => {
    for (const id of ['704D', '124D', 'CDS-508-ADSP', '1504N'])
      expect(activeConditions(defaultState(getModel(id)))).toEqual([]);
    expect(activeConditions(undefined)).toEqual([]);
    expect(activeConditions({})).toEqual([]);
    expect(activeConditions({ amp: { channels: { '1': undefined, '2': { output: {} } } } })).toEqual([]);
  });

  it('makes a faulted channel and the power supply fault flag Critical, keyed by channel', () => {
    const state = amp(
      { '1': okChannel(), '3': { ...okChannel(), output: { status: 'Faulted' } } },
      {
        fault: true,
        powerOk: true,
      },
    );
    expect(activeConditions(state)).toEqual([
      { key: 'powerSupplyFault', type: 'powerSupplyFault', severity: 'Critical' },
      { key: 'channelFault:3', type: 'channelFault', channel: 3, severity: 'Critical' },
    ]);
  });

  it('makes warnings Warning, with the amp status word as detail', () => {
    const ch: ChannelStatusView = {
      output: { status: 'Ok', thermal: true },
      loadMonitor: { enable: true, testing: true, status: 'Short' },
      pilotToneDetector: {
        enable: true,
        testing: true,
        status: 'Low Signal',
        inputEnablePrimary: true,
        inputPresentPrimary: false,
        inputEnableSecondary: true,
        inputPresentSecondary: false,
      },
    };
    expect(activeConditions(amp({ '2': ch }, { fault: false, powerOk: false }))).toEqual([
      { key: 'powerNotOk', type: 'powerNotOk', severity: 'Warning' },
      { key: 'thermal:2', type: 'thermal', channel: 2, severity: 'Warning' },
      { key: 'loadMonitor:2', type: 'loadMonitor', channel: 2, detail: 'Short', severity: 'Warning' },
      { key: 'pilotTone:2', type: 'pilotTone', channel: 2, detail: 'Low Signal', severity: 'Warning' },
      { key: 'inputMissing:2', type: 'inputMissing', channel: 2, detail: 'primary and secondary', severity: 'Warning' },
    ]);
  });

  it('ignores a load monitor or pilot tone not enabled or not testing, and Ok/Low Signal load monitors', () => {
    const lm = (status: string, enable = true, testing = true) =>
      activeConditions(amp({ '1': { loadMonitor: { enable, testing, status } } })).map((c) => c.key);
    expect(lm('Open')).toEqual(['loadMonitor:1']);
    expect([lm('Ok'), lm('Low Signal'), lm('Open', false), lm('Open', true, false)]).toEqual([[], [], [], []]);
    const pt = (status: string, enable = true, testing = true) =>
      activeConditions(amp({ '1': { pilotToneDetector: { enable, testing, status } } })).map((c) => c.key);
    expect(pt('Open')).toEqual(['pilotTone:1']);
    expect([pt('Ok'), pt('Open', false), pt('Open', true, false)]).toEqual([[], [], []]);
  });

  it('names which enabled input is missing', () => {
    const missing = (p: ChannelStatusView['pilotToneDetector']) =>
      activeConditions(amp({ '4': { pilotToneDetector: p } }))[0]?.detail;
    expect(missing({ inputEnablePrimary: true, inputPresentPrimary: false })).toBe('primary');
    expect(missing({ inputEnableSecondary: true, inputPresentSecondary: false })).toBe('secondary');
    expect(missing({ inputEnablePrimary: false, inputPresentPrimary: false })).toBeUndefined();
  });

  it('agrees with the dashboard rules: Critical iff the amp faults, Warning iff it warns', () => {
    const states = [
      amp({ '1': okChannel() }),
      amp({ '1': { output: { status: 'Faulted' } } }),
      amp({ '1': okChannel() }, { fault: true, powerOk: true }),
      amp({ '1': okChannel() }, { fault: false, powerOk: false }),
      amp({
        '1': { output: { thermal: true } },
        '2': { loadMonitor: { enable: true, testing: true, status: 'Open' } },
      }),
      amp({ '7': { pilotToneDetector: { inputEnableSecondary: true, inputPresentSecondary: false } } }),
    ];
    for (const s of states) {
      const found = activeConditions(s);
      expect(found.some((c) => c.severity === 'Critical')).toBe(hasAmpFault(s));
      expect(found.some((c) => c.severity === 'Warning')).toBe(hasAmpWarning(s));
      for (const [n, ch] of Object.entries(s.amp.channels))
        expect(found.some((c) => c.channel === Number(n) && c.severity === 'Warning')).toBe(hasChannelWarning(ch));
    }
  });
});

describe('newEventLines', () => {
  const log = (...lines: string[]) => lines.join('\n');

  it('takes a log never seen as seen: its history is no news', () => {
    expect(newEventLines(log('a', 'b'), undefined)).toEqual({ lines: [], count: 2, last: 'b' });
    expect(newEventLines(undefined, undefined)).toEqual({ lines: [], count: 0, last: null });
  });

  it('gives the lines beyond those seen', () => {
    expect(newEventLines(log('a', 'b', 'c'), 1)).toEqual({ lines: ['b', 'c'], count: 3, last: 'c' });
    expect(newEventLines(log('a', 'b'), 2)).toEqual({ lines: [], count: 2, last: 'b' });
    expect(newEventLines('', 0)).toEqual({ lines: [], count: 0, last: null });
    expect(newEventLines(log('a', 'b', 'c'), 1, 'a')).toEqual({ lines: ['b', 'c'], count: 3, last: 'c' });
  });

  it('ignores blank lines and a trailing newline', () => {
    expect(newEventLines('a\n\nb\n', 1)).toEqual({ lines: ['b'], count: 2, last: 'b' });
  });

  it('restarts the count after a clear: every line of a shorter log is new', () => {
    expect(newEventLines('', 5)).toEqual({ lines: [], count: 0, last: null });
    expect(newEventLines(log('x'), 5)).toEqual({ lines: ['x'], count: 1, last: 'x' });
    expect(newEventLines(log('x', 'y'), 5, 'e')).toEqual({ lines: ['x', 'y'], count: 2, last: 'y' });
  });

  it('finds the new lines of a full log that drops its oldest as it appends', () => {
    // seen: a b c (3, last c); the amp keeps 3 lines and appended d, e
    expect(newEventLines(log('c', 'd', 'e'), 3, 'c')).toEqual({ lines: ['d', 'e'], count: 3, last: 'e' });
    // appended exactly as many lines as it holds: the seen line is gone, everything is new
    expect(newEventLines(log('d', 'e', 'f'), 3, 'c')).toEqual({ lines: ['d', 'e', 'f'], count: 3, last: 'f' });
    // a repeated line: the latest copy of the one seen last marks the start of the news
    expect(newEventLines(log('x', 'c', 'x'), 3, 'c')).toEqual({ lines: ['x'], count: 3, last: 'x' });
  });
});
