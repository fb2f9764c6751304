import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedOutSession } from '../../../shared/cloud/session-slice';
import { cloudError, fakeCloud } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';

describe('forgot password in three steps (spec 1 §2, §4, §8)', () => {
  it('EnterEmail → EnterPassword → Complete, with Return to Sign in on each step', async () => {
    const api = fakeCloud({
      'POST /auth/forgot-password': { body: { destination: 'a***@e***.com', deliveryMedium: 'EMAIL' } },
      'POST /auth/confirm-forgot-password': { body: { ok: true } },
    });
    const { user } = renderCloud('/forgot', { session: signedOutSession, cloudApi: api });
    expect(await screen.findByRole('link', { name: 'Return to Sign in' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByLabelText('Email'));
    await user.paste('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));

    expect(await screen.findByText(/a\*\*\*@e\*\*\*\.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Sign in' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Confirmation code'));
    await user.paste('123456');
    await user.click(screen.getByLabelText('New password'));
    await user.paste('Rackside1!');
    await user.click(screen.getByLabelText('Confirm new password'));
    await user.paste('Rackside2!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.paste('Rackside1!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('heading', { name: 'Password updated' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Sign in' })).toBeInTheDocument();
    expect(api.callsTo('POST /auth/confirm-forgot-password')[0]?.body).toEqual({
      email: 'ada@example.com',
      code: '123456',
      password: 'Rackside1!',
      confirmPassword: 'Rackside1!',
    });
  });

  it.each([
    ['UserNotFound', 404, 'No account uses this email address.'],
    ['EmailNotVerified', 403, 'This email address is not verified, so no reset code can be sent.'],
  ])('maps %s to its message', async (name, status, message) => {
    const api = fakeCloud({ 'POST /auth/forgot-password': cloudError(status, name) });
    const { user } = renderCloud('/forgot', { session: signedOutSession, cloudApi: api });
    await user.click(await screen.findByLabelText('Email'));
    await user.paste('nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(within(await screen.findByRole('dialog', { name: 'Error' })).getByText(message)).toBeInTheDocument();
  });
});
