/**
 * @vitest-environment jsdom
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { venueRoutes } from '../../../testing/cloud-venues';
import { cloudError, fakeCloud, type FakeRoute } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';

const VENUES = [
  { venueId: 'v1', name: 'Arena', amps: [{ id: 'a1', name: 'L' }] },
  { venueId: 'v2', name: 'Club' },
];

function settings(venueId: string, extra = {}) {
  const api = fakeCloud({ ...venueRoutes(VENUES), ...extra });
  return { ...renderCloud(`/venues/${venueId}/settings`, { cloudApi: api }), api };
}

describe('venue settings (spec 1 §2, §5)', () => {
  it('enables Save and Cancel only while the name differs; Cancel restores it', async () => {
    const { user } = settings('v2');
    const name = await screen.findByLabelText('Venue name');
    expect(name).toHaveValue('Club');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(name);
    await user.paste(' House');
    expect(name).toHaveValue('Club House');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(name).toHaveValue('Club');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('refuses a name another venue has before calling (VENUE_NAME_EXISTS), and saves a free one', async () => {
    const { user, api } = settings('v2', {
      'PUT /venues/v2': { body: { venue: { venueId: 'v2', name: 'Club House' } } },
    });
    const name = await screen.findByLabelText('Venue name');
    await user.clear(name);
    await user.paste('ARENA');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Venue name already exists!')).toBeInTheDocument();
    expect(api.callsTo('PUT /venues/v2')).toHaveLength(0);
    await user.clear(name);
    await user.paste('Club House');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /venues/v2')[0]?.body).toEqual({ venue: { name: 'Club House' } }));
  });

  it('refuses to delete a venue that contains amps', async () => {
    const { user, api } = settings('v1');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cannot delete a venue that contains amps')).toBeInTheDocument();
    expect(api.callsTo('DELETE /venues/v1')).toHaveLength(0);
  });

  it("asks 'Are you sure' with the venue's name, then deletes it and goes to the venues", async () => {
    const { user, api, router } = settings('v2', { 'DELETE /venues/v2': { body: { ok: true } } });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText('Delete the venue Club? This cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues'));
    expect(api.callsTo('DELETE /venues/v2')).toHaveLength(1);
  });

  it('shows the cloud refusing a delete for amps it knows of (VENUE_HAS_AMPS)', async () => {
    const { user } = settings('v2', { 'DELETE /venues/v2': cloudError(409, 'VENUE_HAS_AMPS') });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Cannot delete a venue that contains amps')).toBeInTheDocument();
  });

  it('leads to the firmware update, and goes to /venues for an unknown venue', async () => {
    const view = settings('v2');
    expect(await screen.findByRole('link', { name: 'Firmware update' })).toHaveAttribute('href', '/update');
    view.unmount();
    const { router } = settings('nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues'));
  });
});

describe('venue notification settings (issue 15)', () => {
  const SAM = '5b0f4f1e-0000-4000-8000-0000000000a1';
  const LI = '5b0f4f1e-0000-4000-8000-0000000000a2';
  const CONTACTS = [
    { contactId: SAM, name: 'Sam Tech', email: 's@example.com', severityLevel: ['Critical'], emailEnabled: true },
    { contactId: LI, name: 'Li Wei', phone: '+8613123456789', severityLevel: ['Warning'], emailEnabled: false },
  ];
  const SAVED = { quietHours: null, reminderMinutes: 15, escalateAfterMinutes: 30, escalationContactIds: [LI] };
  const routes = (put: FakeRoute = ({ body }) => ({ body: { settings: body } })) => ({
    'GET /venues/v2/notification-settings': { body: { settings: SAVED } },
    'PUT /venues/v2/notification-settings': put,
    'GET /contacts': { body: { contacts: CONTACTS } },
  });
  const section = async () => within(await screen.findByRole('form', { name: 'Notification settings' }));

  it('shows the saved settings, checks the fields with the protocol rules, and saves what was entered', async () => {
    const { user, api } = settings('v2', routes());
    const form = await section();
    const reminder = form.getByLabelText('Remind every (minutes)');
    expect(reminder).toHaveValue('15');
    expect(form.getByRole('checkbox', { name: 'Li Wei' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Sam Tech' })).not.toBeChecked();
    expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(form.getByRole('switch', { name: 'Quiet hours' }));
    expect(form.getByLabelText('Time zone')).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    fireEvent.change(form.getByLabelText('Start'), { target: { value: '23:30' } });
    await user.clear(form.getByLabelText('Time zone'));
    await user.paste('Mars/Olympus');
    await user.clear(reminder);
    await user.paste('0');
    await user.clear(form.getByLabelText('Escalate after (minutes)'));
    await user.paste('1.5');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Enter whole minutes from 1 to 1440')).toBeInTheDocument();
    expect(form.getByText('Enter whole minutes from 1 to 10080')).toBeInTheDocument();
    expect(form.getByText('Enter a time zone such as Europe/Madrid')).toBeInTheDocument();
    expect(api.callsTo('PUT /venues/v2/notification-settings')).toHaveLength(0);

    await user.clear(reminder);

    await user.paste('10');
    await user.clear(form.getByLabelText('Escalate after (minutes)'));
    await user.paste('45');
    await user.clear(form.getByLabelText('Time zone'));
    await user.paste('Europe/Madrid');
    await user.click(form.getByRole('checkbox', { name: 'Sam Tech' }));
    await user.click(form.getByRole('checkbox', { name: 'Li Wei' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /venues/v2/notification-settings')[0]?.body).toEqual({
        quietHours: { start: '23:30', end: '07:00', timeZone: 'Europe/Madrid' },
        reminderMinutes: 10,
        escalateAfterMinutes: 45,
        escalationContactIds: [SAM],
      }),
    );
    expect(await form.findByRole('status')).toHaveTextContent('Notification settings saved.');
    expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows a refusal next to its field and keeps what was entered', async () => {
    const api = fakeCloud({
      ...venueRoutes(VENUES),
      ...routes(cloudError(400, 'TIME_ZONE_INVALID')),
    });
    const { user } = renderCloud('/venues/v2/settings', { cloudApi: api });
    const form = await section();
    await user.click(form.getByRole('switch', { name: 'Quiet hours' }));
    await user.clear(form.getByLabelText('Time zone'));
    await user.paste('Europe/Madrid');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('The cloud does not know this time zone')).toBeInTheDocument();
    expect(form.getByLabelText('Time zone')).toHaveValue('Europe/Madrid');
    expect(form.getByRole('switch', { name: 'Quiet hours' })).toBeChecked();

    api.on(routes(cloudError(400, 'CONTACT_UNKNOWN')));
    await user.type(form.getByLabelText('Time zone'), ' ');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(/One of these contacts no longer exists/)).toBeInTheDocument();
    expect(form.getByRole('checkbox', { name: 'Li Wei' })).toBeChecked();

    api.on(routes(cloudError(500, 'Unknown')));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(/Nothing was lost/)).toBeInTheDocument();
    expect(form.getByLabelText('Time zone')).toHaveValue('Europe/Madrid ');
  });
});
