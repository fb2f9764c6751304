import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../../../shared/ui/value-slider.test-utils';
import { channelOf, fixture } from '../../channels.test-utils';
import { EqualizerTab } from './equalizer-tab';

describe('Equalizer tab (spec 2 §2)', () => {
  it('has the 8 output filters and the response on every model', () => {
    renderWithI18n(<EqualizerTab {...fixture('352N')} />);
    expect(screen.getAllByRole('region', { name: /^Filter \d$/ })).toHaveLength(8);
    expect(screen.getByRole('img', { name: 'Frequency response' })).toBeInTheDocument();
  });

  it('writes an output filter to its URL', async () => {
    const user = userEvent.setup();
    const p = fixture('704D');
    renderWithI18n(<EqualizerTab {...p} />);
    const card = screen.getByRole('region', { name: 'Filter 4' });
    await user.click(within(card).getByRole('switch', { name: 'Enable' }));
    expect(p.write).toHaveBeenLastCalledWith('/amp/channels/1/outputEqFilters/4', { enable: true });
    await user.click(within(card).getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'All-pass 2nd order' }));
    expect(p.write).toHaveBeenLastCalledWith('/amp/channels/1/outputEqFilters/4', { type: 'AllPass 2' });
  });

  it('follows a moving slider live, before the amp reports the new value', async () => {
    const user = userEvent.setup();
    const p = fixture('704D', { edit: (s) => void (channelOf(s).outputEqFilters['1']!.enable = true) });
    renderWithI18n(<EqualizerTab {...p} />);
    const curve = () => screen.getByTestId('response-curve').getAttribute('d');
    const flat = curve();
    const card = screen.getByRole('region', { name: 'Filter 1' });
    await user.click(within(card).getByRole('button', { name: 'Show settings of filter 1' }));
    within(card).getByRole('slider', { name: 'Gain' }).focus();
    await user.keyboard('{End}');
    expect(p.write).toHaveBeenLastCalledWith('/amp/channels/1/outputEqFilters/1', { gain: 15 });
    expect(curve()).not.toBe(flat);
  });
});
