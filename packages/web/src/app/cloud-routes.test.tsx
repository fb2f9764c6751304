import { screen, waitFor, within } from '@testing-library/react';
import { CSRF_HEADER } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { CLOUD_SESSION_STORAGE_KEY } from '../shared/cloud/session-storage';
import { signedOutSession } from '../shared/cloud/session-slice';
import { cloudError, fakeCloud, sessionReply, signedInSession } from '../testing/fake-cloud';
import { renderCloud } from '../testing/render-cloud';

const noVenues = () => fakeCloud({ 'GET /venues': { body: { venues: [] } } });
const path = (router: { state: { location: { pathname: string } } }) => router.state.location.pathname;

describe('cloud routes and guards (spec 1 §2)', () => {
  it('sends / to /login when nobody is signed in, and to /venues when someone is', async () => {
    const out = renderCloud('/', { session: signedOutSession });
    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
    expect(path(out.router)).toBe('/login');
    out.unmount();
    const signedIn = renderCloud('/', { cloudApi: noVenues() });
    expect(await screen.findByRole('heading', { name: 'No venues yet' })).toBeInTheDocument();
    expect(path(signedIn.router)).toBe('/venues');
  });

  it('sends an unsigned visitor to /login and back to where they were going after signing in', async () => {
    const api = fakeCloud({ 'POST /auth/sign-in': { body: sessionReply(2) } });
    const { router, user } = renderCloud('/profile', { session: signedOutSession, cloudApi: api });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Rackside1!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(path(router)).toBe('/profile');
    expect(api.callsTo('POST /auth/sign-in')[0]?.body).toEqual({ email: 'ada@example.com', password: 'Rackside1!' });
    // issue 16: the tokens stay in memory; the refresh token is the cloud's HttpOnly cookie
    expect(localStorage.getItem(CLOUD_SESSION_STORAGE_KEY)).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('id-2');
  });

  it('sends a signed-in user whose email is not verified to /verify-email', async () => {
    const { router } = renderCloud('/venues', { session: signedInSession({ emailVerified: false }) });
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(path(router)).toBe('/verify-email');
  });

  it('redirects an unknown path to / and on', async () => {
    const { router } = renderCloud('/no/such/page', { session: signedOutSession });
    await waitFor(() => expect(path(router)).toBe('/login'));
  });

  it('shows the contacts screens on /contacts (features/contacts) and the cloud update screen on /update', async () => {
    const contacts = renderCloud('/contacts');
    expect(await screen.findByRole('heading', { name: 'Contacts', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('This page is coming in a later release.')).not.toBeInTheDocument();
    contacts.unmount();
    const api = fakeCloud({
      'GET /rollouts/candidates': { body: { venues: [], latest: {}, activeRolloutId: null } },
      'GET /rollouts': { body: { rollouts: [] } },
    });
    renderCloud('/update', { cloudApi: api });
    expect(await screen.findByRole('heading', { name: 'Firmware update', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Amps' })).toBeInTheDocument();
    expect(screen.queryByText('This page is coming in a later release.')).not.toBeInTheDocument();
    expect(api.callsTo('GET /rollouts/candidates')).toHaveLength(1);
  });

  it('signs a reloaded page in silently: a refresh through the session cookie, then on to where it was', async () => {
    const api = fakeCloud({
      'POST /auth/refresh': (r) =>
        r.headers.get(CSRF_HEADER) === '1' ? { body: sessionReply(2) } : cloudError(401, 'Unauthorized'),
      'GET /venues': (r) => (r.bearer === 'id-2' ? { body: { venues: [] } } : cloudError(401, 'Unauthorized')),
    });
    const { router } = renderCloud('/venues', { session: 'stored', cloudApi: api });
    expect(await screen.findByRole('heading', { name: 'No venues yet' })).toBeInTheDocument();
    expect(path(router)).toBe('/venues');
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(api.callsTo('POST /auth/refresh')[0]?.body).toBeUndefined();
  });

  it('counts nobody as signed in at start when the cloud refuses the cookie (or there is none)', async () => {
    const api = fakeCloud({ 'POST /auth/refresh': cloudError(401, 'Unauthorized') });
    const { router } = renderCloud('/venues', { session: 'stored', cloudApi: api });
    await waitFor(() => expect(path(router)).toBe('/login'));
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
  });

  it('offers the cloud drawer: Profile, Venues, Contacts, Firmware, Firmware library, Members, Activity, Preferences, Help, Sign out', async () => {
    const api = noVenues();
    api.on({ 'POST /auth/sign-out': { body: { ok: true } } });
    const { user, router } = renderCloud('/venues', { cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Open the main menu' }));
    const nav = await screen.findByRole('navigation');
    const entries = [...nav.querySelectorAll('a, [role="button"]')].map((e) => e.textContent);
    expect(entries).toEqual([
      'Profile',
      'Venues',
      'Contacts',
      'Firmware',
      'Firmware library',
      'Members',
      'Activity',
      'Preferences',
      'Help & feedback',
      'Sign out',
    ]);
    await user.click(within(nav).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(path(router)).toBe('/login'));
    expect(api.callsTo('POST /auth/sign-out')[0]?.bearer).toBe('id-1');
  });
});
