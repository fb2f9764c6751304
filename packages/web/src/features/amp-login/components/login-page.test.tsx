import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeManager } from '../../../testing/fake-manager';
import { devicesWith } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { LOCAL_LOGIN_STORAGE_KEY } from '../../../device';

const protectedFleet = () =>
  devicesWith([{ ip: '10.0.0.1', name: 'Main', patch: { misc: { passwordProtected: true } } }]);

describe('local login (spec 2 §2, §5)', () => {
  it('sends a signed-out user from / to the login when the host amp is protected', async () => {
    const { router } = renderApp({ path: '/', preloaded: { devices: protectedFleet() } });
    expect(await screen.findByRole('heading', { name: 'Sign in to the amp' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('keeps Sign In disabled while the password is empty', async () => {
    const { user } = renderApp({ path: '/login', preloaded: { devices: protectedFleet() } });
    const signIn = await screen.findByRole('button', { name: 'Sign In' });
    expect(signIn).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(signIn).toBeEnabled();
    await user.clear(screen.getByLabelText('Password'));
    expect(signIn).toBeDisabled();
  });

  it('submits on Enter, remembers the login and goes to the amp list', async () => {
    const manager = fakeManager('ok');
    const { user, router } = renderApp({ path: '/login', manager, preloaded: { devices: protectedFleet() } });
    await user.type(await screen.findByLabelText('Password'), 'S3cret!pw{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/amps'));
    expect(manager.verifyPassword).toHaveBeenCalledWith('S3cret!pw');
    expect(JSON.parse(localStorage.getItem(LOCAL_LOGIN_STORAGE_KEY) ?? 'null')).toEqual({ password: 'S3cret!pw' });
  });

  it('shows Login Failed for a wrong password and stays', async () => {
    const { user, router } = renderApp({
      path: '/login',
      manager: fakeManager('invalid'),
      preloaded: { devices: protectedFleet() },
    });
    await user.type(await screen.findByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login Failed');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(LOCAL_LOGIN_STORAGE_KEY)).toBeNull();
  });

  it('says when the amp cannot be reached', async () => {
    const { user } = renderApp({
      path: '/login',
      manager: fakeManager('unreachable'),
      preloaded: { devices: protectedFleet() },
    });
    await user.type(await screen.findByLabelText('Password'), 'pw{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to connect to main amp');
  });

  it('lets a guest continue to the amp list, where the protected amp cannot be changed', async () => {
    const { user, router } = renderApp({ path: '/login', preloaded: { devices: protectedFleet() } });
    await user.click(await screen.findByRole('button', { name: 'Continue as guest' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/amps'));
    expect(await screen.findByRole('button', { name: /^Mute all channels/ })).toBeDisabled();
  });

  it('goes straight to the amps when a local login exists, and signing out forgets it', async () => {
    const { user, router } = renderApp({
      path: '/',
      preloaded: { devices: protectedFleet(), localLogin: { password: 'pw' } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/amps'));
    expect(await screen.findByRole('button', { name: /^Mute all channels/ })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Open the main menu' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(LOCAL_LOGIN_STORAGE_KEY)).toBeNull();
  });
});
