import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedOutSession } from '../../../shared/cloud/session-slice';
import { cloudError, fakeCloud, type FakeRoute } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';

function signInWith(reply: FakeRoute, options: { china?: boolean } = {}) {
  const api = fakeCloud({
    'POST /auth/sign-in': reply,
    'POST /auth/resend-code': { body: { destination: 'a***@e***.com', deliveryMedium: 'EMAIL' } },
  });
  return renderCloud('/login', {
    session: signedOutSession,
    cloudApi: api,
    hosting: { china: options.china ?? false },
  });
}

async function submit(user: ReturnType<typeof signInWith>['user'], email = 'ada@example.com', password = 'pw') {
  if (email) await user.type(await screen.findByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(await screen.findByRole('button', { name: 'Sign in' }));
}

describe('cloud sign-in (spec 1 §2, §5, §8)', () => {
  it('requires the email and the password before calling the cloud', async () => {
    const { user, api } = signInWith({ body: {} });
    await submit(user, '', '');
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    ['InvalidPassword', 400, 'Incorrect email or password.'],
    ['EmailNotFound', 404, 'No account uses this email address.'],
    ['TooManyRequests', 429, 'Too many attempts. Wait a few minutes and try again.'],
    ['ValidationError', 400, 'Sign in failed. Try again.'],
  ])('shows %s in the authentication error dialog; OK resets', async (name, status, message) => {
    const { user } = signInWith(cloudError(status, name));
    await submit(user);
    const dialog = await screen.findByRole('dialog', { name: 'Authentication error' });
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says the cloud cannot be reached when the call fails', async () => {
    const { user } = signInWith(() => Promise.reject(new Error('offline')));
    await submit(user);
    expect(await screen.findByText(/The cloud could not be reached/)).toBeInTheDocument();
  });

  it('sends an unconfirmed user to the confirmation step and resends the code', async () => {
    const { user, api } = signInWith(cloudError(403, 'UserNotConfirmed'));
    await submit(user);
    expect(await screen.findByRole('heading', { name: 'Confirm your account' })).toBeInTheDocument();
    expect(screen.getByText(/ada@example.com/)).toBeInTheDocument();
    expect(api.callsTo('POST /auth/resend-code')[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('offers registration, password reset, terms, privacy, and the ICP filing on the China cloud only, in Chinese', async () => {
    const view = signInWith({ body: {} });
    expect(await screen.findByRole('link', { name: 'Register new account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot');
    expect(screen.getByRole('link', { name: 'Terms of use' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ICP filing' })).not.toBeInTheDocument();
    view.unmount();
    // the China cloud speaks Chinese unless a language is chosen (spec 1 §2 Preferences)
    signInWith({ body: {} }, { china: true });
    expect(await screen.findByRole('link', { name: 'ICP 备案' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '登录' })).toBeInTheDocument();
  });
});
