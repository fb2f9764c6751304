import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { venueRoutes } from '../../testing/cloud-venues';
import { cloudError, fakeCloud, type FakeCloud } from '../../testing/fake-cloud';
import { renderCloud } from '../../testing/render-cloud';

const contact = (contactId: string, name: string) => ({
  contactId,
  name,
  email: `${contactId}@example.com`,
  severityLevel: ['Critical'],
  emailEnabled: true,
});

/** A cloud whose venue v1 notifies c1 at first; selecting and deselecting change what it answers next. */
function cloudWithRecipients(): FakeCloud {
  const selected = new Set(['c1']);
  const api = fakeCloud({
    ...venueRoutes([{ venueId: 'v1', name: 'Arena' }]),
    'GET /contacts': { body: { contacts: [contact('c1', 'Ada'), contact('c2', 'Ben'), contact('c3', 'Cy')] } },
    'GET /venues/v1/contacts': () => ({ body: { venueContacts: [...selected].map((contactId) => ({ contactId })) } }),
  });
  for (const id of ['c1', 'c2', 'c3'])
    api.on({
      [`POST /venues/v1/contacts/${id}`]: () => (selected.add(id), { body: { ok: true } }),
      [`DELETE /venues/v1/contacts/${id}`]: () => (selected.delete(id), { body: { ok: true } }),
    });
  return api;
}

const region = () => within(screen.getByRole('region', { name: 'Notification recipients' }));
const open = async (api: FakeCloud) => {
  const view = renderCloud('/venues/v1/settings', { cloudApi: api });
  await screen.findByRole('button', { name: 'Update recipients' });
  return view;
};
const recipients = () =>
  region()
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('venue notification recipients (spec 1 §2, §4)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the recipients; in update mode Save waits for a change and Cancel restores the saved selection', async () => {
    const api = cloudWithRecipients();
    const { user } = await open(api);
    expect(recipients()).toEqual(['Ada']);
    await user.click(screen.getByRole('button', { name: 'Update recipients' }));
    expect(screen.getByRole('checkbox', { name: 'Ada' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ben' })).not.toBeChecked();
    const save = region().getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Ben' }));
    expect(save).toBeEnabled();
    // unticking it again is no change
    await user.click(screen.getByRole('checkbox', { name: 'Ben' }));
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Ada' }));
    await user.click(region().getByRole('button', { name: 'Cancel' }));
    expect(recipients()).toEqual(['Ada']);
    await user.click(screen.getByRole('button', { name: 'Update recipients' }));
    expect(screen.getByRole('checkbox', { name: 'Ada' })).toBeChecked();
    expect(api.calls.filter((c) => c.method !== 'GET' && c.path.includes('/contacts'))).toEqual([]);
  });

  it('saves each change, reloads the venue contacts and returns to the view', async () => {
    const api = cloudWithRecipients();
    const { user } = await open(api);
    const loads = api.callsTo('GET /venues/v1/contacts').length;
    await user.click(screen.getByRole('button', { name: 'Update recipients' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ada' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cy' }));
    await user.click(region().getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Update recipients' });
    expect(recipients()).toEqual(['Cy']);
    expect(api.callsTo('DELETE /venues/v1/contacts/c1')).toHaveLength(1);
    expect(api.callsTo('POST /venues/v1/contacts/c3')).toHaveLength(1);
    expect(api.callsTo('GET /venues/v1/contacts').length).toBeGreaterThan(loads);
  });

  it("says 'some selections failed to save' for 2 seconds when a change fails, keeping the choice", async () => {
    const api = cloudWithRecipients();
    api.on({ 'POST /venues/v1/contacts/c3': cloudError(500, 'ADD_VENUE_CONTACT_ERROR') });
    const { user } = await open(api);
    await user.click(screen.getByRole('button', { name: 'Update recipients' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ben' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cy' }));
    // the toast's timer is set up faked (still advancing with real time): the test moves the clock on 2 s
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(region().getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some of your selections failed to save');
    // Ben was saved; Cy is still chosen, so Save can try again
    expect(screen.getByRole('checkbox', { name: 'Cy' })).toBeChecked();
    expect(region().getByRole('button', { name: 'Save' })).toBeEnabled();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument(), { timeout: 1500 });
  });

  it('offers to add a contact when there is none', async () => {
    const api = fakeCloud({
      ...venueRoutes([{ venueId: 'v1', name: 'Arena' }]),
      'GET /contacts': { body: { contacts: [] } },
      'GET /venues/v1/contacts': { body: { venueContacts: [] } },
    });
    renderCloud('/venues/v1/settings', { cloudApi: api });
    expect(await screen.findByText('You have no contacts yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add contact' })).toHaveAttribute('href', '/contacts/add');
  });
});
