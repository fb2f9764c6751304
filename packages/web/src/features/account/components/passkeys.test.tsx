import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOutSession } from '../../../shared/cloud/session-slice';
import { cloudError, fakeCloud, sessionReply } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';

// the browser's WebAuthn (jsdom has none): what the authenticator answers, or how the user cancels
const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const CREATION = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'cloud.test', name: 'Rackside' },
  user: { id: 'dXNlcg', name: 'ada@example.com', displayName: 'ada@example.com' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
};
const REQUEST = { challenge: 'cmVxdWVzdA', rpId: 'cloud.test', userVerification: 'required' };
const ATTESTATION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
  clientExtensionResults: { credProps: { rk: true } },
};
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};
const cancelled = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
const passkey = (id: string, name: string, lastUsedAt: string | null = null) => ({
  id,
  name,
  createdAt: '2026-01-15T10:00:00.000Z',
  lastUsedAt,
});

beforeEach(() => {
  webauthn.startRegistration.mockReset();
  webauthn.startAuthentication.mockReset();
});

describe('passkeys on /profile/two-factor (issue 21)', () => {
  const page = (routes: Parameters<typeof fakeCloud>[0]) =>
    fakeCloud({ 'GET /auth/two-factor': { body: { enabled: false, recoveryCodesLeft: 0 } }, ...routes });

  it('adds a passkey with a name; the list shows it with when it was added and last used', async () => {
    let list = [passkey('p1', 'Phone', '2026-01-16T08:30:00.000Z')];
    const api = page({
      'GET /auth/passkeys': () => ({ body: { passkeys: list } }),
      'POST /auth/passkeys/registration-options': { body: { options: CREATION } },
      'POST /auth/passkeys': () => {
        list = [...list, passkey('p2', 'Studio laptop')];
        return { body: { passkey: list[1] } };
      },
    });
    webauthn.startRegistration.mockResolvedValue(ATTESTATION);
    const { user } = renderCloud('/profile/two-factor', { cloudApi: api });
    const passkeys = await screen.findByRole('list', { name: 'Passkeys' });
    expect(within(passkeys).getByText(/Last used/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.clear(within(dialog).getByLabelText('Passkey name'));
    await user.type(within(dialog).getByLabelText('Passkey name'), 'Studio laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Passkey added: Studio laptop')).toBeInTheDocument();
    expect(await within(passkeys).findByText('Studio laptop')).toBeInTheDocument();
    expect(within(passkeys).getByText(/Not used yet/)).toBeInTheDocument();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: CREATION });
    expect(api.callsTo('POST /auth/passkeys')[0]?.body).toEqual({
      name: 'Studio laptop',
      credential: { ...ATTESTATION, clientExtensionResults: {} },
    });
  });

  it('says so when the ceremony is cancelled, and registers nothing', async () => {
    const api = page({
      'GET /auth/passkeys': { body: { passkeys: [] } },
      'POST /auth/passkeys/registration-options': { body: { options: CREATION } },
    });
    webauthn.startRegistration.mockRejectedValue(cancelled());
    const { user } = renderCloud('/profile/two-factor', { cloudApi: api });
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('The passkey request was cancelled or timed out. Nothing was changed.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /auth/passkeys')).toEqual([]);
  });

  it('asks for the password when the sign-in is old', async () => {
    const api = page({
      'GET /auth/passkeys': { body: { passkeys: [] } },
      'POST /auth/passkeys/registration-options': (request) =>
        (request.body as { password?: string }).password === 'Rackside1!'
          ? { body: { options: CREATION } }
          : cloudError(403, 'RecentSignInRequired'),
      'POST /auth/passkeys': { body: { passkey: passkey('p1', 'My passkey') } },
    });
    webauthn.startRegistration.mockResolvedValue(ATTESTATION);
    const { user } = renderCloud('/profile/two-factor', { cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.type(await within(dialog).findByLabelText('Current password'), 'Rackside1!');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Passkey added: My passkey')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/passkeys/registration-options').map((c) => c.body)).toEqual([
      {},
      { password: 'Rackside1!' },
    ]);
  });

  it('renames a passkey, and removes one only after the confirmation', async () => {
    let list = [passkey('p1', 'Phone'), passkey('p2', 'Desk key')];
    const api = page({
      'GET /auth/passkeys': () => ({ body: { passkeys: list } }),
      'PUT /auth/passkeys/p1': (request) => {
        list = [{ ...passkey('p1', (request.body as { name: string }).name) }, passkey('p2', 'Desk key')];
        return { body: { passkey: list[0] } };
      },
      'DELETE /auth/passkeys/p2': () => {
        list = list.filter((p) => p.id !== 'p2');
        return { body: { ok: true } };
      },
    });
    const { user } = renderCloud('/profile/two-factor', { cloudApi: api });
    const passkeys = await screen.findByRole('list', { name: 'Passkeys' });
    await user.click(within(passkeys).getByRole('button', { name: 'Rename Phone' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename the passkey' });
    await user.clear(within(rename).getByLabelText('Passkey name'));
    await user.type(within(rename).getByLabelText('Passkey name'), 'Work phone');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await within(passkeys).findByText('Work phone')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(passkeys).getByRole('button', { name: 'Remove Desk key' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the passkey?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /auth/passkeys/p2')).toEqual([]);
    await user.click(within(passkeys).getByRole('button', { name: 'Remove Desk key' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(passkeys).queryByText('Desk key')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /auth/passkeys/p2')).toHaveLength(1);
  });
});

describe('signing in with a passkey (issue 21)', () => {
  it('signs in passwordless from the sign-in page', async () => {
    const api = fakeCloud({
      'POST /auth/sign-in/passkey/options': { body: { options: REQUEST } },
      'POST /auth/sign-in/passkey': { body: sessionReply(2) },
    });
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const { user, router } = renderCloud('/login', { session: signedOutSession, cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues'));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: REQUEST });
    expect(api.callsTo('POST /auth/sign-in/passkey')[0]?.body).toEqual({ credential: ASSERTION });
  });

  it('shows a cancelled passwordless sign-in and stays on the page', async () => {
    const api = fakeCloud({ 'POST /auth/sign-in/passkey/options': { body: { options: REQUEST } } });
    webauthn.startAuthentication.mockRejectedValue(cancelled());
    const { user, router } = renderCloud('/login', { session: signedOutSession, cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(
      await screen.findByText('The passkey request was cancelled or timed out. Nothing was changed.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.callsTo('POST /auth/sign-in/passkey')).toEqual([]);
  });

  it('offers a passkey next to the code when the account has one', async () => {
    const api = fakeCloud({
      'POST /auth/sign-in': {
        body: { twoFactorRequired: true, challenge: 'challenge-1', expiresIn: 300, passkeys: true },
      },
      'POST /auth/sign-in/two-factor/passkey/options': {
        body: { options: { ...REQUEST, userVerification: 'discouraged' } },
      },
      'POST /auth/sign-in/two-factor/passkey': { body: sessionReply(2) },
    });
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const { user, router } = renderCloud('/login', { session: signedOutSession, cloudApi: api });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Rackside1!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues'));
    expect(api.callsTo('POST /auth/sign-in/two-factor/passkey/options')[0]?.body).toEqual({ challenge: 'challenge-1' });
    expect(api.callsTo('POST /auth/sign-in/two-factor/passkey')[0]?.body).toEqual({
      challenge: 'challenge-1',
      credential: ASSERTION,
    });
  });

  it('offers no passkey on the code step of an account without one', async () => {
    const api = fakeCloud({
      'POST /auth/sign-in': { body: { twoFactorRequired: true, challenge: 'c', expiresIn: 300 } },
    });
    const { user } = renderCloud('/login', { session: signedOutSession, cloudApi: api });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Rackside1!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
  });
});
