import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RangeValueSlider } from './value-slider-range';
import { renderWithI18n } from './value-slider.test-utils';

function renderRange(value: [number, number]) {
  const onChange = vi.fn<(v: [number, number]) => void>();
  renderWithI18n(
    <RangeValueSlider
      label="Impedance limits"
      lowLabel="Low limit"
      highLabel="High limit"
      value={value}
      lowBounds={{ min: 1, max: 250, step: 0.1 }}
      highBounds={{ min: 8, max: 250, step: 0.1 }}
      unit="Ω"
      onChange={onChange}
    />,
  );
  return { onChange, user: userEvent.setup() };
}

describe('range value slider (spec 2 §5: low stays at or below high)', () => {
  it('labels both thumbs', () => {
    renderRange([2, 16]);
    expect(screen.getByRole('slider', { name: 'Low limit' })).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByRole('slider', { name: 'High limit' })).toHaveAttribute('aria-valuenow', '16');
  });

  it('limits the low entry to the high value and writes both ends', async () => {
    const { onChange, user } = renderRange([2, 16]);
    await user.click(screen.getByRole('button', { name: 'Edit Low limit' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Max: 16.0 Ω')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('spinbutton'), '20');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(within(dialog).getByRole('spinbutton'));
    await user.type(within(dialog).getByRole('spinbutton'), '4.5{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([4.5, 16]);
  });

  it('the high end cannot go below its own minimum nor the low end', async () => {
    const { user } = renderRange([10, 12]);
    await user.click(screen.getByRole('button', { name: 'Edit High limit' }));
    expect(within(screen.getByRole('dialog')).getByText('Min: 10.0 Ω')).toBeInTheDocument();
  });

  it('a thumb moved by keyboard does not pass the other', async () => {
    const { onChange, user } = renderRange([10, 12]);
    screen.getByRole('slider', { name: 'Low limit' }).focus();
    await user.keyboard('{End}');
    expect(onChange).toHaveBeenLastCalledWith([12, 12]);
  });

  it('moves a thumb 1 Ω with PageUp/PageDown, not 10 (issue 18)', async () => {
    const { onChange, user } = renderRange([10, 40]);
    screen.getByRole('slider', { name: 'High limit' }).focus();
    await user.keyboard('{PageDown}');
    expect(onChange).toHaveBeenLastCalledWith([10, 39]);
  });
});
