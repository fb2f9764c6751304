import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UAC_LEVELS } from '@rackside/protocol';
import { describe, expect, it, vi } from 'vitest';
import { ValueSlider, type ValueSliderProps } from './value-slider';
import { renderWithI18n } from './value-slider.test-utils';

const FADER = { min: -80, max: 0, step: 0.1 };
const FREQUENCY = { min: 20, max: 20000, step: 1 };

function renderSlider(props: Partial<ValueSliderProps> = {}) {
  const onChange = vi.fn<(v: number) => void>();
  renderWithI18n(<ValueSlider label="Fader" value={-10} bounds={FADER} unit="dB" onChange={onChange} {...props} />);
  return { onChange, user: userEvent.setup() };
}

const openEntry = async (user: ReturnType<typeof userEvent.setup>, label = 'Fader') => {
  await user.click(screen.getByRole('button', { name: `Edit ${label}` }));
  return screen.getByRole('dialog', { name: 'Enter new value' });
};

describe('value slider', () => {
  it('shows the fader value with one decimal and its unit (spec 2 §5)', () => {
    renderSlider({ value: -12 });
    expect(screen.getByRole('button', { name: 'Edit Fader' })).toHaveTextContent('-12.0 dB');
    expect(screen.getByRole('slider', { name: 'Fader' })).toHaveAttribute('aria-valuetext', '-12.0 dB');
  });

  it('opens the entry dialog with current, min and max; Enter commits a valid value', async () => {
    const { onChange, user } = renderSlider();
    const dialog = await openEntry(user);
    expect(within(dialog).getByText('Current: -10.0 dB')).toBeInTheDocument();
    expect(within(dialog).getByText('Min: -80.0 dB')).toBeInTheDocument();
    expect(within(dialog).getByText('Max: 0.0 dB')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('spinbutton', { name: 'New value' }), '-20.5{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(-20.5);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Escape cancels the entry', async () => {
    const { onChange, user } = renderSlider();
    const dialog = await openEntry(user);
    await user.type(within(dialog).getByRole('spinbutton'), '-3');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('disables Save outside [min, max] (inclusive) and ignores Enter then', async () => {
    const { onChange, user } = renderSlider();
    const dialog = await openEntry(user);
    const field = within(dialog).getByRole('spinbutton');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.type(field, '5');
    expect(save).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '-80');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(-80);
  });

  it('treats an empty entry as cancel', async () => {
    const { onChange, user } = renderSlider();
    const dialog = await openEntry(user);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await user.click(save);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('snaps values within one step of a bound to it', async () => {
    const { onChange, user } = renderSlider();
    await user.type(within(await openEntry(user)).getByRole('spinbutton'), '-79.95{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(-80);
    await user.type(within(await openEntry(user)).getByRole('spinbutton'), '-0.04{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(0);
    await user.type(within(await openEntry(user)).getByRole('spinbutton'), '-0.1{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(-0.1);
  });

  it('moves one step with the arrow keys and writes at once on release', async () => {
    const { onChange, user } = renderSlider({ value: -10 });
    screen.getByRole('slider', { name: 'Fader' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(-9.9);
    expect(screen.getByRole('button', { name: 'Edit Fader' })).toHaveTextContent('-9.9 dB');
  });

  it('maps a logarithmic slider’s positions 0-100 onto the range', async () => {
    // √(20·20000) ≈ 632.5 Hz sits in the middle of a 20 Hz-20 kHz log slider
    const { onChange, user } = renderSlider({
      label: 'Frequency',
      value: 632.46,
      bounds: FREQUENCY,
      unit: 'Hz',
      log: true,
    });
    const slider = screen.getByRole('slider', { name: 'Frequency' });
    expect(Number(slider.getAttribute('aria-valuenow'))).toBeCloseTo(50, 1);
    slider.focus();
    await user.keyboard('{End}');
    expect(onChange).toHaveBeenLastCalledWith(20000);
    await user.keyboard('{Home}');
    expect(onChange).toHaveBeenLastCalledWith(20);
  });

  it('shows a delay in the user’s unit and converts entries back to ms (spec 2 §5)', async () => {
    const { onChange, user } = renderSlider({
      label: 'Delay',
      value: 10,
      bounds: { min: 0, max: 100, step: 0.01 },
      unit: 'm',
      delayUnit: 'Meters',
    });
    expect(screen.getByRole('button', { name: 'Edit Delay' })).toHaveTextContent('3.430 m');
    const dialog = await openEntry(user, 'Delay');
    expect(within(dialog).getByText('Max: 34.300 m')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('spinbutton'), '0.686{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('shows a padlock when locked, or nothing when asked to hide (spec 2 §6)', () => {
    renderSlider({ access: UAC_LEVELS.Locked });
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'This field is locked by UAC or speaker tunings' })).toBeInTheDocument();
    expect(screen.getByText('Fader')).toBeInTheDocument();
  });

  it('hides when locked and told to', () => {
    renderSlider({ access: UAC_LEVELS.Locked, hideWhenLocked: true });
    expect(screen.queryByText('Fader')).not.toBeInTheDocument();
  });

  it('disables slider and entry when read-only', () => {
    renderSlider({ access: UAC_LEVELS.Readonly });
    expect(screen.getByRole('slider', { name: 'Fader' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit Fader' })).toBeDisabled();
  });
});

describe('value slider keyboard steps (issue 18)', () => {
  it('moves a fader 1 dB with PageUp/PageDown, not 10', async () => {
    const { onChange, user } = renderSlider({ value: -10 });
    screen.getByRole('slider', { name: 'Fader' }).focus();
    await user.keyboard('{PageDown}');
    expect(onChange).toHaveBeenLastCalledWith(-11);
    await user.keyboard('{PageUp}{PageUp}');
    expect(onChange).toHaveBeenLastCalledWith(-9);
    expect(screen.getByRole('button', { name: 'Edit Fader' })).toHaveTextContent('-9.0 dB');
  });

  it('takes the page step from its prop, bounded by the range', async () => {
    const { onChange, user } = renderSlider({ value: -2, pageStep: 3 });
    screen.getByRole('slider', { name: 'Fader' }).focus();
    await user.keyboard('{PageDown}');
    expect(onChange).toHaveBeenLastCalledWith(-5);
    await user.keyboard('{PageUp}{PageUp}');
    expect(onChange).toHaveBeenLastCalledWith(0);
  });

  it('never steps finer than the field’s own step', async () => {
    const { onChange, user } = renderSlider({ label: 'Frequency', value: 100, bounds: { min: 0, max: 1000, step: 5 } });
    screen.getByRole('slider', { name: 'Frequency' }).focus();
    await user.keyboard('{PageUp}');
    expect(onChange).toHaveBeenLastCalledWith(105);
  });

  it('moves a logarithmic slider 1 % of its travel', async () => {
    const { onChange, user } = renderSlider({
      label: 'Frequency',
      value: 20,
      bounds: FREQUENCY,
      unit: 'Hz',
      log: true,
    });
    screen.getByRole('slider', { name: 'Frequency' }).focus();
    await user.keyboard('{PageUp}');
    // 20 Hz × 1000^(1/100) ≈ 21.4 Hz, on the 1 Hz grid
    expect(onChange).toHaveBeenLastCalledWith(21);
  });
});
