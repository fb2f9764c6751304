import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UAC_LEVELS, type UacLevel } from '@rackside/protocol';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../../shared/i18n';
import { pseudoResources, untranslated } from '../../../../testing/pseudo-locale';
import { dbOfY, frequencyOfX, PLOT_VIEWBOX, xOfFrequency, yOfDb } from '../../../../shared/ui/frequency-response';
import { renderWithI18n } from '../../../../shared/ui/value-slider.test-utils';
import { channelOf, fixture } from '../../channels.test-utils';
import { channelResponse } from '../../response';
import { CrossoverTab } from '../crossover/crossover-tab';
import { EqualizerTab } from '../equalizer/equalizer-tab';
import { InputEqTab } from '../input-eq/input-eq-tab';
import { RESPONSE_DB_RANGE } from './channel-response';

const OUT3 = '/amp/channels/1/outputEqFilters/3';
const x = xOfFrequency;
const y = yOfDb(RESPONSE_DB_RANGE);

/** Equalizer filter 3 at 1 kHz, +6 dB, Q 0.71 (and filter 4 off). */
const eqFixture = (access?: (key: string) => UacLevel) =>
  fixture('704D', {
    ...(access ? { access } : {}),
    edit: (s) =>
      void Object.assign(channelOf(s).outputEqFilters['3']!, {
        enable: true,
        type: 'Parametric',
        frequency: 1000,
        q: 0.71,
        gain: 6,
      }),
  });

/** The handle layer drawn `width` px wide (jsdom lays nothing out): its viewBox is scaled by PLOT_VIEWBOX.width / width. */
function layOut(width: number) {
  const layer = screen.getByTestId('response-handles');
  const height = (width * PLOT_VIEWBOX.height) / PLOT_VIEWBOX.width;
  layer.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width, height });
}

const curve = () => screen.getByTestId('response-curve').getAttribute('d');

describe('combined response on the Equalizer tab (issue 18)', () => {
  it('stays in view (sticky) and has one handle per enabled band, named, with its values', () => {
    renderWithI18n(<EqualizerTab {...eqFixture()} />);
    const group = screen.getByRole('group', { name: 'Channel response' });
    expect(group).toHaveStyle({ position: 'sticky' });
    expect(within(group).getByRole('img', { name: 'Frequency response' })).toBeInTheDocument();
    const handles = within(group).getAllByRole('slider');
    expect(handles).toHaveLength(1);
    expect(handles[0]).toHaveAccessibleName('Equalizer filter 3');
    expect(handles[0]).toHaveAttribute('aria-valuetext', '1000 Hz, +6.0 dB, Q 0.71');
    expect(handles[0]).toHaveAccessibleDescription(/arrow keys move the focused point/);
    // drawn at its frequency and gain
    expect(handles[0]).toHaveAttribute('transform', `translate(${x(1000).toFixed(1)},${y(6).toFixed(1)})`);
  });

  it('a drag writes the frequency and gain read from the log-frequency and dB axes, and previews on the way', () => {
    const p = eqFixture();
    renderWithI18n(<EqualizerTab {...p} />);
    layOut(PLOT_VIEWBOX.width / 2); // half size: a pixel is two plot units
    const handle = screen.getByRole('slider', { name: 'Equalizer filter 3' });
    const before = curve();
    // to 2 kHz and -3 dB: one octave right, 9 dB down, in plot units, halved into pixels
    const dx = (x(2000) - x(1000)) / 2;
    const dy = (y(-3) - y(6)) / 2;
    fireEvent.pointerDown(handle, { button: 0, clientX: 100, clientY: 50, pointerId: 1 });
    fireEvent.pointerMove(window, { clientX: 100 + dx / 2, clientY: 50 + dy / 2, pointerId: 1 });
    // the first step is written at once (the slider's leading throttle), mapped back through the axes
    const half = {
      frequency: Math.round(frequencyOfX(x(1000) + dx)),
      gain: Math.round(dbOfY(RESPONSE_DB_RANGE)(y(6) + dy) * 10) / 10,
    };
    expect(p.write).toHaveBeenLastCalledWith(OUT3, half);
    fireEvent.pointerMove(window, { clientX: 100 + dx, clientY: 50 + dy, pointerId: 1 });
    expect(curve()).not.toBe(before); // the plot follows before the amp answers
    fireEvent.pointerUp(window, { pointerId: 1 });
    expect(p.write).toHaveBeenLastCalledWith(OUT3, { frequency: 2000, gain: -3 });
    const writes = p.write.mock.calls.length;
    fireEvent.pointerMove(window, { clientX: 400, clientY: 0, pointerId: 1 });
    expect(p.write).toHaveBeenCalledTimes(writes); // released: moving the mouse writes nothing
  });

  it('the wheel over a handle changes Q (and keeps the page from scrolling)', () => {
    const p = eqFixture();
    renderWithI18n(<EqualizerTab {...p} />);
    const handle = screen.getByRole('slider', { name: 'Equalizer filter 3' });
    expect(fireEvent.wheel(handle, { deltaY: -100 })).toBe(false);
    expect(p.write).toHaveBeenLastCalledWith(OUT3, { q: 0.77 }); // 0.71 · 2^(1/8)
    expect(handle).toHaveAttribute('aria-valuetext', '1000 Hz, +6.0 dB, Q 0.77');
  });

  it('arrow keys move frequency and gain, Page Up/Down change Q', async () => {
    const user = userEvent.setup();
    const p = eqFixture();
    renderWithI18n(<EqualizerTab {...p} />);
    const handle = screen.getByRole('slider', { name: 'Equalizer filter 3' });
    act(() => handle.focus());
    await user.keyboard('{ArrowRight}');
    expect(p.write).toHaveBeenLastCalledWith(OUT3, { frequency: 1059, gain: 6 }); // 1/12 octave up
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(p.write).toHaveBeenLastCalledWith(OUT3, { frequency: 1059, gain: 6.5 }));
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    await waitFor(() => expect(p.write).toHaveBeenLastCalledWith(OUT3, { frequency: 841, gain: 6.5 })); // 1/3 octave down
    await user.keyboard('{PageUp}');
    await waitFor(() => expect(p.write).toHaveBeenLastCalledWith(OUT3, { q: 0.84 }));
    expect(handle).toHaveAttribute('aria-valuetext', '841 Hz, +6.5 dB, Q 0.84');
  });

  it('a read-only band shows its handle but does not move; a locked one shows none (spec 2 §6)', async () => {
    const readonly = eqFixture(() => UAC_LEVELS.Readonly);
    const { unmount } = renderWithI18n(<EqualizerTab {...readonly} />);
    layOut(PLOT_VIEWBOX.width);
    const handle = screen.getByRole('slider', { name: 'Equalizer filter 3' });
    expect(handle).toHaveAttribute('aria-disabled', 'true');
    fireEvent.pointerDown(handle, { button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(window, { clientX: 50, clientY: 50 });
    fireEvent.pointerUp(window);
    fireEvent.wheel(handle, { deltaY: -100 });
    act(() => handle.focus());
    await userEvent.setup().keyboard('{ArrowRight}');
    expect(readonly.write).not.toHaveBeenCalled();
    unmount();
    renderWithI18n(<EqualizerTab {...eqFixture(() => UAC_LEVELS.Locked)} />);
    expect(screen.queryByRole('slider', { name: 'Equalizer filter 3' })).not.toBeInTheDocument();
  });

  it('draws the phase on demand and the curves of linked channels over its own', async () => {
    const user = userEvent.setup();
    const p = eqFixture();
    const other = channelResponse(channelOf(p.state, 2), p.model, 2);
    renderWithI18n(<EqualizerTab {...p} responseOverlays={[{ id: 'ch2', label: 'Channel 2', curve: other }]} />);
    expect(screen.queryByTestId('response-phase')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Phase' }));
    expect(screen.getByTestId('response-phase').getAttribute('d')).toMatch(/^M/);
    expect(screen.getAllByTestId('response-overlay')).toHaveLength(1);
    expect(screen.getByText('Channel 1')).toBeInTheDocument();
    expect(screen.getByText('Channel 2')).toBeInTheDocument();
  });
});

describe('the same curve on the Crossover and Input EQ tabs, with their own handles', () => {
  it('crossover handles move the frequency only, sideways', () => {
    const p = fixture('704D', {
      edit: (s) =>
        void Object.assign(channelOf(s).crossover.highPassFilter, {
          enable: true,
          type: 'Butterworth 24dB/oct',
          frequency: 100,
        }),
    });
    renderWithI18n(<CrossoverTab {...p} />);
    layOut(PLOT_VIEWBOX.width);
    const group = screen.getByRole('group', { name: 'Channel response' });
    const handle = within(group).getByRole('slider', { name: 'High-pass filter' });
    expect(within(group).queryByRole('slider', { name: 'Low-pass filter' })).not.toBeInTheDocument(); // disabled
    expect(handle).toHaveAttribute('aria-valuetext', '100 Hz');
    expect(handle).toHaveTextContent('HP');
    fireEvent.pointerDown(handle, { button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(window, { clientX: 10 + x(200) - x(100), clientY: 90 });
    fireEvent.pointerUp(window);
    expect(p.write).toHaveBeenLastCalledWith('/amp/channels/1/crossover/highPassFilter', { frequency: 200 });
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    expect(p.write).toHaveBeenCalledTimes(1);
  });

  it('input EQ handles include FIR shelves; the wheel changes their bandwidth', () => {
    const p = fixture('CDS-508-ADSP', {
      edit: (s) => {
        const ch = channelOf(s);
        Object.assign(ch.inputIirEqFilters!['1']!, { enable: true, type: 'AllPass 2', frequency: 300, q: 1 });
        Object.assign(ch.inputFirEqFilters!['1']!, { enable: true, type: 'Dual Shelf', gain: 3, bandwidth1: 1 });
      },
    });
    renderWithI18n(<InputEqTab {...p} />);
    const group = screen.getByRole('group', { name: 'Channel response' });
    const names = within(group)
      .getAllByRole('slider')
      .map((h) => h.getAttribute('aria-label'));
    expect(names).toEqual(['Input EQ filter 1', 'Input EQ filter 9', 'Input EQ filter 9, high shelf']);
    expect(within(group).getByRole('slider', { name: 'Input EQ filter 1' })).toHaveAttribute(
      'aria-valuetext',
      '300 Hz, Q 1.00',
    );
    fireEvent.wheel(within(group).getByRole('slider', { name: 'Input EQ filter 9' }), { deltaY: 100 });
    expect(p.write).toHaveBeenLastCalledWith('/amp/channels/1/inputFirEqFilters/1', { bandwidth1: 0.92 });
  });
});

describe('the plot’s words come from the translations (pseudo-locale)', () => {
  it('handle names, values, marks, the help, the phase switch and the legend', async () => {
    const p = fixture('704D', {
      edit: (s) => {
        Object.assign(channelOf(s).crossover.highPassFilter, { enable: true, frequency: 100 });
        Object.assign(channelOf(s).crossover.lowPassFilter, { enable: true, frequency: 5000 });
      },
    });
    const other = channelResponse(channelOf(p.state, 2), p.model, 2);
    render(
      <I18nextProvider i18n={createI18n('en', pseudoResources())}>
        <CrossoverTab {...p} responseOverlays={[{ id: 'ch2', label: 'Speaker B', curve: other }]} />
      </I18nextProvider>,
    );
    const group = screen.getAllByRole('group').find((g) => g.querySelector('[data-testid="response-curve"]'))!;
    await userEvent.setup().click(within(group).getByRole('switch'));
    expect(within(group).getByTestId('response-phase')).toBeInTheDocument();
    expect(within(group).getAllByRole('slider')).toHaveLength(2);
    // axis numbers and the caller's own legend text are data
    const found = untranslated(group, new Set(['Speaker B'])).filter((e) => !/: "[-+]?[\d.]+k?"$/.test(e));
    expect(found).toEqual([]);
  });
});
