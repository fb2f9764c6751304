import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cloudError, fakeCloud, sessionReply } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';

const DELIVERY = { body: { destination: 'n***@e***.com', deliveryMedium: 'EMAIL' } };
const closeDialog = async (user: { click: (e: Element) => Promise<void> }) => {
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
};

describe('profile (spec 1 §2, §4, §5, §8)', () => {
  it('changes the email: warning, current password checked by a login, new email twice, then signs out', async () => {
    const api = fakeCloud({
      'POST /auth/sign-in': (r) =>
        (r.body as { password: string }).password === 'Rackside1!'
          ? { body: sessionReply(7) }
          : cloudError(400, 'InvalidPassword'),
      'POST /auth/sign-out': { body: { ok: true } },
      'POST /auth/update-email': (r) =>
        (r.body as { email: string }).email === 'taken@example.com'
          ? cloudError(409, 'AliasExistsException')
          : DELIVERY,
    });
    const { user, router } = renderCloud('/profile', { cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    const warning = await screen.findByRole('dialog', { name: 'Change your email?' });
    await user.click(within(warning).getByRole('button', { name: 'Proceed' }));

    await user.click(await screen.findByLabelText('Current password'));
    await user.paste('wrong');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The password is incorrect.')).toBeInTheDocument();
    await closeDialog(user);
    await user.clear(screen.getByLabelText('Current password'));
    await user.paste('Rackside1!');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // the login that checked the password is ended at once
    await waitFor(() => expect(api.callsTo('POST /auth/sign-out')[0]?.bearer).toBe('id-7'));

    await user.click(await screen.findByLabelText('New email'));
    await user.paste('taken@example.com');
    await user.click(screen.getByLabelText('Verify email'));
    await user.paste('other@example.com');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('The email addresses do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Verify email'));
    await user.paste('taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('Another account already uses this email address.')).toBeInTheDocument();
    await closeDialog(user);
    for (const label of ['New email', 'Verify email']) {
      await user.clear(screen.getByLabelText(label));
      await user.paste('new@example.com');
    }
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByRole('heading', { name: 'Email changed' })).toBeInTheDocument();
    expect(api.callsTo('POST /auth/update-email').at(-1)?.body).toEqual({
      email: 'new@example.com',
      verifyEmail: 'new@example.com',
      password: 'Rackside1!',
    });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('Cancel on the warning stays on the actions', async () => {
    const { user } = renderCloud('/profile');
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });

  it('changes the password with the rules checked first; InvalidPassword is the current one; success returns', async () => {
    const api = fakeCloud({
      'POST /auth/change-password': (r) =>
        (r.body as { oldPassword: string }).oldPassword === 'Old-pass1!'
          ? { body: { ok: true } }
          : cloudError(400, 'InvalidPassword'),
    });
    const { user } = renderCloud('/profile', { cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    await user.type(await screen.findByLabelText('Current password'), 'nope');
    await user.type(screen.getByLabelText('New password'), 'weak');
    await user.type(screen.getByLabelText('Confirm new password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('At least 8 characters')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    for (const label of ['New password', 'Confirm new password']) {
      await user.clear(screen.getByLabelText(label));
      await user.paste('Rackside1!');
    }
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    await closeDialog(user);
    await user.clear(screen.getByLabelText('Current password'));
    await user.paste('Old-pass1!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });
});
