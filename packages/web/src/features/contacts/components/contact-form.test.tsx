/**
 * @vitest-environment jsdom
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cloudError, fakeCloud } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';

const SAM = {
  contactId: 'c1',
  name: 'Sam Tech',
  email: 'sam@example.com',
  phone: '+12015550123',
  severityLevel: ['Critical', 'Warning'],
  emailEnabled: true,
};
const created = (body: unknown) => ({
  status: 201,
  body: { contact: { contactId: 'c2', severityLevel: [], emailEnabled: false, ...(body as object) } },
});
const api = () =>
  fakeCloud({ 'GET /contacts': { body: { contacts: [SAM] } }, 'POST /contacts': (r) => created(r.body) });
const renderAdd = (cloud = api(), china = false) =>
  renderCloud('/contacts/add', { cloudApi: cloud, hosting: { china } });
type User = ReturnType<typeof renderCloud>['user'];
/** Enters text into a field as one paste (real focus and input events; per-key typing is not under test here). */
const enter = async (user: User, field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};
/** The severity checkboxes' fieldset (a role query over the whole app is slow under jsdom). */
const severities = () => within(screen.getByText('Notify about').closest('fieldset')!);

describe('add contact (spec 1 §2, §5)', () => {
  afterEach(() => vi.useRealTimers());

  it('enables Save only when the §5 rules hold, saying which one fails', async () => {
    const { user, api: cloud } = renderAdd();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    // the name, once visited and left empty
    await user.click(screen.getByLabelText('Name'));
    await user.tab();
    expect(screen.getByText('Enter a name')).toBeInTheDocument();
    await enter(user, screen.getByLabelText('Name'), 'Dana');
    expect(screen.queryByText('Enter a name')).not.toBeInTheDocument();
    // an email or a phone
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    expect(screen.getByText('Enter an email address or a phone number')).toBeInTheDocument();
    // an email another contact has (case-insensitive)
    await enter(user, screen.getByLabelText('Email'), 'SAM@example.com');
    expect(screen.getByText('Another contact has this email address')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText('Email'));
    // an incomplete phone, then one another contact has
    await enter(user, screen.getByLabelText('Phone'), '201 555');
    await user.tab();
    expect(screen.getByText('The phone number is not complete for the chosen country')).toBeInTheDocument();
    expect(screen.queryByText('Enter an email address or a phone number')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Phone'));
    await enter(user, screen.getByLabelText('Phone'), '201-555-0123');
    await user.tab();
    expect(screen.getByText('Another contact has this phone number')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText('Phone'));
    await enter(user, screen.getByLabelText('Phone'), '2015550188');
    await user.tab();
    // at least one severity
    await user.click(severities().getByRole('checkbox', { name: 'Critical' }));
    await user.click(severities().getByRole('checkbox', { name: 'Warning' }));
    expect(screen.getByText('Choose at least one severity')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.click(severities().getByRole('checkbox', { name: 'Info' }));
    expect(save).toBeEnabled();
    expect(cloud.callsTo('POST /contacts')).toHaveLength(0);
  });

  it('formats the phone for the chosen country and saves it in E.164, leaving out an empty email', async () => {
    const { user, api: cloud, router } = renderAdd();
    await enter(user, await screen.findByLabelText('Name'), 'Dana');
    await enter(user, screen.getByLabelText('Phone'), '2015550188');
    await user.tab();
    expect(screen.getByLabelText('Phone')).toHaveValue('(201) 555-0188');
    // the same digits are not a whole French number
    await user.selectOptions(screen.getByLabelText('Country'), 'FR');
    expect(screen.getByText('The phone number is not complete for the chosen country')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Country'), 'CN');
    await user.clear(screen.getByLabelText('Phone'));
    await enter(user, screen.getByLabelText('Phone'), '13123456789');
    await user.tab();
    expect(screen.getByLabelText('Phone')).toHaveValue('131 2345 6789');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(cloud.callsTo('POST /contacts')[0]?.body).toEqual({
      name: 'Dana',
      phone: '+8613123456789',
      severityLevel: ['Critical', 'Warning'],
    });
  });

  it('defaults the phone country to the US, China on the China cloud (shown in Chinese there)', async () => {
    const us = renderAdd();
    expect(await screen.findByLabelText('Country')).toHaveValue('US');
    us.unmount();
    renderAdd(api(), true);
    expect(await screen.findByLabelText('国家/地区')).toHaveValue('CN');
  });

  it('marks an email the cloud rejects as badly formed, keeps what was typed, and shows no toast', async () => {
    const cloud = api();
    cloud.on({ 'POST /contacts': cloudError(400, 'EMAIL_FORMAT_ERROR') });
    const { user, router } = renderAdd(cloud);
    await enter(user, await screen.findByLabelText('Name'), 'Dana');
    await enter(user, screen.getByLabelText('Email'), 'dana@nowhere');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The email address is not in a correct format')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Dana');
    expect(screen.getByLabelText('Email')).toHaveValue('dana@nowhere');
    expect(router.state.location.pathname).toBe('/contacts/add');
    // the same email stays rejected; a changed one may be tried
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await enter(user, screen.getByLabelText('Email'), '.example');
    expect(screen.getByLabelText('Email')).toHaveValue('dana@nowhere.example');
    expect(screen.queryByText('The email address is not in a correct format')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the 2-second error toast on any other failure, and an email in use on its field', async () => {
    const cloud = api();
    cloud.on({ 'POST /contacts': cloudError(409, 'CONTACT_EMAIL_IN_USE') });
    const { user } = renderAdd(cloud);
    await enter(user, await screen.findByLabelText('Name'), 'Dana');
    await enter(user, screen.getByLabelText('Email'), 'dana@example.com');
    // the toast's timer is set up faked (still advancing with real time): the test moves the clock on 2 s
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('An error occurred while saving the contact');
    expect(screen.getByText('Another contact has this email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('dana@example.com');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument(), { timeout: 1500 });
  });
});

describe('edit contact (spec 1 §2)', () => {
  it('shows the contact in its country, saves the change and goes back to the list', async () => {
    const cloud = api();
    cloud.on({ 'PUT /contacts/c1': (r) => ({ body: { contact: { ...SAM, ...(r.body as object) } } }) });
    const { user, router } = renderCloud('/contacts/c1/edit', { cloudApi: cloud });
    expect(await screen.findByLabelText('Name')).toHaveValue('Sam Tech');
    expect(screen.getByLabelText('Country')).toHaveValue('US');
    expect(screen.getByLabelText('Phone')).toHaveValue('(201) 555-0123');
    expect(screen.getByText(/Text START to/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.click(severities().getByRole('checkbox', { name: 'Info' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(cloud.callsTo('PUT /contacts/c1')[0]?.body).toEqual({
      contactId: 'c1',
      name: 'Sam Tech',
      phone: '+12015550123',
      severityLevel: ['Critical', 'Warning', 'Info'],
    });
  });

  it('deletes only after the user confirms', async () => {
    const cloud = api();
    cloud.on({ 'DELETE /contacts/c1': { body: { ok: true } } });
    const { user, router } = renderCloud('/contacts/c1/edit', { cloudApi: cloud });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete contact?' });
    expect(dialog).toHaveTextContent('Sam Tech');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cloud.callsTo('DELETE /contacts/c1')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(cloud.callsTo('DELETE /contacts/c1')).toHaveLength(1);
  });

  it('goes back to the list for a contact that does not exist', async () => {
    const { router } = renderCloud('/contacts/nope/edit', { cloudApi: api() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(await screen.findByRole('heading', { name: 'Contacts', level: 1 })).toBeInTheDocument();
  });
});
