import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { venueRoutes } from '../../../testing/cloud-venues';
import { cloudError, fakeCloud } from '../../../testing/fake-cloud';
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
    await user.type(name, ' House');
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
    await user.type(name, 'ARENA');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Venue name already exists!')).toBeInTheDocument();
    expect(api.callsTo('PUT /venues/v2')).toHaveLength(0);
    await user.clear(name);
    await user.type(name, 'Club House');
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
