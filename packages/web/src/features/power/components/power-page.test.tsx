import { screen, within } from '@testing-library/react';
import { getModel, type DeviceDelta } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { devicesWith } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { renderInProviders } from '../../../testing/render-in-providers';
import { PowerScreen } from '../amp-page-power';
import { pseudo, pseudoResources } from '../../../testing/pseudo-locale';
import { expectOnlyTranslated } from '../../../testing/pseudo-check';

const LAZY = { timeout: 10_000 };
const IP = '10.0.0.1';

const amp: DeviceDelta['amp'] = {
  powerSupply: {
    acLineVoltage: 230.44,
    acLineCurrent: 1.26,
    acLineWatts: 287.6,
    fault: true,
    thermal: false,
    powerOk: false,
    lineWarning: false,
    lineWarningAutoLimits: false,
    lineLowLimitWarning: 90,
    lineHighLimitWarning: 264,
    powerSource: 'POE',
    poeStatus: 'Powered',
    estPowerUsagePoe: 12.5,
  },
  autoStandby: { enable: false, mode: 'Heartbeat', threshold: -60, timeToWait: 30, active: true },
};

function open(patch: DeviceDelta = {}, language?: 'es') {
  const devices = devicesWith([{ ip: IP, model: '704D', patch: { amp, ...patch } }]);
  return renderApp({
    path: `/amps/${IP}/power`,
    preloaded: {
      devices,
      ...(language ? { preferences: { language, darkMode: false, delayUnits: 'Milliseconds' } } : {}),
    },
  });
}

const row = (name: string) => screen.getByRole('row', { name });

describe('power supply page (spec 2 §2, §5, §6)', () => {
  it('shows the readings (voltage and current with 1 decimal, whole watts), statuses and PoE', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Power supply', level: 2 }, LAZY)).toBeInTheDocument();
    expect(row('AC voltage 230.4 V')).toBeInTheDocument();
    expect(row('AC current 1.3 A')).toBeInTheDocument();
    expect(row('Power 288 W')).toBeInTheDocument();
    expect(row('Fault Active')).toBeInTheDocument();
    expect(row('Thermal Clear')).toBeInTheDocument();
    expect(row('Power Not OK')).toBeInTheDocument();
    expect(row('Line warning Clear')).toBeInTheDocument();
    expect(row('Source PoE')).toBeInTheDocument();
    expect(row('PoE Powered')).toBeInTheDocument();
    expect(row('Estimated use on PoE 12.5 W')).toBeInTheDocument();
    expect(screen.getByText('The amp is in auto-standby now.')).toBeInTheDocument();
  });

  it('formats readings in the user language', async () => {
    open({}, 'es');
    await screen.findByRole('heading', { name: 'Fuente de alimentación', level: 2 }, LAZY);
    expect(row('Tensión de CA 230,4 V')).toBeInTheDocument();
    expect(row('Corriente de CA 1,3 A')).toBeInTheDocument();
  });

  it('writes auto-standby enable, mode, threshold and time to wait to the amp', async () => {
    const { user, manager } = open();
    await user.click(await screen.findByRole('switch', { name: 'Auto-standby' }, LAZY));
    expect(manager.set).toHaveBeenCalledWith(IP, '/amp/autoStandby', { enable: true });
    await user.click(screen.getByRole('combobox', { name: 'Mode' }));
    await user.click(await screen.findByRole('option', { name: 'Constant + load' }));
    expect(manager.set).toHaveBeenCalledWith(IP, '/amp/autoStandby', { mode: 'Constant+Load' });
    await user.click(screen.getByRole('button', { name: 'Edit Threshold' }));
    await user.type(screen.getByRole('spinbutton', { name: 'New value' }), '-45{Enter}');
    expect(manager.set).toHaveBeenCalledWith(IP, '/amp/autoStandby', { threshold: -45 });
    await user.click(screen.getByRole('button', { name: 'Edit Time to wait' }));
    await user.type(screen.getByRole('spinbutton', { name: 'New value' }), '90{Enter}');
    expect(manager.set).toHaveBeenCalledWith(IP, '/amp/autoStandby', { timeToWait: 90 });
    expect(screen.getByRole('slider', { name: 'Time to wait' })).toHaveAttribute('aria-valuemax', '240');
  });

  it('writes the line limits; automatic limits disable the low and high sliders', async () => {
    const { user, manager } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Low limit' }, LAZY));
    await user.type(screen.getByRole('spinbutton', { name: 'New value' }), '100{Enter}');
    expect(manager.set).toHaveBeenCalledWith(IP, '/amp/powerSupply', { lineLowLimitWarning: 100 });
    // the low limit stays at or below the high one
    expect(screen.getByRole('slider', { name: 'Low limit' })).toHaveAttribute('aria-valuemax', '264');
    await user.click(screen.getByRole('switch', { name: 'Automatic limits' }));
    expect(manager.set).toHaveBeenCalledWith(IP, '/amp/powerSupply', { lineWarningAutoLimits: true });
  });

  it('disables the limits while automatic limits are on', async () => {
    open({ amp: { ...amp, powerSupply: { ...amp.powerSupply, lineWarningAutoLimits: true } } });
    expect(await screen.findByRole('slider', { name: 'Low limit' }, LAZY)).toBeDisabled();
    expect(screen.getByRole('slider', { name: 'High limit' })).toBeDisabled();
    expect(screen.getByText('The amp sets the limits itself while automatic limits are on.')).toBeInTheDocument();
  });

  it('applies the named UAC permissions: Readonly disables, Locked shows the padlock, Write allows', () => {
    const devices = devicesWith([
      {
        ip: IP,
        model: '704D',
        patch: {
          amp,
          UAC: {
            key: 'site',
            roles: {
              installer: {
                'powerSupply.autoStandby.enable': 1,
                'powerSupply.autoStandby.threshold': 0,
                'powerSupply.autoStandby.waitTime': 2,
                'powerSupply.autoAcLimits.enable': 2,
                'powerSupply.acFaultLimit.low': 1,
              },
            },
          },
        },
      },
    ]);
    renderInProviders(<PowerScreen ampId={IP} />, { preloaded: { devices } });
    expect(screen.getByRole('switch', { name: 'Auto-standby' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Mode' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('slider', { name: 'Threshold' })).not.toBeInTheDocument();
    expect(screen.getAllByTitle('This field is locked by UAC or speaker tunings').length).toBeGreaterThan(0);
    expect(screen.getByRole('slider', { name: 'Time to wait' })).toBeEnabled();
    expect(screen.getByRole('switch', { name: 'Automatic limits' })).toBeEnabled();
    expect(screen.getByRole('slider', { name: 'Low limit' })).toBeDisabled();
    // not named in the role: Locked by default
    expect(screen.queryByRole('slider', { name: 'High limit' })).not.toBeInTheDocument();
  });

  it('lets a guest look, not change', async () => {
    open({ misc: { passwordProtected: true } });
    expect(await screen.findByText('Sign in to change the power settings.', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Auto-standby' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Automatic limits' })).toBeDisabled();
    expect(screen.getByRole('slider', { name: 'Time to wait' })).toBeDisabled();
  });
});

describe('energy savings page', () => {
  it('shows auto-standby, channels in standby and the estimated standby power, linking to the power page', async () => {
    const channels = Object.fromEntries(
      Array.from({ length: getModel('704D').channels }, (_, i) => [
        String(i + 1),
        {
          output: {
            name: `Zone ${i + 1}`,
            status: i === 0 ? ('Standby' as const) : ('Ok' as const),
            autoStandbyActive: i === 1,
          },
        },
      ]),
    );
    const devices = devicesWith([
      {
        ip: IP,
        model: '704D',
        patch: {
          amp: {
            autoStandby: { enable: true, mode: 'Constant', active: false },
            powerSupply: { estPowerUsageAutoStandby: 18.25, powerSource: 'AC LINE' },
            channels,
          },
        },
      },
    ]);
    const { user, router } = renderApp({ path: `/amps/${IP}/green`, preloaded: { devices } });
    expect(await screen.findByRole('heading', { name: 'Energy savings', level: 2 }, LAZY)).toBeInTheDocument();
    expect(row('Auto-standby On (Constant)')).toBeInTheDocument();
    expect(row('Estimated power use in standby 18.3 W')).toBeInTheDocument();
    const list = screen.getByRole('table', { name: 'Channels' });
    expect(within(list).getByRole('row', { name: 'Channel 1: Zone 1 In standby' })).toBeInTheDocument();
    expect(within(list).getByRole('row', { name: 'Channel 2: Zone 2 In standby' })).toBeInTheDocument();
    expect(within(list).getByRole('row', { name: 'Channel 3: Zone 3 On' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Power supply settings' }));
    expect(router.state.location.pathname).toBe(`/amps/${IP}/power`);
  });

  it('has no hard-coded strings (pseudo-locale)', async () => {
    const devices = devicesWith([{ ip: IP, name: 'Main', model: '704D', patch: { amp } }]);
    const data = ['Main', IP, getModel('704D').modelID];
    const power = renderApp({ path: `/amps/${IP}/power`, resources: pseudoResources(), preloaded: { devices } });
    await screen.findByRole('heading', { name: pseudo('Power supply'), level: 2 }, LAZY);
    expectOnlyTranslated(data);
    power.unmount();
    renderApp({ path: `/amps/${IP}/green`, resources: pseudoResources(), preloaded: { devices } });
    await screen.findByRole('heading', { name: pseudo('Energy savings'), level: 2 }, LAZY);
    expectOnlyTranslated(data);
  });
});
