import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cloudError, fakeCloud, signedInSession, TEST_USER } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';

describe('verify email (spec 1 §2, §8)', () => {
  it('resends the code (UnableToResendCode within a minute) and verifies, then goes to /venues', async () => {
    const api = fakeCloud({
      'POST /auth/resend-verification-code': cloudError(429, 'UnableToResendCode'),
      'POST /auth/verify-email': (r) =>
        (r.body as { code: string }).code === '654321' ? { body: TEST_USER } : cloudError(400, 'InvalidCode'),
      'GET /venues': { body: { venues: [] } },
    });
    const { user, router } = renderCloud('/verify-email', {
      session: signedInSession({ emailVerified: false }),
      cloudApi: api,
    });
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(dialog).getByText('A code was sent recently. Wait a minute before asking for another.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.type(screen.getByLabelText('Confirmation code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not correct or has expired.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.clear(screen.getByLabelText('Confirmation code'));
    await user.type(screen.getByLabelText('Confirmation code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues'));
  });
});
