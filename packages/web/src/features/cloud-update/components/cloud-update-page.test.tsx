import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cloudError, fakeCloud, type FakeCloud } from '../../../testing/fake-cloud';
import { pseudo, pseudoResources, untranslated } from '../../../testing/pseudo-locale';
import { renderCloud } from '../../../testing/render-cloud';
import { CANDIDATES, ROLLOUT_ID, rollout, target } from '../cloud-update.test-utils';

const box = (name: string) => screen.getByRole('checkbox', { name });
const isMixed = (el: HTMLElement) => el.getAttribute('data-indeterminate') === 'true';

describe('cloud update selection (spec 1 §2 /update, §5)', () => {
  let api: FakeCloud;
  beforeEach(() => {
    api = fakeCloud({
      'GET /rollouts/candidates': { body: CANDIDATES },
      'GET /rollouts': { body: { rollouts: [] } },
    });
  });

  it('lists venues and amps; only updatable amps can be ticked; the others say why', async () => {
    renderCloud('/update', { cloudApi: api });
    await screen.findByRole('checkbox', { name: 'Select all' });
    expect(screen.getByText('0 of 3 amps selected')).toBeVisible();
    expect(box('Select Stage left')).toBeEnabled();
    expect(box('Select Bar')).toBeEnabled();
    expect(box('Select Lobby')).toBeDisabled();
    expect(box('Select Lobby')).toHaveAccessibleDescription('Up to date');
    expect(box('Select Old amp')).toBeDisabled();
    expect(box('Select Old amp')).toHaveAccessibleDescription('Firmware older than 1.2.0.0: update it locally');
    expect(box('Select Panel')).toHaveAccessibleDescription('No image in the library for this model');
    const hall = screen.getByRole('group', { name: 'Hall' });
    expect(hall).toHaveTextContent('1.6.0.0 → 1.7.0.0');
    const club = screen.getByRole('group', { name: 'Club' });
    expect(within(club).getByText('Offline')).toBeVisible();
    expect(within(club).getByText('Fault')).toBeVisible();
    expect(within(hall).getByText('Audio')).toBeVisible();
  });

  it('selects per amp, per venue and all, with indeterminate states and N of M', async () => {
    const { user } = renderCloud('/update', { cloudApi: api });
    const all = await screen.findByRole('checkbox', { name: 'Select all' });
    const hall = box('Select all amps of Hall');
    await user.click(box('Select Stage left'));
    expect(screen.getByText('1 of 3 amps selected')).toBeVisible();
    expect(isMixed(hall)).toBe(true);
    expect(isMixed(all)).toBe(true);
    expect(screen.getByRole('group', { name: 'Hall' })).toHaveTextContent('1 of 2');
    await user.click(hall);
    expect(hall).toBeChecked();
    expect(isMixed(hall)).toBe(false);
    expect(box('Select Stage right')).toBeChecked();
    expect(screen.getByText('2 of 3 amps selected')).toBeVisible();
    await user.click(all);
    expect(all).toBeChecked();
    expect(box('Select Bar')).toBeChecked();
    expect(box('Select Lobby')).not.toBeChecked();
    expect(screen.getByText('3 of 3 amps selected')).toBeVisible();
    await user.click(all);
    expect(screen.getByText('0 of 3 amps selected')).toBeVisible();
    expect(all).not.toBeChecked();
    // the keyboard reaches the amp checkboxes
    box('Select Stage left').focus();
    await user.keyboard(' ');
    expect(box('Select Stage left')).toBeChecked();
  });

  it('enables Update only with a latest version, a selection and a valid plan; shows the waves', async () => {
    const { user } = renderCloud('/update', { cloudApi: api });
    const update = await screen.findByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    expect(update).toHaveAccessibleDescription('Select at least one amp.');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(update).toBeEnabled();
    expect(screen.getByText('Waves: 1 + 1 + 1 amps')).toBeVisible();
    const percent = screen.getByRole('textbox', { name: 'Second wave (% of the selection)' });
    await user.clear(percent);
    await user.type(percent, '150');
    expect(screen.getByText('A whole number from 0 to 100')).toBeVisible();
    expect(update).toBeDisabled();
    await user.clear(percent);
    await user.type(percent, '0');
    expect(screen.getByText('Waves: 1 + 2 amps')).toBeVisible();
    expect(update).toBeEnabled();
  });

  it('cannot update without a latest version in the library, and says so', async () => {
    const noImage = {
      ...CANDIDATES,
      latest: {},
      venues: CANDIDATES.venues.map((v) => ({
        ...v,
        amps: v.amps.map((a) => ({ ...a, latestVersion: null, updateAvailable: false })),
      })),
    };
    api.on({ 'GET /rollouts/candidates': { body: noImage } });
    renderCloud('/update', { cloudApi: api });
    expect(await screen.findByText(/The firmware library has no image for your amps/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the firmware library' })).toHaveAttribute('href', '/firmware');
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeDisabled();
  });

  it('asks first (how many amps, the waves); Cancel sends nothing; Start posts the selection and plan', async () => {
    const started = rollout([
      target({ deviceId: 'd-a1', name: 'Stage left', state: 'starting', sentAt: new Date().toISOString() }),
      target({ deviceId: 'd-b1', name: 'Bar', wave: 1 }),
    ]);
    api.on({
      'POST /rollouts': { status: 201, body: started },
      [`GET /rollouts/${ROLLOUT_ID}`]: { body: started },
    });
    const { user, router } = renderCloud('/update', { cloudApi: api });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Bar' }));
    await user.click(box('Select Stage left'));
    await user.click(screen.getByRole('switch', { name: 'Update amps passing audio or in a fault' }));
    expect(screen.getByText(/its audio stops for several minutes/)).toBeVisible();
    const threshold = screen.getByRole('textbox', { name: 'Stop above failure rate (%)' });
    await user.clear(threshold);
    await user.type(threshold, '25');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    let dialog = await screen.findByRole('dialog', { name: 'Update 2 amps?' });
    expect(dialog).toHaveTextContent('It runs in 2 waves of 1 + 1 amps.');
    expect(dialog).toHaveTextContent('A wave whose failure rate is above 25 % stops the update.');
    expect(dialog).toHaveTextContent('Amps passing audio or in a fault are updated too.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /rollouts')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Update' }));
    dialog = await screen.findByRole('dialog', { name: 'Update 2 amps?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start update' }));
    expect(await screen.findByRole('heading', { name: 'Update progress' })).toBeVisible();
    expect(api.callsTo('POST /rollouts')[0]?.body).toEqual({
      deviceIds: ['d-a1', 'd-b1'],
      canary: 1,
      percent: 10,
      failureThresholdPercent: 25,
      force: true,
    });
    expect(router.state.location.search).toBe(`?rollout=${ROLLOUT_ID}`);
  });

  it.each([
    ['ROLLOUT_ACTIVE', 409, 'Another update is running already: only one runs at a time.'],
    ['ROLLOUT_NOTHING_TO_UPDATE', 400, 'None of the selected amps can be updated now'],
    ['FIRMWARE_NOT_IN_LIBRARY', 409, 'The firmware library no longer has the image'],
    ['Network', 0, 'The cloud could not be reached.'],
  ])('shows a refused start (%s) clearly and keeps the selection', async (error, status, text) => {
    api.on({
      'POST /rollouts':
        status === 0 ? () => Promise.reject(new TypeError('Failed to fetch')) : cloudError(status, error),
    });
    const { user } = renderCloud('/update', { cloudApi: api });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Stage right' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start update' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).toHaveTextContent('Your selection is kept.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(box('Select Stage right')).toBeChecked();
    expect(screen.getByText('1 of 3 amps selected')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('offers the running update after ROLLOUT_ACTIVE', async () => {
    api.on({ 'POST /rollouts': cloudError(409, 'ROLLOUT_ACTIVE') });
    const running = rollout([target({ deviceId: 'd-a1', name: 'Stage left', wave: 0 })]);
    const { user } = renderCloud('/update', { cloudApi: api });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Stage right' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start update' }));
    api.on({
      'GET /rollouts/candidates': { body: { ...CANDIDATES, activeRolloutId: ROLLOUT_ID } },
      [`GET /rollouts/${ROLLOUT_ID}`]: { body: running },
    });
    await user.click(await screen.findByRole('button', { name: 'Show the running update' }));
    expect(await screen.findByRole('heading', { name: 'Update progress' })).toBeVisible();
  });

  it("opens an amp's firmware history from its row", async () => {
    api.on({
      'GET /devices/d-a1/firmware/history': {
        body: {
          entries: [
            {
              at: '2026-11-20T08:00:00.000Z',
              rolloutId: ROLLOUT_ID,
              fromVersion: '1.5.0.0',
              toVersion: '1.6.0.0',
              state: 'failure',
              skipReason: null,
              detail: 'DecryptingFail',
              finishedAt: '2026-11-20T08:03:00.000Z',
            },
          ],
        },
      },
    });
    const { user } = renderCloud('/update', { cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Firmware history of Stage left' }));
    const dialog = await screen.findByRole('dialog', { name: 'Firmware history of Stage left' });
    expect(await within(dialog).findByText(/1\.5\.0\.0 → 1\.6\.0\.0/)).toBeVisible();
    expect(dialog).toHaveTextContent('Failure · DecryptingFail · Rollout');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists past rollouts and opens one', async () => {
    const past = rollout([target({ deviceId: 'd-a1', name: 'Stage left', state: 'success' })], {
      state: 'completed',
      currentWave: 1,
    });
    const { targets: _t, events: _e, ...summary } = past;
    api.on({
      'GET /rollouts': { body: { rollouts: [summary] } },
      [`GET /rollouts/${ROLLOUT_ID}`]: { body: past },
    });
    const { user } = renderCloud('/update', { cloudApi: api });
    const table = await screen.findByRole('table', { name: 'Past updates' });
    expect(table).toHaveTextContent('Completed');
    expect(table).toHaveTextContent('ASBT 1.7.0.0');
    expect(table).toHaveTextContent('1 succeeded, 0 failed, 0 skipped of 1');
    await user.click(within(table).getByRole('button', { name: /View the update of/ }));
    expect(await screen.findByText('Update succeeded')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'New update' }));
    expect(await screen.findByRole('checkbox', { name: 'Select all' })).toBeInTheDocument();
  });

  it('shows only translations and data (pseudo-locale)', async () => {
    renderCloud('/update', { cloudApi: api, resources: pseudoResources() });
    await screen.findByRole('heading', { name: pseudo('Firmware update') });
    await screen.findByRole('group', { name: 'Hall' });
    const data = new Set(['Hall', 'Club', '352', 'TP', ...CANDIDATES.venues.flatMap((v) => v.amps.map((a) => a.name))]);
    expect(untranslated(document.body, data)).toEqual([]);
  });
});
