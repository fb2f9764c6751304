import { getModel } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { treeInfo } from '../../../device/fields';
import { createI18n } from '../../../shared/i18n';
import { describeChange, TEXT_SHOWN_MAX, type DescribeOptions } from './describe-change';
import { UNDO_NS } from './undo-i18n';

const info = treeInfo(getModel('CDS-508'));
const options = (language = 'en', withInfo = true): DescribeOptions => ({
  t: createI18n(language).getFixedT(language, UNDO_NS),
  info: withInfo ? info : undefined,
  language,
});
const describeEn = (url: string, before: Record<string, unknown>, after: Record<string, unknown>) =>
  describeChange({ url, before, after }, options());

describe('describeChange (issue 18)', () => {
  it('names the channel, the band and the field, with the field decimals, sign and unit', () => {
    expect(describeEn('/amp/channels/2/outputEqFilters/3', { gain: 6 }, { gain: 3 })).toBe(
      'Ch 2 EQ band 3 gain +6.0 → +3.0 dB',
    );
    expect(describeEn('/amp/channels/1/inputIirEqFilters/5', { gain: 0 }, { gain: -2.5 })).toBe(
      'Ch 1 input EQ band 5 gain 0.0 → -2.5 dB',
    );
    expect(describeEn('/amp/channels/1/output', { fader: -10 }, { fader: -3.5 })).toBe('Ch 1 fader -10.0 → -3.5 dB');
    expect(describeEn('/amp/channels/4/crossover/highPassFilter', { frequency: 20 }, { frequency: 120 })).toBe(
      'Ch 4 high-pass frequency 20 → 120 Hz',
    );
    expect(describeEn('/amp/channels/1/outputEqFilters/1', { q: 0.71 }, { q: 2 })).toBe('Ch 1 EQ band 1 Q 0.71 → 2.00');
    expect(describeEn('/amp/channels/3/inputDelay', { delayMs: 0 }, { delayMs: 1.25 })).toBe(
      'Ch 3 input delay 0.00 → 1.25 ms',
    );
  });

  it('says on/off for switches, quotes names and leaves choices as the amp spells them', () => {
    expect(describeEn('/amp/channels/1/output', { mute: false }, { mute: true })).toBe('Ch 1 mute off → on');
    expect(describeEn('/amp/deviceInfo', { deviceName: 'A' }, { deviceName: 'B' })).toBe('Device name "A" → "B"');
    expect(describeEn('/amp/channels/1/outputEqFilters/2', { type: 'Parametric' }, { type: 'Low Shelf' })).toBe(
      'Ch 1 EQ band 2 type Parametric → Low Shelf',
    );
    expect(describeEn('/amp/inputs/analog/2', { trim: 0 }, { trim: 3 })).toBe('Analog input 2 trim 0.0 → +3.0 dB');
  });

  it('cuts long texts and names a field it has no label for by its words', () => {
    const long = 'x'.repeat(100);
    const text = describeEn(
      '/amp/channels/1/crossover/lowPassFilter',
      { customFirCoeffs: '' },
      { customFirCoeffs: long },
    );
    expect(text).toBe(`Ch 1 low-pass custom FIR "" → "${'x'.repeat(TEXT_SHOWN_MAX - 1)}…"`);
    expect(describeEn('/amp/powerSupply', { lineLowLimitWarning: 90 }, { lineLowLimitWarning: 100 })).toBe(
      'Power supply line low limit warning 90 → 100 V',
    );
  });

  it('describes the first changed field of a change of several and counts the others', () => {
    const before = { enable: true, type: 'Parametric', frequency: 1000, q: 0.71, gain: 4 };
    const after = { enable: true, type: 'Parametric', frequency: 1000, q: 1.5, gain: 0 };
    expect(describeEn('/amp/channels/1/outputEqFilters/2', before, after)).toBe(
      'Ch 1 EQ band 2 Q 0.71 → 1.50 and 1 more',
    );
    expect(describeEn('/amp/channels', { '1': { output: { mute: false } } }, { '1': { output: { mute: true } } })).toBe(
      'Ch 1 mute off → on',
    );
  });

  it('shows plain numbers while the model is unknown, and speaks the user language', () => {
    expect(
      describeChange(
        { url: '/amp/channels/1/output', before: { fader: -10 }, after: { fader: -3 } },
        options('en', false),
      ),
    ).toBe('Ch 1 fader -10 → -3');
    expect(
      describeChange(
        { url: '/amp/channels/2/outputEqFilters/3', before: { gain: 6 }, after: { gain: 3 } },
        options('es'),
      ),
    ).toBe('Canal 2 EQ banda 3 ganancia +6,0 → +3,0 dB');
    expect(
      describeChange({ url: '/amp/channels/1/output', before: { mute: false }, after: { mute: true } }, options('zh')),
    ).toBe('通道 1 静音 关 → 开');
  });
});
