import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { devicesWith } from '../../../testing/fixtures';
import { renderAmpPage } from '../../../testing/render-amp-page';
import type { ClearClientFactory } from '../clear-logs';
import type { LogKind } from '../log-text';
import { LogPage } from './log-page';

const AMP = '10.0.0.1';
const FAULTS = '2026-01-01T08:00:00.000Z Power supply: failure\n2026-01-01T09:00:00.000Z Channel 2: load short';
const EVENTS = '2026-01-01T07:00:00.000Z Analog 1: input signal lost';
/** A stamp as the page shows it: the language's date and time, in the time zone the tests run in. */
const local = (iso: string, language = 'en') =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

function setup(log: LogKind, { protectedAmp = false, password = null as string | null, fail = false } = {}) {
  const client = {
    connected: vi.fn(() => Promise.resolve()),
    clear: vi.fn(() => (fail ? Promise.reject(new Error('Forbidden')) : Promise.resolve('OK'))),
    close: vi.fn(),
  };
  const createClient = vi.fn<ClearClientFactory>(() => client);
  const devices = devicesWith([
    {
      ip: AMP,
      name: 'Main',
      patch: { logs: { faults: FAULTS, events: EVENTS }, misc: { passwordProtected: protectedAmp } },
    },
  ]);
  const view = renderAmpPage(<LogPage ampId={AMP} log={log} createClient={createClient} />, {
    devices,
    password,
    page: log,
  });
  return { ...view, client, createClient };
}

describe('events and faults pages (spec 2 §2)', () => {
  it('lists the log lines newest first under the page heading', () => {
    setup('faults');
    expect(screen.getByRole('heading', { name: 'Faults', level: 2 })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Fault log' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      `${local('2026-01-01T09:00:00.000Z')} Channel 2: load short`,
      `${local('2026-01-01T08:00:00.000Z')} Power supply: failure`,
    ]);
  });

  it('shows each time in the user’s locale and time zone, the amp’s UTC on hover (issue 18)', () => {
    setup('faults');
    const log = screen.getByRole('list', { name: 'Fault log' });
    expect(log).not.toHaveTextContent('T08:00');
    const time = within(log).getByText(local('2026-01-01T08:00:00.000Z'));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-01-01T08:00:00.000Z');
    expect(time).toHaveAttribute('title', 'UTC: 2026-01-01T08:00:00.000Z');
  });

  it.each([
    ['es', 'Registro de fallos'],
    ['zh', '故障日志'],
  ] as const)('formats times in %s', (language, label) => {
    renderAmpPage(<LogPage ampId={AMP} log="faults" />, {
      devices: devicesWith([{ ip: AMP, name: 'Main', patch: { logs: { faults: FAULTS } } }]),
      page: 'faults',
      language,
    });
    const log = screen.getByRole('list', { name: label });
    expect(within(log).getByText(local('2026-01-01T08:00:00.000Z', language))).toBeInTheDocument();
  });

  it('offers the log by email, the subject naming the amp', () => {
    setup('events');
    const href = screen.getByRole('link', { name: 'Email' }).getAttribute('href') ?? '';
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.searchParams.get('subject')).toBe('Events of Main (10.0.0.1)');
    expect(url.searchParams.get('body')).toBe('2026-01-01T07:00:00.000Z Analog 1: input signal lost');
  });

  it('clears on the amp only after the confirmation', async () => {
    const { user, client } = setup('events');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the logs?' });
    expect(dialog).toHaveTextContent('event log and the fault log on Main');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(client.clear).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(client.clear).toHaveBeenCalledWith('/logs'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the amp does not clear', async () => {
    const { user } = setup('faults', { fail: true });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The amp did not clear its logs.');
  });

  it('lets a guest on a protected amp read and email the log, not clear it', () => {
    const guest = setup('faults', { protectedAmp: true });
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to clear the logs.')).toBeInTheDocument();
    guest.unmount();
    setup('faults', { protectedAmp: true, password: 'S3cret!pw' });
    expect(screen.getByRole('button', { name: 'Clear' })).toBeEnabled();
  });

  it('says when a log is empty, and offers no Clear', () => {
    const devices = devicesWith([{ ip: AMP, patch: { logs: { events: '', faults: '' } } }]);
    renderAmpPage(<LogPage ampId={AMP} log="events" />, { devices, page: 'events' });
    expect(screen.getByText('The event log is empty.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });
});
