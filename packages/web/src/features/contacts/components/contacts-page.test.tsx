import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cloudError, fakeCloud } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';

const CONTACTS = [
  {
    contactId: 'c1',
    name: 'Sam Tech',
    email: 'sam@example.com',
    phone: '+12015550123',
    severityLevel: ['Critical', 'Warning'],
    emailEnabled: true,
  },
  { contactId: 'c2', name: 'Li Wei', phone: '+8613123456789', severityLevel: ['Info'], emailEnabled: false },
  { contactId: 'c3', name: 'Uma', email: 'uma@example.com', severityLevel: ['Info'], emailEnabled: false },
];

describe('contacts list (spec 1 §2)', () => {
  it('shows a card per contact: severities joined by commas, email with its confirmed state, phone, Edit', async () => {
    const { user, router } = renderCloud('/contacts', {
      cloudApi: fakeCloud({ 'GET /contacts': { body: { contacts: CONTACTS } } }),
    });
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const [sam, li, uma] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(sam).toHaveTextContent('Notified of: Critical, Warning');
    expect(sam).toHaveTextContent('sam@example.com');
    expect(sam).toHaveTextContent('Confirmed');
    expect(sam).toHaveTextContent('+1 201 555 0123');
    expect(li).toHaveTextContent('+86 131 2345 6789');
    expect(li).not.toHaveTextContent('Email');
    expect(uma).toHaveTextContent('Not confirmed yet');
    await user.click(within(sam).getByRole('link', { name: 'Edit Sam Tech' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Sam Tech');
    expect(router.state.location.pathname).toBe('/contacts/c1/edit');
  });

  it('says when a contact unsubscribed from e-mail or replied STOP to a text (issue 15)', async () => {
    const contacts = [
      { ...CONTACTS[0]!, emailUnsubscribed: true, smsStopped: true },
      { ...CONTACTS[1]!, smsStopped: false },
    ];
    renderCloud('/contacts', { cloudApi: fakeCloud({ 'GET /contacts': { body: { contacts } } }) });
    const [sam, li] = (await screen.findAllByRole('listitem')) as [HTMLElement, HTMLElement];
    expect(within(sam).getByText('Unsubscribed from e-mail')).toBeInTheDocument();
    expect(within(sam).getByText('SMS stopped (replied STOP)')).toBeInTheDocument();
    expect(li).not.toHaveTextContent('SMS stopped');
    expect(li).not.toHaveTextContent('Unsubscribed');
  });

  it('has Add and Close, and an empty state', async () => {
    const { user, router } = renderCloud('/contacts', {
      cloudApi: fakeCloud({ 'GET /contacts': { body: { contacts: [] } } }),
    });
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add contact' })).toHaveAttribute('href', '/contacts/add');
    await user.click(screen.getByRole('link', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues'));
  });

  it('says when the contacts could not be loaded, and Retry asks again', async () => {
    const api = fakeCloud({ 'GET /contacts': cloudError(500, 'FETCH_CONTACTS_ERROR') });
    const { user } = renderCloud('/contacts', { cloudApi: api });
    expect(await screen.findByText('The contacts could not be loaded.')).toBeInTheDocument();
    api.on({ 'GET /contacts': { body: { contacts: CONTACTS } } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
  });
});
