import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedOutSession } from '../../../shared/cloud/session-slice';
import { cloudError, fakeCloud, type FakeRoute } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';

const DELIVERY = { body: { destination: 'a***@e***.com', deliveryMedium: 'EMAIL' } };

function register(signUp: FakeRoute = DELIVERY, confirm: FakeRoute = { body: { ok: true } }) {
  const api = fakeCloud({ 'POST /auth/sign-up': signUp, 'POST /auth/confirm-sign-up': confirm });
  return renderCloud('/register', { session: signedOutSession, cloudApi: api });
}

async function fill(user: ReturnType<typeof register>['user'], password: string, confirm = password) {
  // one paste per field: real focus and input events, without a round of events per character
  await user.click(await screen.findByLabelText('Email'));
  await user.paste('ada@example.com');
  await user.click(screen.getByLabelText('Password'));
  await user.paste(password);
  await user.click(screen.getByLabelText('Confirm password'));
  await user.paste(confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('register (spec 1 §2, §5, §8)', () => {
  it.each([
    ['Short1!', 'At least 8 characters'],
    ['Longenough!', 'Include a digit'],
    ['LONGENOUGH1!', 'Include a lowercase letter'],
    ['longenough1!', 'Include an uppercase letter'],
    ['Longenough1', 'Include a special character: !@#$%^&*(),.?":{}|<>'],
  ])('checks the password rules before calling the cloud: %s', async (password, message) => {
    const { user, api } = register();
    await fill(user, password);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('wants the passwords to match', async () => {
    const { user, api } = register();
    await fill(user, 'Rackside1!', 'Rackside2!');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('maps EmailExists to its message', async () => {
    const { user } = register(cloudError(409, 'EmailExists'));
    await fill(user, 'Rackside1!');
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('An account with this email address already exists.')).toBeInTheDocument();
  });

  it('confirms with the code, then shows the account-created page with Sign in', async () => {
    let tries = 0;
    const { user, api } = register(DELIVERY, () =>
      ++tries === 1 ? cloudError(400, 'InvalidCode') : { body: { ok: true } },
    );
    await fill(user, 'Rackside1!');
    await user.click(await screen.findByLabelText('Confirmation code'));
    await user.paste('111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('The code is not correct.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Account created' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('POST /auth/confirm-sign-up')[1]?.body).toEqual({ email: 'ada@example.com', code: '111111' });
  });
});
