import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLOUD_HOSTING } from '../../shared/hosting';
import { devicesWith, type AmpFixture } from '../../testing/fixtures';
import { renderAmpPage } from '../../testing/render-amp-page';
import { AdvancedScreen } from './amp-page-advanced';

const AMP = '10.0.0.1';
const render = (fixture: Partial<AmpFixture>, cloud = false) =>
  renderAmpPage(<AdvancedScreen ampId={AMP} />, {
    devices: devicesWith([{ ip: AMP, ...fixture }]),
    page: 'advanced',
    ...(cloud ? { hosting: CLOUD_HOSTING } : {}),
  });

describe('advanced page: GPIO (spec 2 §2/§3/§6)', () => {
  it.each(['1504', 'CDS-508'])('shows mode, behavior and polarity per port on the %s', (model) => {
    render({ model });
    expect(screen.getByRole('heading', { name: 'Advanced', level: 2 })).toBeInTheDocument();
    const gpio = screen.getByRole('region', { name: 'GPIO' });
    for (const port of ['Port 1', 'Port 2']) {
      const region = within(gpio).getByRole('region', { name: port });
      for (const field of ['Mode', 'Behavior', 'Polarity'])
        expect(within(region).getByRole('combobox', { name: field })).toBeEnabled();
    }
  });

  it('has no GPIO on models without it', () => {
    render({ model: '704D' });
    expect(screen.queryByRole('region', { name: 'GPIO' })).not.toBeInTheDocument();
    expect(screen.getByText('This amp has no advanced settings.')).toBeInTheDocument();
  });

  it('hides GPIO in cloud mode', () => {
    render({ model: '1504' }, true);
    expect(screen.queryByRole('region', { name: 'GPIO' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('writes a choice to its port, offering the spec’s modes', async () => {
    const { user, manager } = render({ model: '1504' });
    const port2 = screen.getByRole('region', { name: 'Port 2' });
    await user.click(within(port2).getByRole('combobox', { name: 'Mode' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['None', 'Input: manual override', 'Input: remote volume control']);
    await user.click(screen.getByRole('option', { name: 'Input: remote volume control' }));
    expect(manager.set).toHaveBeenCalledWith(AMP, '/GPIO/2', { mode: 'Input-OutputFaderOverride' });
    await user.click(within(port2).getByRole('combobox', { name: 'Polarity' }));
    await user.click(screen.getByRole('option', { name: 'Normally closed' }));
    expect(manager.set).toHaveBeenLastCalledWith(AMP, '/GPIO/2', { polarity: 'Normally Closed' });
  });

  it('says when a port in manual override disables the Inputs tab’s modes', () => {
    render({ model: '1504', patch: { GPIO: { '1': { mode: 'Input-ManualOverride' } } } });
    expect(screen.getByText(/input modes on the Inputs tab are disabled/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Port 1' })).getByRole('combobox', { name: 'Mode' }),
    ).toHaveTextContent('Input: manual override');
  });

  it('applies UAC per field: Readonly disables, Locked shows the padlock', () => {
    const roles = { installer: { '/GPIO/1/mode': 1, '/GPIO/1/behavior': 2, '/GPIO/1/polarity': 2 } } as const;
    render({ model: '1504', patch: { UAC: { key: 'site', roles } } });
    const port1 = screen.getByRole('region', { name: 'Port 1' });
    expect(within(port1).getByRole('combobox', { name: 'Mode' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(port1).getByRole('combobox', { name: 'Behavior' })).not.toHaveAttribute('aria-disabled');
    const port2 = screen.getByRole('region', { name: 'Port 2' });
    expect(within(port2).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(port2).getAllByRole('img', { name: 'This field is locked by UAC or speaker tunings' })).toHaveLength(
      3,
    );
  });

  it('lets a guest on a protected amp change nothing', () => {
    render({ model: '1504', patch: { misc: { passwordProtected: true } } });
    for (const box of screen.getAllByRole('combobox')) expect(box).toHaveAttribute('aria-disabled', 'true');
  });
});
