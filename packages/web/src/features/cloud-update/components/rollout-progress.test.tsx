import { act, screen, waitFor, within } from '@testing-library/react';
import type { Rollout } from '@rackside/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cloudError, fakeCloud, type FakeCloud } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';
import { CANDIDATES, ROLLOUT_ID, rollout, secondsAgo, target } from '../cloud-update.test-utils';

const GET = `GET /rollouts/${ROLLOUT_ID}`;
const row = (name: string) => screen.getByRole('listitem', { name });

const running = (): Rollout =>
  rollout(
    [
      target({
        deviceId: 'd-1',
        name: 'Flashed',
        state: 'success',
        firmwareStatus: 'FinishedFlash',
        boards: { ps: 'ok', amp1: 'OK', amp2: 'Flashing' },
      }),
      target({
        deviceId: 'd-2',
        name: 'Broken',
        state: 'failure',
        failedBy: 'DecryptingFail',
        firmwareStatus: 'DecryptingFail',
      }),
      target({ deviceId: 'd-3', name: 'Unreachable', state: 'requestFailed', failedBy: 'request' }),
      target({ deviceId: 'd-4', name: 'Playing', state: 'skipped', skipReason: 'audio' }),
      target({ deviceId: 'd-5', name: 'Fresh', wave: 1, state: 'starting', sentAt: secondsAgo(10) }),
      target({
        deviceId: 'd-6',
        name: 'Busy',
        wave: 1,
        state: 'inProgress',
        firmwareStatus: 'Decrypting',
        sentAt: secondsAgo(100),
      }),
      target({ deviceId: 'd-7', name: 'Later', wave: 2, venueName: 'Club' }),
      target({
        deviceId: 'd-8',
        name: 'Board',
        state: 'failure',
        failedBy: 'subBoard',
        firmwareStatus: 'FinishedFlash',
        boards: { ps: 'ok', amp1: 'Error 3' },
      }),
    ],
    {
      currentWave: 1,
      events: [
        { at: '2026-11-25T09:58:05.000Z', kind: 'waveStarted', wave: 0, deviceId: null, detail: null },
        { at: '2026-11-25T09:58:06.000Z', kind: 'skipped', wave: 0, deviceId: 'd-4', detail: 'audio' },
      ],
    },
  );

describe('cloud update progress (spec 1 §4, §8)', () => {
  let api: FakeCloud;
  let RUNNING: Rollout;
  const serve = (r: Rollout) => api.on({ [GET]: { body: r } });
  beforeEach(() => {
    api = fakeCloud({
      'GET /rollouts/candidates': { body: { ...CANDIDATES, activeRolloutId: ROLLOUT_ID } },
      'GET /rollouts': { body: { rollouts: [] } },
    });
    RUNNING = running();
    serve(RUNNING);
  });
  afterEach(() => vi.useRealTimers());

  it('shows the running rollout: overall, state, waves, each phase, board and skip, failures in words', async () => {
    renderCloud('/update', { cloudApi: api });
    expect(await screen.findByRole('heading', { name: 'Update progress' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Update in progress');
    expect(screen.getByRole('status')).toHaveTextContent('The waves go on by themselves.');
    expect(screen.getByText('Running')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Wave 1 of 3' })).toHaveTextContent('Ended');
    expect(screen.getByRole('region', { name: 'Wave 2 of 3' })).toHaveTextContent('Under way');
    expect(screen.getByRole('region', { name: 'Wave 3 of 3' })).toHaveTextContent('Waiting');

    const flashed = row('Flashed');
    expect(flashed).toHaveTextContent('Success');
    expect(flashed).toHaveTextContent('Status: Finished, components flashed');
    expect(flashed).toHaveTextContent('Power supply: OK');
    expect(flashed).toHaveTextContent('Amps 1-2: OK');
    expect(flashed).toHaveTextContent('Amps 3-4: Flashing');
    expect(flashed).not.toHaveTextContent('Amps 5-6');
    expect(row('Broken')).toHaveTextContent('Failure');
    expect(row('Broken')).toHaveTextContent('Decryption failed: the image is damaged or not valid.');
    expect(row('Unreachable')).toHaveTextContent('Request failed');
    expect(row('Unreachable')).toHaveTextContent('The update request failed.');
    expect(row('Board')).toHaveTextContent('A component of the amp did not update.');
    expect(row('Board')).toHaveTextContent('Amps 1-2: Error 3');
    expect(row('Playing')).toHaveTextContent('Skipped: passing audio');
    expect(within(row('Playing')).queryByRole('timer')).toBeNull();
    expect(row('Later')).toHaveTextContent('Waiting for its wave');
    expect(row('Later')).toHaveTextContent('Club · 352 · 1.6.0.0 → 1.7.0.0');

    const fresh = row('Fresh');
    expect(fresh).toHaveTextContent('Starting');
    expect(within(fresh).getByRole('timer', { name: 'Time remaining for Fresh' })).toHaveTextContent(/^04:[2-5]\d$/);
    const busy = row('Busy');
    expect(busy).toHaveTextContent('In progress');
    expect(busy).toHaveTextContent('Status: Decrypting');
    expect(within(busy).getByRole('timer')).toHaveTextContent(/^0[23]:[0-5]\d$/);
  });

  it('ticks the countdown every second and polls the rollout every 2 s while it is active', async () => {
    // fake timers from the start (the countdown's interval and the polling's timeouts are set up faked), still
    // advancing with real time; the test moves the clock on instead of waiting for it
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderCloud('/update', { cloudApi: api });
    const timer = await screen.findByRole('timer', { name: 'Time remaining for Fresh' });
    const first = timer.textContent;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(timer.textContent).not.toBe(first), { timeout: 500 });
    const polls = api.callsTo(GET).length;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(api.callsTo(GET).length).toBeGreaterThan(polls), { timeout: 500 });
  });

  it('says why a rollout stopped by itself and offers Resume and Cancel', async () => {
    serve({ ...RUNNING, state: 'stopped', stopReason: 'wave 1: 67 % failed (threshold 10 %)' });
    api.on({ [`POST /rollouts/${ROLLOUT_ID}/resume`]: { body: RUNNING } });
    const { user } = renderCloud('/update', { cloudApi: api });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Stopped by itself: wave 1: 67 % failed (threshold 10 %).',
    );
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel update' })).toBeVisible();
    serve(RUNNING);
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeVisible();
    expect(api.callsTo(`POST /rollouts/${ROLLOUT_ID}/resume`)).toHaveLength(1);
  });

  it('stops polling once the rollout ended', async () => {
    serve({ ...RUNNING, state: 'completed', currentWave: 3 });
    // fake timers from the start, so that a polling timeout would be a faked one the test's clock runs
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderCloud(`/update?rollout=${ROLLOUT_ID}`, { cloudApi: api });
    expect(await screen.findByRole('status')).toHaveTextContent('Every wave has ended.');
    expect(screen.queryByRole('button', { name: 'Cancel update' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New update' })).toBeVisible();
    const calls = api.callsTo(GET).length;
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(api.callsTo(GET)).toHaveLength(calls);
  });

  it('pauses and resumes (POST /rollouts/{id}/pause|resume)', async () => {
    const paused = { ...RUNNING, state: 'paused' as const };
    // the cloud's state changes with the action: later polls read it too
    const act = (r: Rollout) => () => {
      serve(r);
      return { body: r };
    };
    api.on({
      [`POST /rollouts/${ROLLOUT_ID}/pause`]: act(paused),
      [`POST /rollouts/${ROLLOUT_ID}/resume`]: act(RUNNING),
    });
    const { user } = renderCloud('/update', { cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Paused: no new amp starts');
    expect(api.callsTo(`POST /rollouts/${ROLLOUT_ID}/pause`)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeVisible();
    expect(api.callsTo(`POST /rollouts/${ROLLOUT_ID}/resume`)).toHaveLength(1);
  });

  it('cancels only after the confirmation', async () => {
    const cancelled = { ...RUNNING, state: 'cancelled' as const };
    api.on({ [`POST /rollouts/${ROLLOUT_ID}/cancel`]: { body: cancelled } });
    const { user } = renderCloud('/update', { cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Cancel update' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this update?' });
    expect(within(dialog).getByRole('button', { name: 'Keep updating' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`POST /rollouts/${ROLLOUT_ID}/cancel`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel update' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this update?' });
    serve(cancelled);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel update' }));
    expect(await screen.findByText(/Cancelled: the amps not reached were not updated/)).toBeVisible();
    expect(api.callsTo(`POST /rollouts/${ROLLOUT_ID}/cancel`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'New update' })).toBeVisible();
  });

  it('says why an action was refused', async () => {
    api.on({ [`POST /rollouts/${ROLLOUT_ID}/pause`]: cloudError(409, 'ROLLOUT_STATE') });
    const { user } = renderCloud('/update', { cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That did not work: That can no longer be done: the update has changed state.',
    );
  });

  it('shows the recorded steps in a collapsible log', async () => {
    const { user } = renderCloud('/update', { cloudApi: api });
    const summary = await screen.findByRole('button', { name: 'Step log (2)' });
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    await user.click(summary);
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Wave 1 started')).toBeVisible();
    expect(screen.getByText('Playing skipped (audio)')).toBeVisible();
  });
});
