import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedOutSession } from '../../../shared/cloud/session-slice';
import { cloudError, fakeCloud, sessionReply } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';

const CHALLENGE = { twoFactorRequired: true, challenge: 'challenge-1', expiresIn: 300 };

async function signIn(user: ReturnType<typeof renderCloud>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'Rackside1!');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('two-factor sign-in (issue 21)', () => {
  it('asks for the code after a right password and signs in with it', async () => {
    let tries = 0;
    const api = fakeCloud({
      'POST /auth/sign-in': { body: CHALLENGE },
      'POST /auth/sign-in/two-factor': () =>
        ++tries === 1 ? cloudError(400, 'InvalidCode') : { body: sessionReply(2) },
    });
    const { user, router } = renderCloud('/login', { session: signedOutSession, cloudApi: api });
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Check it and try again.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues'));
    expect(api.callsTo('POST /auth/sign-in/two-factor').map((c) => c.body)).toEqual([
      { challenge: 'challenge-1', code: '000000' },
      { challenge: 'challenge-1', code: '123456' },
    ]);
  });

  it('takes a recovery code instead, and sends a dead sign-in back to the password', async () => {
    const api = fakeCloud({
      'POST /auth/sign-in': { body: CHALLENGE },
      'POST /auth/sign-in/two-factor': cloudError(401, 'TwoFactorChallengeInvalid'),
    });
    const { user } = renderCloud('/login', { session: signedOutSession, cloudApi: api });
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This sign-in has expired. Sign in again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
  });
});

describe('two-factor page (issue 21)', () => {
  it('turns on: the QR code and the key as text, a first code, then the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);
    const api = fakeCloud({
      'GET /auth/two-factor': { body: { enabled: false, recoveryCodesLeft: 0 } },
      'POST /auth/two-factor/enrol': {
        body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Rackside:ada?secret=JBSWY3DP' },
      },
      'POST /auth/two-factor/confirm': { body: { recoveryCodes: codes } },
    });
    const { user } = renderCloud('/profile/two-factor', { cloudApi: api });
    expect(await screen.findByText(/Two-factor sign-in is off/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByLabelText('Setup key')).toHaveValue('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(api.callsTo('POST /auth/two-factor/confirm')[0]?.body).toEqual({ code: '123456' });
  });

  it('turns off with the password and a code', async () => {
    const api = fakeCloud({
      'GET /auth/two-factor': { body: { enabled: true, recoveryCodesLeft: 7 } },
      'POST /auth/two-factor/disable': cloudError(400, 'InvalidPassword'),
    });
    const { user } = renderCloud('/profile/two-factor', { cloudApi: api });
    expect(await screen.findByText('Recovery codes left: 7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.type(screen.getByLabelText('Current password'), 'Wrong1!');
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The password is not right.')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/two-factor/disable')[0]?.body).toEqual({ password: 'Wrong1!', code: '123456' });
  });
});

describe('sessions page (issue 21)', () => {
  it('lists the devices, marks this one, and signs another out', async () => {
    const session = (id: string, current: boolean, browser: string) => ({
      id,
      browser,
      os: 'Linux',
      address: '192.0.2.1',
      createdAt: '2026-01-15T10:00:00.000Z',
      lastSeenAt: '2026-01-15T10:05:00.000Z',
      current,
    });
    let sessions = [session('s1', true, 'Chrome 131'), session('s2', false, 'Firefox 133')];
    const api = fakeCloud({
      'GET /auth/sessions': () => ({ body: { sessions } }),
      'DELETE /auth/sessions/s2': () => {
        sessions = sessions.filter((s) => s.id !== 's2');
        return { body: { ok: true } };
      },
    });
    const { user } = renderCloud('/profile/sessions', { cloudApi: api });
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(await within(list).findByText('Chrome 131 on Linux')).toBeInTheDocument();
    expect(within(list).getByText('This device')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Sign out Firefox 133 on Linux' }));
    await waitFor(() => expect(screen.queryByText('Firefox 133 on Linux')).not.toBeInTheDocument());
    expect(screen.getByText('No other device is signed in.')).toBeInTheDocument();
  });
});
