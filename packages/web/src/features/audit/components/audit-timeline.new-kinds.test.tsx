import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEvent, Member } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { venueRoutes } from '../../../testing/cloud-venues';
import { fakeCloud } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';
import { NEW_KIND_SENTENCES } from '../audit-new-kinds.test-utils';
import { ADA_ID } from '../audit.test-utils';

const MEMBERS: Member[] = [
  { userId: ADA_ID, email: 'ada@example.com', role: 'admin', venueIds: null, createdAt: '2025-01-02T00:00:00.000Z' },
];
const page = (events: AuditEvent[]) => ({ body: { events, nextCursor: null } });

describe('audit timeline: grants, invitations, venue contacts, notifications, firmware, security (issue 21)', () => {
  it('shows each new kind as a sentence of who and what', async () => {
    const api = fakeCloud({
      ...venueRoutes([{ venueId: 'v1', name: 'Arena', amps: [] }]),
      'GET /org/members': { body: { organisationId: 'o1', members: MEMBERS } },
      'GET /audit': page(NEW_KIND_SENTENCES.map(([event]) => event)),
    });
    renderCloud('/activity', { cloudApi: api });
    const today = await screen.findByRole('list', { name: 'Today' });
    const rows = within(today)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent ?? '');
    expect(rows).toHaveLength(NEW_KIND_SENTENCES.length);
    NEW_KIND_SENTENCES.forEach(([event, sentence], i) =>
      expect(rows[i], event.kind).toMatch(new RegExp(`ada@example\\.com ${sentence.replace(/[.()]/g, '\\$&')}$`)),
    );
  });

  it('offers the new kinds among the changes by people, and asks for the ones chosen', async () => {
    const api = fakeCloud({
      ...venueRoutes([{ venueId: 'v1', name: 'Arena', amps: [] }]),
      'GET /org/members': { body: { organisationId: 'o1', members: MEMBERS } },
      'GET /audit': page([]),
    });
    const { user } = renderCloud('/activity', { cloudApi: api });
    await screen.findByText('No activity yet');
    await user.click(screen.getByRole('combobox', { name: /^What/ }));
    const listbox = await screen.findByRole('listbox');
    const texts = within(listbox)
      .getAllByRole('option')
      .map((o) => o.textContent);
    const people = texts.slice(0, texts.indexOf('Fault'));
    for (const label of [
      'Firmware uploaded',
      'Latest firmware chosen',
      'Firmware deleted',
      'Contact chosen for a venue',
      'Contact removed from a venue',
      'Notification settings changed',
      'Invitation withdrawn',
      'Member joined',
      'Integrator access given',
      'Integrator access revoked',
      'Security settings changed',
      'Two-factor sign-in turned on',
      'Two-factor sign-in turned off',
      'Passkey added',
      'Passkey removed',
      'Password changed',
    ])
      expect(people).toContain(label);
    await user.click(within(listbox).getByRole('option', { name: 'Integrator access given' }));
    await user.click(within(listbox).getByRole('option', { name: 'Member joined' }));
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET /audit').at(-1)!.query).kind).toBe('grant.created,member.joined'),
    );
  });
});
