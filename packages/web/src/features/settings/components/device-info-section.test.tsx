import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devicesWith } from '../../../testing/fixtures';
import { renderAmpPage } from '../../../testing/render-amp-page';
import { DeviceInfoSection } from './device-info-section';

const AMP = '10.0.0.1';
const render = () =>
  renderAmpPage(<DeviceInfoSection ampId={AMP} />, {
    devices: devicesWith([{ ip: AMP, patch: { amp: { deviceInfo: { deviceName: 'Main', rackName: 'A' } } } }]),
  });
const info = () => screen.getByRole('region', { name: 'Device info' });
const box = (name: string) => within(info()).getByRole('textbox', { name });

describe('device info names (issue 18)', () => {
  it('shows the amp’s maxLength as a live counter under each text field', async () => {
    const { user } = render();
    // deviceName is name(64), rackPosition name(16) in the protocol's tree
    expect(within(info()).getByText('4/64')).toBeInTheDocument();
    expect(within(info()).getByText('0/16')).toBeInTheDocument();
    await user.type(box('Device name'), ' left');
    expect(within(info()).getByText('9/64')).toBeInTheDocument();
  });

  it('refuses an empty device name with a message and sends nothing; Escape brings the name back', async () => {
    const { user, manager } = render();
    const name = box('Device name');
    expect(name).toHaveAttribute('aria-required', 'true');
    await user.clear(name);
    await user.keyboard('{Enter}');
    await user.tab();
    expect(manager.set).not.toHaveBeenCalled();
    expect(name).toHaveValue('');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name. An empty name is not sent to the amp.');
    expect(name).toHaveAccessibleDescription(/Enter a name/);
    await user.click(name);
    await user.keyboard('{Escape}');
    expect(name).toHaveValue('Main');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lets other fields (the rack name) be emptied', async () => {
    const { user, manager } = render();
    await user.clear(box('Rack name'));
    await user.tab();
    expect(manager.set).toHaveBeenCalledWith(AMP, '/amp/deviceInfo', { rackName: '' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a name longer than the amp’s maxLength with a message, never cutting it', async () => {
    const { user, manager } = render();
    const position = box('Rack position');
    await user.type(position, 'Rack 12, unit 14-15'); // 19 characters, the amp keeps 16
    expect(position).toHaveValue('Rack 12, unit 14-15');
    expect(within(info()).getByText('19/16')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(manager.set).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('At most 16 characters.');
    await user.keyboard('{Backspace}{Backspace}{Backspace}{Enter}');
    expect(manager.set).toHaveBeenCalledExactlyOnceWith(AMP, '/amp/deviceInfo', { rackPosition: 'Rack 12, unit 14' });
  });
});
