import { screen, waitFor, within } from '@testing-library/react';
import { permissionsOf, type Grant, type Organisation } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { ORG_STORAGE_KEY } from '../../shared/cloud/org-slice';
import { venueRoutes } from '../../testing/cloud-venues';
import { cloudError, fakeCloud, TEST_USER, type FakeRoute } from '../../testing/fake-cloud';
import { renderCloud } from '../../testing/render-cloud';

const ARENA = '00000000-0000-4000-8000-0000000000a1';
const CLUB = '00000000-0000-4000-8000-0000000000a2';
const VENUES = [
  { venueId: ARENA, name: 'Arena' },
  { venueId: CLUB, name: 'Club' },
];
const TECH = {
  userId: '00000000-0000-4000-8000-0000000000aa',
  email: 'tech@example.com',
  role: 'technician',
  venueIds: null,
  createdAt: '2026-01-02T00:00:00Z',
};
const MEMBERS = {
  organisationId: 'own',
  members: [
    { userId: 'u-1', email: TEST_USER.email, role: 'owner', venueIds: null, createdAt: '2026-01-01T00:00:00Z' },
    TECH,
  ],
};
const GRANT: Grant = {
  grantId: '00000000-0000-4000-8000-0000000000cc',
  integratorOrganisationId: '00000000-0000-4000-8000-0000000000dd',
  integratorName: 'av@integrator.example',
  integratorEmail: 'av@integrator.example',
  role: 'technician',
  venueIds: [ARENA],
  createdBy: TEST_USER.email,
  createdAt: '2026-01-03T00:00:00Z',
  expiresAt: '2026-01-10T12:00:00Z',
};

/** The first render loads the lazy routes: slow on a busy machine. */
const SLOW = { timeout: 10_000 };

const cloud = (extra: Record<string, FakeRoute> = {}) =>
  fakeCloud({
    'GET /org/members': { body: MEMBERS },
    'GET /org/invitations': { body: { invitations: [] } },
    'GET /org/grants': { body: { grants: [GRANT] } },
    'GET /org/settings': { body: { requireTwoFactor: false } },
    'GET /venues': { body: { venues: VENUES } },
    ...extra,
  });

describe('Members page: integrators, venues, two-factor (issue 21)', () => {
  it('lists an integrator’s access and revokes it after confirming', async () => {
    const api = cloud({ [`DELETE /org/grants/${GRANT.grantId}`]: { body: { ok: true } } });
    const { user } = renderCloud('/members', { cloudApi: api });
    const list = await screen.findByRole('list', { name: 'Integrator access' }, SLOW);
    expect(list).toHaveTextContent('av@integrator.example (av@integrator.example)');
    expect(list).toHaveTextContent(`technician on Arena, until ${new Date(GRANT.expiresAt).toLocaleDateString()}`);
    await user.click(within(list).getByRole('button', { name: /Revoke the access of av@integrator.example/ }));
    const dialog = await screen.findByRole('dialog', { name: /Revoke the access of av@integrator.example/ });
    expect(api.callsTo(`DELETE /org/grants/${GRANT.grantId}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(/The access of av@integrator.example .* was revoked/)).toBeInTheDocument();
    expect(api.callsTo(`DELETE /org/grants/${GRANT.grantId}`)).toHaveLength(1);
  });

  it('gives an integrator access: venues are required, then the grant is sent with its role, venues and end', async () => {
    const api = cloud({
      'POST /org/grants': (r) => ({ status: 201, body: { grant: { ...GRANT, ...(r.body as object) } } }),
    });
    const { user } = renderCloud('/members', { cloudApi: api });
    const form = await screen.findByRole('form', { name: 'Give an integrator access' }, SLOW);
    await user.type(within(form).getByLabelText(/Integrator/), 'av@integrator.example');
    await user.click(within(form).getByRole('button', { name: 'Give access' }));
    expect(await within(form).findByText('Choose at least one venue')).toBeInTheDocument();
    expect(api.callsTo('POST /org/grants')).toHaveLength(0);
    await user.click(within(form).getByRole('combobox', { name: 'Venues' }));
    await user.click(await screen.findByRole('option', { name: 'Club' }));
    await user.keyboard('{Escape}');
    await user.click(within(form).getByRole('button', { name: 'Give access' }));
    expect(await screen.findByText(/av@integrator.example has access until/)).toBeInTheDocument();
    const body = api.callsTo('POST /org/grants')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ integrator: 'av@integrator.example', role: 'technician', venueIds: [CLUB] });
    const days = (new Date(String(body.expiresAt)).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6);
    expect(days).toBeLessThan(8);
  });

  it('says why a grant was refused', async () => {
    const api = cloud({ 'POST /org/grants': cloudError(404, 'INTEGRATOR_UNKNOWN') });
    const { user } = renderCloud('/members', { cloudApi: api });
    const form = await screen.findByRole('form', { name: 'Give an integrator access' }, SLOW);
    await user.type(within(form).getByLabelText(/Integrator/), 'nobody@example.com');
    await user.click(within(form).getByRole('combobox', { name: 'Venues' }));
    await user.click(await screen.findByRole('option', { name: 'Arena' }));
    await user.keyboard('{Escape}');
    await user.click(within(form).getByRole('button', { name: 'Give access' }));
    expect(
      await within(form).findByText('No Rackside account or organisation has this address or id.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(/Integrator/)).toHaveValue('nobody@example.com');
  });

  it('narrows a member to a venue and back to every venue; invites someone for one venue', async () => {
    const api = cloud({
      [`PUT /org/members/${TECH.userId}`]: (r) => ({ body: { member: { ...TECH, ...(r.body as object) } } }),
      'POST /org/invitations': (r) => ({
        status: 201,
        body: {
          invitation: {
            invitationId: '00000000-0000-4000-8000-0000000000ee',
            invitedBy: TEST_USER.email,
            createdAt: '2026-01-03T00:00:00Z',
            expiresAt: '2026-01-10T00:00:00Z',
            ...(r.body as object),
          },
        },
      }),
    });
    const { user } = renderCloud('/members', { cloudApi: api });
    const picker = await screen.findByRole('combobox', { name: 'Venues of tech@example.com' }, SLOW);
    expect(picker).toHaveTextContent('All venues');
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Arena' }));
    expect(await screen.findByText('tech@example.com now reaches Arena')).toBeInTheDocument();
    expect(api.callsTo(`PUT /org/members/${TECH.userId}`)[0]?.body).toEqual({ role: 'technician', venueIds: [ARENA] });
    await user.click(await screen.findByRole('option', { name: 'All venues' }));
    await waitFor(() => expect(api.callsTo(`PUT /org/members/${TECH.userId}`)).toHaveLength(2));
    expect(api.callsTo(`PUT /org/members/${TECH.userId}`)[1]?.body).toEqual({ role: 'technician', venueIds: null });
    await user.keyboard('{Escape}');

    const invite = screen.getByRole('region', { name: 'Invite someone' });
    await user.type(within(invite).getByLabelText('E-mail'), 'club@example.com');
    await user.click(within(invite).getByRole('combobox', { name: 'Venues' }));
    await user.click(await screen.findByRole('option', { name: 'Club' }));
    await user.keyboard('{Escape}');
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('An invitation was sent to club@example.com')).toBeInTheDocument();
    expect(api.callsTo('POST /org/invitations')[0]?.body).toEqual({
      email: 'club@example.com',
      role: 'viewer',
      venueIds: [CLUB],
    });
  });

  it('requiring two-factor: refused until the owner has it, with a link to set it up; then on', async () => {
    let reply: FakeRoute = cloudError(409, 'TwoFactorNotEnabled');
    const api = cloud({ 'PUT /org/settings': (r) => (typeof reply === 'function' ? reply(r) : reply) });
    const { user } = renderCloud('/members', { cloudApi: api });
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor sign-in for members' }, SLOW);
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('Turn on two-factor sign-in for yourself first.');
    expect(within(refused).getByRole('link', { name: 'Set up two-factor sign-in' })).toHaveAttribute(
      'href',
      '/profile/two-factor',
    );
    reply = { body: { requireTwoFactor: true } };
    api.on({ 'GET /org/settings': { body: { requireTwoFactor: true } } });
    await user.click(toggle);
    expect(
      await screen.findByText('Everyone acting in this organisation now needs two-factor sign-in.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /org/settings').at(-1)?.body).toEqual({ requireTwoFactor: true });
    await waitFor(() => expect(toggle).toBeChecked());
  });
});

const OWN: Organisation = {
  organisationId: '00000000-0000-4000-8000-000000000001',
  name: TEST_USER.email,
  personal: true,
  ownerEmail: TEST_USER.email,
  role: 'owner',
  permissions: permissionsOf('owner'),
};
const VENUE_CO: Organisation = {
  organisationId: '00000000-0000-4000-8000-000000000003',
  name: 'boss@venue.example',
  personal: true,
  ownerEmail: 'boss@venue.example',
  role: 'technician',
  permissions: permissionsOf('technician'),
  venueIds: [ARENA],
  grant: { grantId: GRANT.grantId, expiresAt: GRANT.expiresAt, integratorOrganisationId: OWN.organisationId },
};

describe('an integrator’s member (issue 21)', () => {
  it('sees the granted organisation marked in the switcher, with the role and the end of the access', async () => {
    const api = fakeCloud({
      ...venueRoutes([{ venueId: 'v1', name: 'Home' }]),
      'GET /orgs': { body: { organisations: [OWN, VENUE_CO] } },
    });
    const { user } = renderCloud('/venues', { cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Open the main menu' }, SLOW));
    await user.click(await screen.findByRole('combobox', { name: 'Organisation' }));
    const date = new Date(GRANT.expiresAt).toLocaleDateString();
    expect(
      await screen.findByRole('option', {
        name: `boss@venue.example's organisation (technician, integrator access until ${date})`,
      }),
    ).toBeInTheDocument();
  });

  it('acting in an organisation that requires two-factor: told why, with a link to set it up', async () => {
    window.localStorage.setItem(ORG_STORAGE_KEY, JSON.stringify({ [TEST_USER.username]: VENUE_CO.organisationId }));
    const api = fakeCloud({
      ...venueRoutes([{ venueId: ARENA, name: 'Arena' }]),
      'GET /orgs': { body: { organisations: [OWN, { ...VENUE_CO, twoFactorNeeded: true }] } },
    });
    renderCloud('/venues', { cloudApi: api });
    const date = new Date(GRANT.expiresAt).toLocaleDateString();
    expect(
      await screen.findByText(
        `You are technician in boss@venue.example's organisation through integrator access until ${date}`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This organisation requires two-factor sign-in: turn it on to act here.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up two-factor sign-in' })).toHaveAttribute(
      'href',
      '/profile/two-factor',
    );
  });
});
