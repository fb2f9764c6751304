/** The cloud screens with the pseudo-locale: every visible text and label is a translation or data (spec 1 §1: en/es/zh). */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL } from '../shared/config';
import { signedOutSession } from '../shared/cloud/session-slice';
import { venueRoutes } from '../testing/cloud-venues';
import { fakeCloud, TEST_USER } from '../testing/fake-cloud';
import { pseudo, pseudoResources, untranslated } from '../testing/pseudo-locale';
import { renderCloud } from '../testing/render-cloud';
import { setViewportWidth } from '../testing/viewport';

const VENUES = [{ venueId: 'v1', name: 'Arena', amps: [{ id: 'a1', name: 'Left', fault: true, update: true }] }];
const DATA = new Set([
  SUPPORT_EMAIL,
  TEST_USER.email,
  'Arena',
  'Left',
  '10.0.0.1',
  '704D',
  'token-1',
  '·',
  // the illustrations' example address and masked token
  'http://192.168.1.20',
  '192.168.1.20',
  '••••••••••••••••••••',
]);
const api = () =>
  fakeCloud({
    ...venueRoutes(VENUES),
    'POST /venues/v1/devices/registrationToken': { body: { registrationToken: 'token-1', expiresAt: 'x' } },
  });
const render = (path: string, signedIn = true) =>
  renderCloud(path, {
    resources: pseudoResources(),
    cloudApi: api(),
    ...(signedIn ? {} : { session: signedOutSession }),
  });
const expectTranslated = () => expect(untranslated(document.body, DATA)).toEqual([]);

describe('pseudo-locale: no hard-coded strings on the cloud screens', () => {
  it('sign in, register, forgot password', async () => {
    for (const [path, heading] of [
      ['/login', 'Sign in'],
      ['/register', 'Register new account'],
      ['/forgot', 'Forgot password'],
    ] as const) {
      const view = render(path, false);
      await screen.findByRole('heading', { name: pseudo(heading) });
      expectTranslated();
      view.unmount();
    }
  });

  it('venues (wide), a venue, Add Amp, venue settings, profile, the drawer', async () => {
    setViewportWidth(1280);
    for (const [path, heading] of [
      ['/venues', 'Venues'],
      ['/venues/v1', 'Select an Amp'],
      ['/venues/v1/settings', 'Venue settings'],
      ['/profile', 'Profile'],
    ] as const) {
      const view = render(path);
      await screen.findByRole('heading', { name: pseudo(heading) });
      expectTranslated();
      view.unmount();
    }
    const add = render('/venues/v1/add');
    await screen.findByDisplayValue('token-1');
    expectTranslated();
    await add.user.click(screen.getByRole('button', { name: pseudo('Open the main menu') }));
    await screen.findByRole('navigation');
    expectTranslated();
  });
});
