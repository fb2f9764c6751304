import { act, screen, waitFor, within } from '@testing-library/react';
import { DeviceCallError } from '@rackside/device-client';
import { DeviceErrorCode } from '@rackside/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOUD_HOSTING } from '../../../shared/hosting';
import { deltasReceived } from '../../../device/store/devices-slice';
import { fakeManager } from '../../../testing/fake-manager';
import { devicesWith } from '../../../testing/fixtures';
import { renderAmpPage } from '../../../testing/render-amp-page';
import { PasswordSection } from './password-section';

const AMP = '10.0.0.1';
const fleet = (passwordProtected: boolean) =>
  devicesWith([{ ip: AMP, name: 'Main', patch: { misc: { passwordProtected } } }]);
const input = (label: string) => screen.getByLabelText(label);
const sentPayload = (manager: ReturnType<typeof fakeManager>) => manager.set.mock.calls[0];

describe('password section (spec 2 §4/§5)', () => {
  afterEach(() => vi.useRealTimers());

  it('protects an open amp with a matching password, encrypted, then sends the user to /login', async () => {
    const { user, manager, router, store } = renderAmpPage(<PasswordSection ampId={AMP} />, { devices: fleet(false) });
    const protect = screen.getByRole('button', { name: 'Protect' });
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(protect).toBeDisabled();

    await user.type(input('New password'), 'Fleet1!pw');
    await user.type(input('Confirm password'), 'Fleet1!px');
    expect(screen.getByText('password does not match')).toBeInTheDocument();
    expect(protect).toBeDisabled();
    await user.clear(input('Confirm password'));
    await user.type(input('Confirm password'), 'Fleet1!pw');
    expect(screen.queryByText('password does not match')).not.toBeInTheDocument();

    await user.click(protect);
    // the page waits for the amp to report the change before it leaves (the amp is unsubscribed on leaving)
    await waitFor(() => expect(input('New password')).toBeDisabled());
    expect(router.state.location.pathname).toBe(`/amps/${AMP}/settings`);
    act(() => void store.dispatch(deltasReceived([{ ampId: AMP, delta: { misc: { passwordProtected: true } } }])));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [ampId, url, params] = sentPayload(manager) ?? [];
    expect([ampId, url]).toEqual([AMP, '/users']);
    expect(Object.keys(params ?? {}).sort()).toEqual(['ciphertext', 'encryptedKey', 'iv', 'tag']);
    expect(JSON.stringify(params)).not.toContain('Fleet1!pw');
    expect(store.getState().localLogin.password).toBeNull();
  });

  it('offers Change and Remove on a protected amp; Change keeps the change-password rules', async () => {
    const { user, manager } = renderAmpPage(<PasswordSection ampId={AMP} />, {
      devices: fleet(true),
      password: 'S3cret!pw',
    });
    const group = screen.getByRole('radiogroup', { name: 'What to do' });
    expect(within(group).getByRole('radio', { name: 'Change password' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Remove password' })).not.toBeChecked();
    const change = screen.getByRole('button', { name: 'Change password' });

    await user.type(input('New password'), 'weakpass');
    expect(screen.getByText('Add a digit')).toBeInTheDocument();
    await user.clear(input('New password'));
    await user.type(input('New password'), 'Str0ng!pw');
    await user.type(input('Confirm password'), 'Str0ng!pw');
    expect(change).toBeDisabled(); // the current password is still missing
    await user.type(input('Current password'), 'S3cret!pw');
    expect(change).toBeEnabled();
    expect(manager.set).not.toHaveBeenCalled();
  });

  it('shows the amp’s InvalidPassword for a wrong current password and changes nothing', async () => {
    const manager = fakeManager();
    manager.set.mockRejectedValue(
      new DeviceCallError(DeviceErrorCode.InvalidPassword, 'InvalidPassword', 'set', '/users'),
    );
    const { user, router, store } = renderAmpPage(<PasswordSection ampId={AMP} />, {
      devices: fleet(true),
      password: 'S3cret!pw',
      manager,
    });
    await user.type(input('Current password'), 'wrong');
    await user.type(input('New password'), 'Str0ng!pw');
    await user.type(input('Confirm password'), 'Str0ng!pw');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('InvalidPassword');
    expect(router.state.location.pathname).toBe(`/amps/${AMP}/settings`);
    expect(store.getState().localLogin.password).toBe('S3cret!pw');
    expect(input('Current password')).toHaveValue('wrong');
  });

  it('removes the password with the current one only', async () => {
    const { user, manager, router } = renderAmpPage(<PasswordSection ampId={AMP} />, {
      devices: fleet(true),
      password: 'S3cret!pw',
    });
    await user.click(screen.getByRole('radio', { name: 'Remove password' }));
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Remove password' });
    expect(remove).toBeDisabled();
    await user.type(input('Current password'), 'S3cret!pw');
    // the wait's timer is set up faked (still advancing with real time): the test moves the clock on
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(remove);
    // an amp that never reports the change: the page leaves after PASSWORD_REPORT_WAIT_MS anyway
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 2000 });
    const [, url, params] = sentPayload(manager) ?? [];
    expect(url).toBe('/users');
    expect(typeof params?.iv).toBe('string');
  });

  it('lets a guest and cloud mode change nothing', () => {
    const guest = renderAmpPage(<PasswordSection ampId={AMP} />, { devices: fleet(true) });
    expect(input('Current password')).toBeDisabled();
    expect(screen.getByText(/Sign in to change the password/)).toBeInTheDocument();
    guest.unmount();
    renderAmpPage(<PasswordSection ampId={AMP} />, { devices: fleet(false), hosting: CLOUD_HOSTING });
    expect(input('New password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Protect' })).toBeDisabled();
    expect(screen.getByText(/cannot be changed in cloud mode/)).toBeInTheDocument();
  });
});
