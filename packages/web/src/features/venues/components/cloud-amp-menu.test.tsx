import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { venueRoutes } from '../../../testing/cloud-venues';
import { cloudError, fakeCloud, type FakeRoute } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';
import { canMoveAmp } from './move-amp-dialog';

const VENUES = [
  {
    venueId: 'v1',
    name: 'Arena',
    amps: [
      { id: 'a1', name: 'Bass' },
      { id: 'a2', name: 'Tops', connected: false },
    ],
  },
  { venueId: 'v2', name: 'Club' },
];

function panel(extra: Record<string, FakeRoute> = {}, venues = VENUES) {
  const api = fakeCloud({ ...venueRoutes(venues), ...extra });
  return renderCloud('/venues/v1', { cloudApi: api });
}

async function openMenuItem(user: ReturnType<typeof panel>['user'], amp: string, item: string) {
  const card = (await screen.findByText(amp)).closest('li');
  if (!card) throw new Error(`no card for ${amp}`);
  await user.click(within(card).getByRole('button', { name: 'Amp menu' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

const ampsListed = () =>
  within(screen.getByRole('list', { name: 'Amps' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('[data-amp]')?.getAttribute('data-amp'));

describe('Move amp (spec 1 §2 amp menu in cloud mode)', () => {
  it('allows Move only for a chosen venue other than the current one', () => {
    expect(canMoveAmp({ venueId: 'v1' }, null, false)).toBe(false);
    expect(canMoveAmp({ venueId: 'v1' }, 'v1', false)).toBe(false);
    expect(canMoveAmp({ venueId: 'v1' }, 'v2', true)).toBe(false);
    expect(canMoveAmp({ venueId: 'v1' }, 'v2', false)).toBe(true);
  });

  it('lists the venues, disables Move for none or the current venue, moves and asks to wait', async () => {
    let moved = false;
    const { user, api } = panel({
      'PUT /devices/a1/relocate': () => {
        moved = true;
        return { body: { deviceId: 'a1', venueId: 'v2' } };
      },
    });
    await openMenuItem(user, 'Bass', 'Move amp');
    const dialog = await screen.findByRole('dialog', { name: 'Move Bass' });
    const move = within(dialog).getByRole('button', { name: 'Move' });
    expect(move).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Arena (current venue)' }));
    expect(move).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Club' }));
    expect(move).toBeEnabled();
    await user.click(move);
    expect(
      await within(dialog).findByText('The amp is moving to Club. Please wait a few seconds for it to show there.'),
    ).toBeInTheDocument();
    expect(moved).toBe(true);
    expect(api.callsTo('PUT /devices/a1/relocate')[0]?.query.get('venueId')).toBe('v2');
    // the venues are fetched again after the move
    await waitFor(() => expect(api.callsTo('GET /venues').length).toBeGreaterThan(1));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the moving message after the amp has left the venue at the next refresh, until OK', async () => {
    const moved = venueRoutes([
      { venueId: 'v1', name: 'Arena', amps: [{ id: 'a2', name: 'Tops', connected: false }] },
      { venueId: 'v2', name: 'Club', amps: [{ id: 'a1', name: 'Bass' }] },
    ]);
    const cloud: { api?: ReturnType<typeof panel>['api'] } = {};
    const { user, api } = panel({
      'PUT /devices/a1/relocate': () => {
        cloud.api?.on(moved); // the cloud now lists Bass in Club
        return { body: { deviceId: 'a1', venueId: 'v2' } };
      },
    });
    cloud.api = api;
    await openMenuItem(user, 'Bass', 'Move amp');
    const dialog = await screen.findByRole('dialog', { name: 'Move Bass' });
    await user.click(within(dialog).getByRole('radio', { name: 'Club' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    // the refresh after the move takes Bass's card out of Arena (behind the modal dialog: hidden to roles)
    const listed = () =>
      within(screen.getByRole('list', { name: 'Amps', hidden: true }))
        .getAllByRole('listitem', { hidden: true })
        .map((li) => li.querySelector('[data-amp]')?.getAttribute('data-amp'));
    await waitFor(() => expect(listed()).toEqual(['a2']));
    expect(
      screen.getByText('The amp is moving to Club. Please wait a few seconds for it to show there.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows 'Failed to move amp' when the cloud refuses, and keeps the dialog open", async () => {
    const { user } = panel({ 'PUT /devices/a2/relocate': cloudError(404, 'NotFound') });
    await openMenuItem(user, 'Tops', 'Move amp');
    const dialog = await screen.findByRole('dialog', { name: 'Move Tops' });
    await user.click(within(dialog).getByRole('radio', { name: 'Club' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Failed to move amp')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move' })).toBeEnabled();
  });

  it('says another venue is needed when the user has only this one', async () => {
    const { user } = panel({}, [VENUES[0]!]);
    await openMenuItem(user, 'Bass', 'Move amp');
    const dialog = await screen.findByRole('dialog', { name: 'Move Bass' });
    expect(within(dialog).getByText('Add another venue first to move the amp to it.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Arena (current venue)' }));
    expect(within(dialog).getByRole('button', { name: 'Move' })).toBeDisabled();
  });
});

describe('Remove (spec 1 §2 amp menu in cloud mode, §4 device removal)', () => {
  it('confirms with the name and IP, reports removing then removed, and hides the amp', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { user, api } = panel({
      'DELETE /devices/a1': async () => {
        await answered;
        return { body: { ok: true } };
      },
    });
    await openMenuItem(user, 'Bass', 'Remove');
    const dialog = await screen.findByRole('dialog', { name: 'Remove amp?' });
    expect(
      within(dialog).getByText(
        'Remove Bass (10.0.0.1) from the cloud? To connect it again it needs a new registration token.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removing the amp…')).toBeInTheDocument();
    await waitFor(() => expect(ampsListed()).toContain('a1'));
    release();
    expect(await screen.findByText('Bass removed')).toBeInTheDocument();
    // gone at once, and still hidden though the cloud's listing (the fake's) still has it
    expect(ampsListed()).toEqual(['a2']);
    await waitFor(() => expect(api.callsTo('GET /venues').length).toBeGreaterThan(1));
    expect(ampsListed()).toEqual(['a2']);
    expect(api.callsTo('DELETE /devices/a1')).toHaveLength(1);
  });

  it('Cancel removes nothing', async () => {
    const { user, api } = panel();
    await openMenuItem(user, 'Tops', 'Remove');
    const dialog = await screen.findByRole('dialog', { name: 'Remove amp?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(ampsListed()).toContain('a2');
  });

  it('shows the removal error with OK and keeps the amp', async () => {
    const { user } = panel({ 'DELETE /devices/a2': cloudError(500, 'DEVICE_REMOVAL_ERROR') });
    await openMenuItem(user, 'Tops', 'Remove');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    const alert = await screen.findByText('There was an error removing the amplifier');
    await waitFor(() => expect(ampsListed()).toContain('a2'));
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByText('There was an error removing the amplifier')).not.toBeInTheDocument(),
    );
  });
});
