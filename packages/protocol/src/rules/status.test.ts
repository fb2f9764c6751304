import { describe, expect, it } from 'vitest';
import { defaultState } from '../device/defaults';
import { getModel } from '../device/models';
import {
  channelsOf,
  hasAmpFault,
  hasAmpWarning,
  hasChannelWarning,
  hasMissingEnabledInput,
  isChannelFaulted,
  type ChannelStatusView,
} from './status';

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

describe('channel fault and warning (spec 2 §4)', () => {
  it('faults only on output status Faulted', () => {
    expect(isChannelFaulted({ output: { status: 'Faulted' } })).toBe(true);
    for (const status of ['Ok', 'Standby', 'Offline']) expect(isChannelFaulted({ output: { status } })).toBe(false);
    expect(isChannelFaulted(undefined)).toBe(false);
  });

  it('warns on output thermal', () => {
    expect(hasChannelWarning(okChannel())).toBe(false);
    expect(hasChannelWarning({ ...okChannel(), output: { status: 'Ok', thermal: true } })).toBe(true);
  });

  it('warns on a testing load monitor unless its status is Ok or Low Signal', () => {
    const lm = (status: string, enable = true, testing = true) =>
      hasChannelWarning({ loadMonitor: { enable, testing, status } });
    expect(lm('Short')).toBe(true);
    expect(lm('Open')).toBe(true);
    expect(lm('Low Signal')).toBe(false);
    expect(lm('Ok')).toBe(false);
    expect(lm('Short', false)).toBe(false);
    expect(lm('Short', true, false)).toBe(false);
  });

  it('warns on a testing pilot tone with any status but Ok', () => {
    const pt = (status: string, enable = true, testing = true) =>
      hasChannelWarning({ pilotToneDetector: { enable, testing, status } });
    expect(pt('Open')).toBe(true);
    expect(pt('Low Signal')).toBe(true);
    expect(pt('Ok')).toBe(false);
    expect(pt('Open', false)).toBe(false);
    expect(pt('Open', true, false)).toBe(false);
  });

  it('warns when an enabled input is not present, primary or secondary', () => {
    expect(
      hasMissingEnabledInput({ pilotToneDetector: { inputEnablePrimary: true, inputPresentPrimary: false } }),
    ).toBe(true);
    expect(hasChannelWarning({ pilotToneDetector: { inputEnableSecondary: true, inputPresentSecondary: false } })).toBe(
      true,
    );
    expect(
      hasMissingEnabledInput({ pilotToneDetector: { inputEnablePrimary: false, inputPresentPrimary: false } }),
    ).toBe(false);
    expect(hasMissingEnabledInput({})).toBe(false);
  });
});

describe('amp fault and warning (spec 2 §4)', () => {
  const amp = (channels: Record<string, ChannelStatusView>, fault = false, powerOk = true) => ({
    amp: { powerSupply: { fault, powerOk }, channels },
  });

  it('faults on any faulted channel or the power supply fault flag', () => {
    expect(hasAmpFault(amp({ '1': okChannel(), '2': okChannel() }))).toBe(false);
    expect(hasAmpFault(amp({ '1': okChannel(), '2': { output: { status: 'Faulted' } } }))).toBe(true);
    expect(hasAmpFault(amp({ '1': okChannel() }, true))).toBe(true);
  });

  it('warns on any warning channel or the power supply not ok', () => {
    expect(hasAmpWarning(amp({ '1': okChannel() }))).toBe(false);
    expect(hasAmpWarning(amp({ '1': okChannel(), '4': { output: { thermal: true } } }))).toBe(true);
    expect(hasAmpWarning(amp({ '1': okChannel() }, false, false))).toBe(true);
  });

  it('finds a new amp of every model healthy', () => {
    for (const id of ['704D', '124D', 'CDS-508-ADSP', '1504N']) {
      const state = defaultState(getModel(id));
      expect([hasAmpFault(state), hasAmpWarning(state)]).toEqual([false, false]);
    }
  });

  it('reads full device state', () => {
    const state = defaultState(getModel('704D-ADSP'));
    state.amp!.channels['3']!.pilotToneDetector.inputEnablePrimary = true;
    expect(hasAmpWarning(state)).toBe(true);
    expect(hasAmpFault(state)).toBe(false);
  });

  it('accepts partial and empty data without raising alarms', () => {
    expect(hasAmpFault(undefined)).toBe(false);
    expect(hasAmpWarning({})).toBe(false);
    expect(hasAmpWarning({ amp: { channels: { '1': undefined } } })).toBe(false);
  });

  it('lists channels in numeric order', () => {
    const numbers = channelsOf(amp({ '10': {}, '2': {}, '1': {} })).map((c) => c.channelNumber);
    expect(numbers).toEqual([1, 2, 10]);
  });
});
