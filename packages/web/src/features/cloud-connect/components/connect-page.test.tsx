import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devicesWith } from '../../../testing/fixtures';
import { fakeManager } from '../../../testing/fake-manager';
import { renderApp } from '../../../testing/render-app';
import { renderInProviders } from '../../../testing/render-in-providers';
import { deltasReceived } from '../../../device/store/devices-slice';
import { detectDevCloud, regionsFor } from '../regions';
import { ConnectPage } from './connect-page';
import { getModel } from '@rackside/protocol';
import { pseudo, pseudoResources } from '../../../testing/pseudo-locale';
import { expectOnlyTranslated } from '../../../testing/pseudo-check';

const LAZY = { timeout: 10_000 };
const IP = '10.0.0.1';
const US = 'https://cloud.rackside.example/api/devices/register';

function open(options: { connection?: 'CONNECTED' | 'FAILED'; manager?: ReturnType<typeof fakeManager> } = {}) {
  const devices = devicesWith([
    { ip: IP, connection: options.connection ?? 'CONNECTED', everConnected: true },
    { ip: '10.0.0.2' },
  ]);
  return renderApp({
    path: `/amps/${IP}/connect`,
    preloaded: { devices },
    ...(options.manager ? { manager: options.manager } : {}),
  });
}

async function connect(user: ReturnType<typeof open>['user'], token = 'tok-1') {
  await user.click(await screen.findByRole('textbox', { name: 'Registration token' }, LAZY));
  await user.paste(token);
  await user.click(screen.getByRole('button', { name: 'Connect' }));
}

afterEach(() => vi.useRealTimers());

describe('connect to account (spec 2 §2, spec 1 §4/§5)', () => {
  it('sends the token and the region endpoint to /cloud, runs, and opens the success dialog when registered', async () => {
    const { user, manager, store } = open();
    const status = (s: 'Registering' | 'Registered') =>
      act(() => void store.dispatch(deltasReceived([{ ampId: IP, delta: { cloud: { status: s } } }])));
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    await connect(user);
    expect(manager.set).toHaveBeenCalledWith(IP, '/cloud', { registrationToken: 'tok-1', registrationEndpoint: US });
    expect(screen.getByRole('status')).toHaveTextContent('Registering the amp…');
    expect(screen.getByRole('textbox', { name: 'Registration token' })).toBeDisabled();
    status('Registering');
    expect(screen.getByText('Cloud status of the amp: Registering')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    status('Registered');
    const dialog = await screen.findByRole('dialog', { name: 'Amp registered' });
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Registration token' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Registration token' })).toBeEnabled();
  });

  it("shows 'something went wrong' on the token field when the amp reports Failed", async () => {
    const { user, store } = open();
    await connect(user);
    act(() => {
      store.dispatch(deltasReceived([{ ampId: IP, delta: { cloud: { status: 'Registering' } } }]));
      store.dispatch(deltasReceived([{ ampId: IP, delta: { cloud: { status: 'Failed' } } }]));
    });
    const token = await screen.findByRole('textbox', { name: 'Registration token' });
    await waitFor(() => expect(token).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('something went wrong')).toBeInTheDocument();
    expect(token).toBeEnabled(); // the user can try again
  });

  it.each([
    ['REGISTRATION_TOKEN_USED', 'This registration token has already been used.'],
    ['REGISTRATION_TOKEN_EXPIRED', 'This registration token has expired.'],
    ['REGISTRATION_TOKEN_INVALID', 'This registration token is not valid.'],
  ] as const)('names the reason the amp gives for a failed registration (%s, issue 16)', async (lastError, text) => {
    const { user, store } = open();
    await connect(user);
    act(() => {
      store.dispatch(deltasReceived([{ ampId: IP, delta: { cloud: { status: 'Registering', lastError: 'None' } } }]));
      store.dispatch(deltasReceived([{ ampId: IP, delta: { cloud: { status: 'Failed', lastError } } }]));
    });
    expect(await screen.findByText(new RegExp(`^${text}`))).toBeInTheDocument();
    expect(screen.queryByText('something went wrong')).not.toBeInTheDocument();
  });

  it('says the amp is not connected when its cloud account let it go (issue 16)', async () => {
    const send = vi.fn(() => Promise.resolve(true));
    const page = (lastError: 'DEVICE_REMOVED' | 'CREDENTIALS_REFUSED' | 'None') => (
      <ConnectPage
        cloud={{ status: 'Unregistered', registrationToken: '', lastError }}
        regions={regionsFor(false)}
        canWrite
        send={send}
      />
    );
    const cases = [
      ['DEVICE_REMOVED', 'en', /^Not connected: this amp was removed from its cloud account/],
      ['CREDENTIALS_REFUSED', 'en', /^Not connected: the cloud no longer accepts/],
      ['DEVICE_REMOVED', 'es', /^Sin conexión: este amplificador se eliminó de su cuenta/],
      ['DEVICE_REMOVED', 'zh', /^未连接：此功放已从其云账户中移除/],
    ] as const;
    for (const [lastError, language, text] of cases) {
      const preferences = { language, darkMode: false, delayUnits: 'Milliseconds' as const };
      const { unmount } = renderInProviders(page(lastError), { language, preloaded: { preferences } });
      expect(await screen.findByText(text, {}, LAZY)).toBeInTheDocument();
      unmount();
    }
    const { unmount } = renderInProviders(page('None'));
    expect(screen.queryByText(/^Not connected/)).not.toBeInTheDocument();
    unmount();
  });

  it('fails when the amp refuses the write', async () => {
    const manager = fakeManager();
    manager.set.mockRejectedValue(new Error('refused'));
    const { user } = open({ manager });
    await connect(user);
    expect(await screen.findByText('something went wrong')).toBeInTheDocument();
  });

  it('gives up after 60 s without an outcome', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = open();
    await connect(user);
    expect(screen.getByRole('status')).toHaveTextContent('Registering the amp…');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText('something went wrong')).toBeInTheDocument();
  });

  it('offers the regions, the China one with its note; development and test only in development mode', async () => {
    const { user, manager } = open();
    await user.click(await screen.findByRole('combobox', { name: 'Region' }, LAZY));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([
      'US production',
      'China productionChoose this only if you are in China.',
      'Development',
      'Test',
    ]);
    await user.click(screen.getByRole('option', { name: /China production/ }));
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveAccessibleDescription(
      'Choose this only if you are in China.',
    );
    await connect(user);
    expect(manager.set).toHaveBeenCalledWith(IP, '/cloud', {
      registrationToken: 'tok-1',
      registrationEndpoint: 'https://cn.cloud.rackside.example/api/devices/register',
    });
  });

  it("registers the development region at the cloud the amp's page names (rackside-dev-cloud)", async () => {
    const endpoint = 'http://127.0.0.1:8495/api/devices/register';
    const meta = document.createElement('meta');
    meta.name = 'rackside-dev-cloud';
    meta.content = endpoint;
    document.head.append(meta);
    try {
      const { user, manager } = open();
      await user.click(await screen.findByRole('textbox', { name: 'Registration token' }, LAZY));
      await user.paste('tok-dev');
      await user.click(screen.getByRole('combobox', { name: 'Region' }));
      await user.click(screen.getByRole('option', { name: 'Development' }));
      await user.click(screen.getByRole('button', { name: 'Connect' }));
      expect(manager.set).toHaveBeenCalledWith(IP, '/cloud', {
        registrationToken: 'tok-dev',
        registrationEndpoint: endpoint,
      });
    } finally {
      meta.remove();
    }
  });

  it('lists only the production regions outside development mode', async () => {
    const send = vi.fn(() => Promise.resolve(true));
    const { user } = renderInProviders(
      <ConnectPage
        cloud={{ status: 'Unregistered', registrationToken: '' }}
        regions={regionsFor(detectDevCloud(document, false).developmentMode)}
        canWrite
        send={send}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Region' }));
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('needs a connected amp', async () => {
    open({ connection: 'FAILED' });
    expect(
      await screen.findByText('The amp must be connected to register it with an account.', {}, LAZY),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Registration token' })).not.toBeInTheDocument();
  });

  it('has no hard-coded strings (pseudo-locale)', async () => {
    const devices = devicesWith([{ ip: IP, name: 'Main' }]);
    const { user } = renderApp({ path: `/amps/${IP}/connect`, resources: pseudoResources(), preloaded: { devices } });
    await screen.findByRole('heading', { name: pseudo('Connect to account'), level: 2 }, LAZY);
    await user.click(screen.getByRole('combobox', { name: pseudo('Region') }));
    await screen.findByRole('listbox');
    expectOnlyTranslated(['Main', IP, getModel('704D').modelID]);
  });
});
