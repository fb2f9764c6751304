import { screen, waitFor, within } from '@testing-library/react';
import { ORG_HEADER, permissionsOf, type Organisation } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { ORG_STORAGE_KEY } from '../../shared/cloud/org-slice';
import { venueRoutes } from '../../testing/cloud-venues';
import { cloudError, fakeCloud, TEST_USER, type FakeRoute } from '../../testing/fake-cloud';
import { renderCloud } from '../../testing/render-cloud';

const OWN: Organisation = {
  organisationId: '00000000-0000-4000-8000-000000000001',
  name: TEST_USER.email,
  personal: true,
  ownerEmail: TEST_USER.email,
  role: 'owner',
  permissions: permissionsOf('owner'),
};
const ACME: Organisation = {
  organisationId: '00000000-0000-4000-8000-000000000002',
  name: 'boss@acme.example',
  personal: true,
  ownerEmail: 'boss@acme.example',
  role: 'viewer',
  permissions: permissionsOf('viewer'),
};
const VENUES = [{ venueId: 'v1', name: 'Arena', amps: [{ id: 'a1', name: 'Bass' }] }];

const orgsRoute = (...organisations: Organisation[]): Record<string, FakeRoute> => ({
  'GET /orgs': { body: { organisations } },
});
const actingIn = (organisationId: string) =>
  window.localStorage.setItem(ORG_STORAGE_KEY, JSON.stringify({ [TEST_USER.username]: organisationId }));

async function ampMenu(user: ReturnType<typeof renderCloud>['user']) {
  const card = (await screen.findByText('Bass')).closest('li');
  if (!card) throw new Error('no card');
  await user.click(within(card).getByRole('button', { name: 'Amp menu' }));
  return screen.findByRole('menu');
}

describe('organisation acted in (issue 21)', () => {
  it('a viewer in another organisation: every call names it, the role shows, Move and Remove say why not', async () => {
    actingIn(ACME.organisationId);
    const api = fakeCloud({ ...venueRoutes(VENUES), ...orgsRoute(OWN, ACME) });
    const { user } = renderCloud('/venues/v1', { cloudApi: api });
    const menu = await ampMenu(user);
    const move = within(menu).getByRole('menuitem', { name: /Move amp/ });
    expect(move).toHaveAttribute('aria-disabled', 'true');
    expect(move).toHaveTextContent('Your role (viewer) may not move amps');
    expect(within(menu).getByRole('menuitem', { name: /Remove/ })).toHaveTextContent(
      'Your role (viewer) may not remove amps',
    );
    expect(within(menu).getByRole('menuitem', { name: /Open/ })).toHaveTextContent(
      'Your role (viewer) may not control amps remotely',
    );
    await user.keyboard('{Escape}');
    const addAmp = screen.getByRole('button', { name: 'Add Amp' });
    expect(addAmp).toHaveAttribute('aria-disabled', 'true');
    expect(addAmp).toHaveAccessibleDescription('Your role (viewer) may not add amps');
    expect(api.callsTo('GET /venues')[0]?.headers.get(ORG_HEADER)).toBe(ACME.organisationId);
    // the caller's own organisations are asked without it
    expect(api.callsTo('GET /orgs')[0]?.headers.get(ORG_HEADER)).toBeNull();
  });

  it('shows the role on the venues page and disables Add venue for a viewer', async () => {
    actingIn(ACME.organisationId);
    renderCloud('/venues', { cloudApi: fakeCloud({ ...venueRoutes(VENUES), ...orgsRoute(OWN, ACME) }) });
    expect(await screen.findByText("You are viewer in boss@acme.example's organisation")).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add venue' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription('Your role (viewer) may not add, rename or delete venues');
  });

  it('the personal organisation: no header, no look-up, every action on offer', async () => {
    const api = fakeCloud({ ...venueRoutes(VENUES) });
    const { user } = renderCloud('/venues/v1', { cloudApi: api });
    const menu = await ampMenu(user);
    expect(within(menu).getByRole('menuitem', { name: 'Move amp' })).not.toHaveAttribute('aria-disabled');
    expect(api.callsTo('GET /venues')[0]?.headers.get(ORG_HEADER)).toBeNull();
    expect(api.callsTo('GET /orgs')).toHaveLength(0);
  });

  it('goes back to the personal organisation when the chosen one is not the account’s any more', async () => {
    actingIn('00000000-0000-4000-8000-00000000dead');
    const api = fakeCloud({ ...venueRoutes(VENUES), ...orgsRoute(OWN, ACME) });
    renderCloud('/venues', { cloudApi: api });
    await waitFor(() => expect(window.localStorage.getItem(ORG_STORAGE_KEY)).toBe('{}'));
    await waitFor(() => expect(api.callsTo('GET /venues').at(-1)?.headers.get(ORG_HEADER)).toBeNull());
  });

  it('switches organisation in the drawer, with the role in each', async () => {
    const api = fakeCloud({ ...venueRoutes(VENUES), ...orgsRoute(OWN, ACME) });
    const { user } = renderCloud('/venues', { cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Open the main menu' }));
    const switcher = await screen.findByRole('combobox', { name: 'Organisation' });
    expect(switcher).toHaveTextContent('Your organisation (owner)');
    await user.click(switcher);
    await user.click(await screen.findByRole('option', { name: "boss@acme.example's organisation (viewer)" }));
    await waitFor(() => expect(api.callsTo('GET /venues').at(-1)?.headers.get(ORG_HEADER)).toBe(ACME.organisationId));
    expect(JSON.parse(window.localStorage.getItem(ORG_STORAGE_KEY) ?? '{}')).toEqual({
      [TEST_USER.username]: ACME.organisationId,
    });
  });
});

const MEMBERS = {
  organisationId: OWN.organisationId,
  members: [
    { userId: 'u-1', email: TEST_USER.email, role: 'owner', venueIds: null, createdAt: '2026-01-01T00:00:00Z' },
    {
      userId: '00000000-0000-4000-8000-0000000000aa',
      email: 'tech@example.com',
      role: 'technician',
      venueIds: null,
      createdAt: '2026-01-02T00:00:00Z',
    },
  ],
};
const INVITATION = {
  invitationId: '00000000-0000-4000-8000-0000000000bb',
  email: 'new@example.com',
  role: 'viewer',
  invitedBy: TEST_USER.email,
  createdAt: '2026-01-03T00:00:00Z',
  expiresAt: '2026-01-10T00:00:00Z',
};

describe('Members page (issue 21)', () => {
  const cloud = (extra: Record<string, FakeRoute> = {}) =>
    fakeCloud({
      'GET /org/members': { body: MEMBERS },
      'GET /org/invitations': { body: { invitations: [INVITATION] } },
      ...extra,
    });

  it('lists members with a role choice (never for the owner), and removes one after confirming', async () => {
    const api = cloud({ [`DELETE /org/members/${MEMBERS.members[1]?.userId}`]: { body: { ok: true } } });
    const { user } = renderCloud('/members', { cloudApi: api });
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getByText(`${TEST_USER.email} (you)`)).toBeInTheDocument();
    expect(within(list).queryByRole('combobox', { name: `Role of ${TEST_USER.email}` })).toBeNull();
    expect(within(list).getByRole('combobox', { name: 'Role of tech@example.com' })).toHaveTextContent('technician');
    expect(await screen.findByRole('list', { name: 'Pending invitations' })).toHaveTextContent('new@example.com');
    await user.click(within(list).getByRole('button', { name: 'Remove tech@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove tech@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('tech@example.com was removed')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /org/members/${MEMBERS.members[1]?.userId}`)).toHaveLength(1);
  });

  it('changes a member’s role, and withdraws an invitation', async () => {
    const tech = MEMBERS.members[1];
    const api = cloud({
      [`PUT /org/members/${tech?.userId}`]: (r) => ({ body: { member: { ...tech, ...(r.body as object) } } }),
      [`DELETE /org/invitations/${INVITATION.invitationId}`]: { body: { ok: true } },
    });
    const { user } = renderCloud('/members', { cloudApi: api });
    await user.click(await screen.findByRole('combobox', { name: 'Role of tech@example.com' }));
    await user.click(await screen.findByRole('option', { name: 'admin' }));
    expect(await screen.findByText('tech@example.com is now admin')).toBeInTheDocument();
    expect(api.callsTo(`PUT /org/members/${tech?.userId}`)[0]?.body).toEqual({ role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Withdraw the invitation of new@example.com' }));
    expect(await screen.findByText('The invitation of new@example.com was withdrawn')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /org/invitations/${INVITATION.invitationId}`)).toHaveLength(1);
  });

  it('checks the invitation before sending, keeps it when refused, and empties the form once sent', async () => {
    let reply: FakeRoute = cloudError(409, 'ALREADY_A_MEMBER');
    const api = cloud({ 'POST /org/invitations': (r) => (typeof reply === 'function' ? reply(r) : reply) });
    const { user } = renderCloud('/members', { cloudApi: api });
    const send = await screen.findByRole('button', { name: 'Send invitation' });
    await user.click(send);
    expect(await screen.findByText('Enter an e-mail address')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'bad-address');
    await user.click(send);
    expect(await screen.findByText('The e-mail address is not in a correct format')).toBeInTheDocument();
    expect(api.callsTo('POST /org/invitations')).toHaveLength(0);
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'tech@example.com');
    await user.click(send);
    expect(await screen.findByText('This address is a member already.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('tech@example.com');
    reply = { status: 201, body: { invitation: { ...INVITATION, email: 'tech2@example.com' } } };
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'tech2@example.com');
    await user.click(send);
    expect(await screen.findByText('An invitation was sent to tech2@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('');
    expect(api.callsTo('POST /org/invitations').at(-1)?.body).toEqual({ email: 'tech2@example.com', role: 'viewer' });
  });

  it('a viewer reads the members only, and is told why', async () => {
    actingIn(ACME.organisationId);
    const api = cloud(orgsRoute(OWN, ACME));
    renderCloud('/members', { cloudApi: api });
    expect(await screen.findByRole('list', { name: 'Members' })).toHaveTextContent('tech@example.com');
    expect(await screen.findByText('Your role (viewer) may not manage members')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Role of/ })).toBeNull();
    expect(api.callsTo('GET /org/invitations')).toHaveLength(0);
  });
});

describe('Invitation page (issue 21)', () => {
  it('accepts the token once and switches to the organisation joined', async () => {
    const api = fakeCloud({ 'POST /invitations/accept': { body: { organisation: ACME } }, ...orgsRoute(OWN, ACME) });
    renderCloud('/invitation?token=abc', { cloudApi: api });
    expect(await screen.findByText("You joined boss@acme.example's organisation as viewer")).toBeInTheDocument();
    expect(api.callsTo('POST /invitations/accept')).toHaveLength(1);
    expect(api.callsTo('POST /invitations/accept')[0]?.body).toEqual({ token: 'abc' });
    expect(JSON.parse(window.localStorage.getItem(ORG_STORAGE_KEY) ?? '{}')).toEqual({
      [TEST_USER.username]: ACME.organisationId,
    });
  });

  it('says why an invitation cannot be accepted', async () => {
    const api = fakeCloud({ 'POST /invitations/accept': cloudError(403, 'INVITATION_OTHER_EMAIL') });
    renderCloud('/invitation?token=abc', { cloudApi: api });
    expect(
      await screen.findByText(
        'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
      ),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem(ORG_STORAGE_KEY)).toBeNull();
  });

  it('sends a signed-out visitor to sign in, remembering the invitation', async () => {
    const { router } = renderCloud('/invitation?token=abc', {
      session: { status: 'signedOut', tokens: null, user: null },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/invitation?token=abc' });
  });
});
