import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UAC_LEVELS } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../../../shared/ui/value-slider.test-utils';
import { channelOf, fixture } from '../../channels.test-utils';
import { InputEqTab } from './input-eq-tab';

const IIR = '/amp/channels/1/inputIirEqFilters';
const FIR = '/amp/channels/1/inputFirEqFilters';

const card = (n: number) => screen.getByRole('region', { name: `Filter ${n}` });
const expand = async (user: ReturnType<typeof userEvent.setup>, n: number) => {
  await user.click(within(card(n)).getByRole('button', { name: `Show settings of filter ${n}` }));
  return card(n);
};

describe('Input EQ tab (spec 2 §2, §4)', () => {
  it('shows 8 IIR cards, then 16 FIR cards labelled 9 to 24, and the response', () => {
    renderWithI18n(<InputEqTab {...fixture('CDS-508-ADSP')} />);
    const cards = screen.getAllByRole('region', { name: /^Filter \d+$/ });
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(
      Array.from({ length: 24 }, (_, i) => `Filter ${i + 1}`),
    );
    expect(screen.getByRole('img', { name: 'Frequency response' })).toBeInTheDocument();
    expect(within(card(1)).getByRole('switch', { name: 'Enable' })).toBeInTheDocument();
    expect(within(card(1)).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Parametric');
    expect(within(card(9)).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Dual shelf');
  });

  it('Flatten all writes the default gain to all 24 filters', async () => {
    const user = userEvent.setup();
    const p = fixture('CDS-508-ADSP');
    renderWithI18n(<InputEqTab {...p} />);
    await user.click(screen.getByRole('button', { name: 'Flatten all' }));
    expect(p.write).toHaveBeenCalledTimes(24);
    expect(p.write).toHaveBeenCalledWith(`${IIR}/1`, { gain: 0 });
    expect(p.write).toHaveBeenCalledWith(`${FIR}/16`, { gain: 0 });
  });

  it('Reset all asks first, naming the amp and the channel; Cancel writes nothing (issue 18)', async () => {
    const user = userEvent.setup();
    const p = fixture('CDS-508-ADSP', {
      edit: (s) => {
        s.deviceInfo.deviceName = 'Main Left';
        channelOf(s).output.name = 'Sub left';
      },
    });
    renderWithI18n(<InputEqTab {...p} />);
    await user.click(screen.getByRole('button', { name: 'Reset all' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset all input filters?' });
    expect(dialog).toHaveTextContent('Channel 1 (Sub left) on Main Left: all 24 input EQ filters');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(p.write).not.toHaveBeenCalled();
  });

  it('Reset all, confirmed, writes type, frequencies, q or bandwidths and gain defaults, leaving enable alone', async () => {
    const user = userEvent.setup();
    const p = fixture('CDS-508-ADSP');
    renderWithI18n(<InputEqTab {...p} />);
    await user.click(screen.getByRole('button', { name: 'Reset all' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset all input filters?' });
    // an amp without a name is named by its address
    expect(dialog).toHaveTextContent('Channel 1 (Channel 1) on 127.0.1.1');
    await user.click(within(dialog).getByRole('button', { name: 'Reset all' }));
    expect(p.write).toHaveBeenCalledTimes(24);
    expect(p.write).toHaveBeenCalledWith(`${IIR}/8`, { type: 'Parametric', frequency: 1000, q: 0.71, gain: 0 });
    expect(p.write).toHaveBeenCalledWith(`${FIR}/1`, {
      type: 'Dual Shelf',
      frequency1: 100,
      frequency2: 10000,
      bandwidth1: 1,
      bandwidth2: 1,
      gain: 0,
    });
  });

  it('offers Enable all unless every IIR filter is enabled, then Disable all', async () => {
    const user = userEvent.setup();
    const p = fixture('CDS-508-ADSP');
    const { unmount } = renderWithI18n(<InputEqTab {...p} />);
    await user.click(screen.getByRole('button', { name: 'Enable all' }));
    expect(p.write).toHaveBeenCalledTimes(24);
    expect(p.write).toHaveBeenCalledWith(`${FIR}/3`, { enable: true });
    unmount();

    const all = fixture('CDS-508-ADSP', {
      edit: (s) => Object.values(channelOf(s).inputIirEqFilters ?? {}).forEach((f) => (f.enable = true)),
    });
    renderWithI18n(<InputEqTab {...all} />);
    await user.click(screen.getByRole('button', { name: 'Disable all' }));
    expect(all.write).toHaveBeenCalledWith(`${IIR}/5`, { enable: false });
  });

  it('hides q for 6 dB shelves and AllPass 1, and gain for all-pass types', async () => {
    const user = userEvent.setup();
    const types = ['Parametric', 'LP Shelf 6dB/oct', 'AllPass 1', 'AllPass 2', 'HP Shelf 12dB/oct'] as const;
    const p = fixture('CDS-508-ADSP', {
      edit: (s) => types.forEach((t, i) => void (channelOf(s).inputIirEqFilters![String(i + 1)]!.type = t)),
    });
    renderWithI18n(<InputEqTab {...p} />);
    const sliders = async (n: number) => {
      const c = await expand(user, n);
      return ['Frequency', 'Q', 'Gain'].filter((name) => within(c).queryByRole('slider', { name }));
    };
    expect(await sliders(1)).toEqual(['Frequency', 'Q', 'Gain']);
    expect(await sliders(2)).toEqual(['Frequency', 'Gain']);
    expect(await sliders(3)).toEqual(['Frequency']);
    expect(await sliders(4)).toEqual(['Frequency', 'Q']);
    expect(await sliders(5)).toEqual(['Frequency', 'Q', 'Gain']);
    expect(within(card(3)).queryByRole('button', { name: 'Flatten' })).not.toBeInTheDocument();
  });

  it('a dual-shelf FIR shows its second frequency and bandwidth; other shelves do not', async () => {
    const user = userEvent.setup();
    const p = fixture('CDS-508-ADSP', {
      edit: (s) => void (channelOf(s).inputFirEqFilters!['2']!.type = 'High Shelf'),
    });
    renderWithI18n(<InputEqTab {...p} />);
    const dual = await expand(user, 9);
    expect(within(dual).getByRole('slider', { name: 'Second frequency' })).toBeInTheDocument();
    expect(within(dual).getByRole('slider', { name: 'Second bandwidth' })).toBeInTheDocument();
    const high = await expand(user, 10);
    expect(within(high).getByRole('slider', { name: 'Frequency' })).toBeInTheDocument();
    expect(within(high).queryByRole('slider', { name: 'Second frequency' })).not.toBeInTheDocument();
  });

  it('Flatten and Reset of one card write that filter only', async () => {
    const user = userEvent.setup();
    const p = fixture('CDS-508-ADSP');
    renderWithI18n(<InputEqTab {...p} />);
    const c = await expand(user, 2);
    await user.click(within(c).getByRole('button', { name: 'Flatten' }));
    expect(p.write).toHaveBeenLastCalledWith(`${IIR}/2`, { gain: 0 });
    await user.click(within(c).getByRole('button', { name: 'Reset' }));
    expect(p.write).toHaveBeenLastCalledWith(`${IIR}/2`, { type: 'Parametric', frequency: 1000, q: 0.71, gain: 0 });
    expect(p.write).toHaveBeenCalledTimes(2);
  });

  it('summarises a collapsed card', () => {
    const p = fixture('CDS-508-ADSP', {
      edit: (s) =>
        Object.assign(channelOf(s).inputIirEqFilters!['1']!, { enable: true, frequency: 250, q: 2, gain: -4.5 }),
    });
    renderWithI18n(<InputEqTab {...p} />);
    expect(within(card(1)).getByText('Parametric · 250 Hz · Q 2.00 · -4.5 dB')).toBeInTheDocument();
    expect(within(card(2)).getByText('Off · Parametric · 1000 Hz · Q 0.71 · 0.0 dB')).toBeInTheDocument();
  });

  it('read-only access disables the switches and the all buttons; locked shows padlocks (spec 2 §6)', () => {
    const { unmount } = renderWithI18n(
      <InputEqTab {...fixture('CDS-508-ADSP', { access: () => UAC_LEVELS.Readonly })} />,
    );
    expect(screen.getByRole('button', { name: 'Flatten all' })).toBeDisabled();
    expect(within(card(1)).getByRole('switch', { name: 'Enable' })).toBeDisabled();
    unmount();
    renderWithI18n(<InputEqTab {...fixture('CDS-508-ADSP', { access: () => UAC_LEVELS.Locked })} />);
    expect(within(card(1)).queryByRole('switch')).not.toBeInTheDocument();
    expect(
      within(card(1)).getAllByRole('img', { name: 'This field is locked by UAC or speaker tunings' }),
    ).toHaveLength(2);
  });
});
