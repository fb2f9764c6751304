/**
 * spec 1 §2 Contacts and venue recipients in cloud mode, against the real cloud: add a contact with a phone, the §5
 * messages for a bad email and phone with nothing saved, edit it, choose it as a venue's recipient; light mode; the
 * list on a 390 px phone without sideways scrolling.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CONTACT_PATHS, ContactListSchema, VenueContactsSchema, fillPath } from '@rackside/protocol';
import { CLOUD_URL } from './cloud';
import { apiSignIn, createAccount, createVenueByApi, signIn, uniqueEmail } from './cloud-helpers';

test.use({ baseURL: CLOUD_URL, colorScheme: 'light' });

const api = (path: string) => `${CLOUD_URL}/api${path}`;

async function contactsOf(request: APIRequestContext, headers: { authorization: string }) {
  const res = await request.get(api(CONTACT_PATHS.contacts), { headers });
  expect(res.ok()).toBe(true);
  return ContactListSchema.parse(await res.json()).contacts;
}

test('contacts: add with a phone, bad email and phone refused, edit, and a venue notifies the contact', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('contacts');
  await createAccount(request, email);
  const idToken = await apiSignIn(request, email);
  const headers = { authorization: `Bearer ${idToken}` };
  const venueId = await createVenueByApi(request, idToken, 'Main Hall');
  await signIn(page, email);

  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await expect(page.getByText('No contacts yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add contact' }).click();
  await expect(page).toHaveURL(/\/contacts\/add$/);

  // §5: an incomplete phone is said at once and Save stays off
  const save = page.getByRole('button', { name: 'Save' });
  await page.getByLabel('Name').fill('Sam Tech');
  await page.getByLabel('Phone').fill('201 555');
  await page.getByLabel('Phone').blur();
  await expect(page.getByText('The phone number is not complete for the chosen country')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('Phone').fill('2015550123');
  await page.getByLabel('Phone').blur();
  await expect(page.getByLabel('Phone')).toHaveValue('(201) 555-0123');
  // §8: the cloud refuses a badly formed email; what was typed stays, nothing is saved
  await page.getByLabel('Email').fill('sam-at-example');
  await save.click();
  await expect(page.getByText('The email address is not in a correct format')).toBeVisible();
  await expect(page).toHaveURL(/\/contacts\/add$/);
  await expect(page.getByLabel('Name')).toHaveValue('Sam Tech');
  expect(await contactsOf(request, headers)).toEqual([]);

  await page.getByLabel('Email').fill('sam@example.com');
  await save.click();
  await expect(page).toHaveURL(/\/contacts$/);
  const card = page.getByRole('listitem').filter({ hasText: 'Sam Tech' });
  await expect(card).toContainText('Critical, Warning');
  await expect(card).toContainText('+1 201 555 0123');
  await expect(card).toContainText('Not confirmed yet');
  const [saved] = await contactsOf(request, headers);
  expect(saved).toMatchObject({ name: 'Sam Tech', email: 'sam@example.com', phone: '+12015550123' });

  // edit: rename, add Info
  await card.getByRole('link', { name: 'Edit Sam Tech' }).click();
  await expect(page.getByLabel('Phone')).toHaveValue('(201) 555-0123');
  await page.getByLabel('Name').fill('Sam Rivera');
  await page.getByRole('checkbox', { name: 'Info' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Sam Rivera' })).toContainText('Critical, Warning, Info');
  expect(await contactsOf(request, headers)).toMatchObject([
    { contactId: saved?.contactId, name: 'Sam Rivera', severityLevel: ['Critical', 'Warning', 'Info'] },
  ]);

  // the venue's recipients: choose the contact, Save, read back
  await page.goto(`/venues/${venueId}/settings`);
  const recipients = page.getByRole('region', { name: 'Notification recipients' });
  await expect(recipients.getByText('No one is notified for this venue.')).toBeVisible();
  await recipients.getByRole('button', { name: 'Update recipients' }).click();
  await recipients.getByRole('checkbox', { name: 'Sam Rivera' }).check();
  await recipients.getByRole('button', { name: 'Save' }).click();
  await expect(recipients.getByRole('listitem')).toHaveText(['Sam Rivera']);
  const venueContacts = await request.get(api(fillPath(CONTACT_PATHS.venueContacts, { venueId })), { headers });
  expect(VenueContactsSchema.parse(await venueContacts.json()).venueContacts).toEqual([
    { contactId: saved?.contactId },
  ]);
});

test('the contacts list fits a 390 px phone', async ({ page, request }) => {
  const email = uniqueEmail('contacts-narrow');
  await createAccount(request, email);
  const headers = { authorization: `Bearer ${await apiSignIn(request, email)}` };
  const data = {
    name: 'Alexandra Montgomery-Featherstonehaugh',
    email: 'alexandra.montgomery-featherstonehaugh@events.example.com',
    phone: '(201) 555-0142',
    severityLevel: ['Critical', 'Warning', 'Info'],
  };
  expect((await request.post(api(CONTACT_PATHS.contacts), { headers, data })).ok()).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, email);
  await page.goto('/contacts');
  await expect(page.getByRole('listitem').filter({ hasText: data.name })).toContainText('+1 201 555 0142');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
