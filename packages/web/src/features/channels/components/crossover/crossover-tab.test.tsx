import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UAC_LEVELS } from '@rackside/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setViewportWidth } from '../../../../testing/viewport';
import { renderWithI18n } from '../../../../shared/ui/value-slider.test-utils';
import { channelOf, fixture } from '../../channels.test-utils';
import { CrossoverTab } from './crossover-tab';

const LOW_PASS = '/amp/channels/1/crossover/lowPassFilter';
const title = () => screen.getByRole('heading', { name: 'Crossover' });
const ctrlClick = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.keyboard('{Control>}');
  await user.click(title());
  await user.keyboard('{/Control}');
};

describe('Crossover tab (spec 2 §2)', () => {
  afterEach(() => vi.useRealTimers());

  it('has gain, delay, invert, both filters with enable, type, frequency, and the response', () => {
    renderWithI18n(<CrossoverTab {...fixture('704D')} />);
    const band = screen.getByRole('region', { name: 'Gain and delay' });
    expect(within(band).getByRole('slider', { name: 'Gain' })).toBeInTheDocument();
    expect(within(band).getByRole('slider', { name: 'Delay' })).toBeInTheDocument();
    expect(within(band).getByRole('switch', { name: 'Invert polarity' })).toBeInTheDocument();
    for (const [name, frequency] of [
      ['Low-pass filter', 'Low-pass frequency'],
      ['High-pass filter', 'High-pass frequency'],
    ]) {
      const panel = screen.getByRole('region', { name });
      expect(within(panel).getByRole('switch', { name: 'Enable' })).toBeInTheDocument();
      expect(within(panel).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Linkwitz-Riley 24 dB/oct');
      expect(within(panel).getByRole('slider', { name: frequency })).toBeInTheDocument();
    }
    expect(screen.getByRole('img', { name: 'Frequency response' })).toBeInTheDocument();
  });

  it('names each filter’s frequency controls after the filter, so a screen reader tells them apart (issue 18)', () => {
    renderWithI18n(<CrossoverTab {...fixture('704D')} />);
    const high = screen.getByRole('region', { name: 'High-pass filter' });
    const low = screen.getByRole('region', { name: 'Low-pass filter' });
    expect(within(high).getByRole('button', { name: 'Edit High-pass frequency' })).toBeInTheDocument();
    expect(within(low).getByRole('button', { name: 'Edit Low-pass frequency' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Frequency' })).not.toBeInTheDocument();
  });

  it('wraps a long filter type instead of cutting it short (issue 18)', () => {
    renderWithI18n(
      <CrossoverTab
        {...fixture('704D', {
          edit: (s) => void (channelOf(s).crossover.highPassFilter.type = 'Butterworth 12dB/oct'),
        })}
      />,
    );
    const type = within(screen.getByRole('region', { name: 'High-pass filter' })).getByRole('combobox', {
      name: 'Type',
    });
    expect(type).toHaveTextContent('Butterworth 12 dB/oct');
    expect(getComputedStyle(type).whiteSpace).toBe('normal');
  });

  it('shows the delay in the user’s unit', () => {
    const p = fixture('704D', {
      delayUnit: 'Feet',
      edit: (s) => void (channelOf(s).crossover.bandGainAndDelay.delay = 4),
    });
    renderWithI18n(<CrossoverTab {...p} />);
    expect(screen.getByRole('button', { name: 'Edit Delay' })).toHaveTextContent('4.50 ft');
  });

  it('offers linear-phase types only on advanced-DSP models', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithI18n(<CrossoverTab {...fixture('704D')} />);
    await user.click(
      within(screen.getByRole('region', { name: 'Low-pass filter' })).getByRole('combobox', { name: 'Type' }),
    );
    expect(screen.getAllByRole('option')).toHaveLength(12);
    expect(screen.queryByRole('option', { name: /Linear-phase/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    unmount();
    renderWithI18n(<CrossoverTab {...fixture('CDS-508')} />);
    await user.click(
      within(screen.getByRole('region', { name: 'Low-pass filter' })).getByRole('combobox', { name: 'Type' }),
    );
    expect(screen.getAllByRole('option')).toHaveLength(15);
    await user.click(screen.getByRole('option', { name: 'Linear-phase brick wall' }));
  });

  it('writes a filter type to its filter', async () => {
    const user = userEvent.setup();
    const p = fixture('CDS-508');
    renderWithI18n(<CrossoverTab {...p} />);
    await user.click(
      within(screen.getByRole('region', { name: 'High-pass filter' })).getByRole('combobox', { name: 'Type' }),
    );
    await user.click(screen.getByRole('option', { name: 'Bessel 18 dB/oct' }));
    expect(p.write).toHaveBeenLastCalledWith('/amp/channels/1/crossover/highPassFilter', { type: 'Bessel 18dB/oct' });
  });

  it('opens the FIR editor with Ctrl-click on the title and validates the coefficients', async () => {
    const user = userEvent.setup();
    const p = fixture('CDS-508-ADSP');
    renderWithI18n(<CrossoverTab {...p} />);
    await user.click(title());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await ctrlClick(user);
    const dialog = screen.getByRole('dialog', { name: 'Custom FIR (low-pass)' });
    const field = within(dialog).getByRole('textbox', { name: 'Coefficients' });
    const save = within(dialog).getByRole('button', { name: 'Save' });

    fireEvent.change(field, { target: { value: Array.from({ length: 2049 }, () => '0.001').join(',') } });
    expect(within(dialog).getByText(/too many coefficients specified/)).toBeInTheDocument();
    expect(save).toBeDisabled();

    fireEvent.change(field, { target: { value: '0.5, x' } });
    expect(within(dialog).getByText(/Coefficient 2 is not a number: x/)).toBeInTheDocument();
    expect(save).toBeDisabled();

    fireEvent.change(field, { target: { value: '0.25, 0.5 ,0.25' } });
    expect(within(dialog).getByText(/3 coefficients/)).toBeInTheDocument();
    await user.click(save);
    expect(p.write).toHaveBeenLastCalledWith(LOW_PASS, { customFirCoeffs: '0.25,0.5,0.25' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('accepts exactly 2048 coefficients', async () => {
    const user = userEvent.setup();
    renderWithI18n(<CrossoverTab {...fixture('CDS-508-ADSP')} />);
    await ctrlClick(user);
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: Array(2048).fill('0').join(',') } });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('opens the FIR editor after a 1000 ms press on a phone-sized screen', () => {
    vi.useFakeTimers();
    setViewportWidth(600);
    renderWithI18n(<CrossoverTab {...fixture('CDS-508-ADSP')} />);
    fireEvent.pointerDown(title());
    act(() => void vi.advanceTimersByTime(999));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('dialog', { name: 'Custom FIR (low-pass)' })).toBeInTheDocument();
  });

  it('a short press, or a long one on a wide screen, does not open it', () => {
    vi.useFakeTimers();
    setViewportWidth(600);
    renderWithI18n(<CrossoverTab {...fixture('CDS-508-ADSP')} />);
    fireEvent.pointerDown(title());
    act(() => void vi.advanceTimersByTime(500));
    fireEvent.pointerUp(title());
    act(() => void vi.advanceTimersByTime(1000));
    setViewportWidth(1200);
    fireEvent.pointerDown(title());
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['without the customFir capability', fixture('CDS-508')],
    ['on a small model', fixture('352N')],
    ['in cloud mode', fixture('CDS-508-ADSP', { cloud: true })],
    [
      'when custom FIR is locked',
      fixture('CDS-508-ADSP', {
        access: (k) => (k.endsWith('customFirCoeffs') ? UAC_LEVELS.Locked : UAC_LEVELS.Write),
      }),
    ],
  ])('has no FIR editor %s', async (_, p) => {
    const user = userEvent.setup();
    renderWithI18n(<CrossoverTab {...p} />);
    await ctrlClick(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a read-only FIR opens for viewing, without Save', async () => {
    const user = userEvent.setup();
    const p = fixture('CDS-508-ADSP', {
      access: (k) => (k.endsWith('customFirCoeffs') ? UAC_LEVELS.Readonly : UAC_LEVELS.Write),
      edit: (s) => void (channelOf(s).crossover.lowPassFilter.customFirCoeffs = '1,0'),
    });
    renderWithI18n(<CrossoverTab {...p} />);
    await ctrlClick(user);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('textbox')).toBeDisabled();
    expect(within(dialog).getByRole('textbox')).toHaveValue('1,0');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('marks an active custom FIR', () => {
    renderWithI18n(
      <CrossoverTab
        {...fixture('CDS-508-ADSP', { edit: (s) => void (channelOf(s).crossover.lowPassFilter.customFirCoeffs = '1') })}
      />,
    );
    expect(screen.getByText('Custom FIR active')).toBeInTheDocument();
  });

  it('read-only crossover controls are disabled; locked ones show padlocks', () => {
    const { unmount } = renderWithI18n(<CrossoverTab {...fixture('704D', { access: () => UAC_LEVELS.Readonly })} />);
    expect(screen.getByRole('slider', { name: 'Gain' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Invert polarity' })).toBeDisabled();
    unmount();
    renderWithI18n(<CrossoverTab {...fixture('704D', { access: () => UAC_LEVELS.Locked })} />);
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    expect(
      screen.getAllByRole('img', { name: 'This field is locked by UAC or speaker tunings' }).length,
    ).toBeGreaterThanOrEqual(9);
  });
});
