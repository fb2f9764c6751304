import { describe, expect, it } from 'vitest';
import { rollout, target } from './cloud-update.test-utils';
import { boardsOf, overallOf, remainingSeconds, showsBoards, shownStatus, waveStatus, wavesOf } from './progress';

const SENT = '2026-11-25T10:00:00.000Z';
const at = (seconds: number) => Date.parse(SENT) + seconds * 1000;

describe('rollout progress (spec 1 §4)', () => {
  it('tells the overall status from the attempted amps, in progress while an active rollout has amps waiting', () => {
    const done = target({ deviceId: 'a', name: 'A', state: 'success' });
    const failed = target({ deviceId: 'b', name: 'B', state: 'failure' });
    const waiting = target({ deviceId: 'c', name: 'C', state: 'pending', wave: 1 });
    const skipped = target({ deviceId: 'd', name: 'D', state: 'skipped', skipReason: 'audio' });
    expect(overallOf(rollout([done, waiting]))).toBe('inProgress');
    expect(overallOf(rollout([done, skipped], { state: 'completed' }))).toBe('success');
    expect(overallOf(rollout([done, failed], { state: 'completed' }))).toBe('failure');
    expect(overallOf(rollout([done, { ...failed, state: 'inProgress' }], { state: 'paused' }))).toBe('inProgress');
    expect(overallOf(rollout([skipped, { ...waiting, state: 'cancelled' }], { state: 'cancelled' }))).toBeNull();
  });

  it('counts 300 s down from when the job was sent, to 0 at the least', () => {
    expect(remainingSeconds(SENT, at(0))).toBe(300);
    expect(remainingSeconds(SENT, at(59.5))).toBe(241);
    expect(remainingSeconds(SENT, at(400))).toBe(0);
    expect(remainingSeconds(null, at(10))).toBe(300);
  });

  it("shows 'Starting' above 240 s while the amp reported nothing, then its own status", () => {
    const starting = target({ deviceId: 'a', name: 'A', state: 'starting', sentAt: SENT });
    expect(shownStatus(starting, 241)).toBe('Starting');
    expect(shownStatus(starting, 240)).toBe('None');
    expect(shownStatus({ ...starting, state: 'inProgress', firmwareStatus: 'Decrypting' }, 290)).toBe('Decrypting');
    expect(shownStatus({ ...starting, state: 'failure', firmwareStatus: 'DownloadFail' }, 0)).toBe('DownloadFail');
  });

  it('shows per-board statuses after FinishedFlash (or a failed board), in board order', () => {
    const boards = { amp2: 'Flashing', ps: 'ok', amp1: 'OK' };
    const flashed = target({ deviceId: 'a', name: 'A', state: 'success', firmwareStatus: 'FinishedFlash', boards });
    expect(showsBoards(flashed)).toBe(true);
    expect(boardsOf(boards).map((b) => b.key)).toEqual(['ps', 'amp1', 'amp2']);
    expect(showsBoards({ ...flashed, firmwareStatus: 'Extraction' })).toBe(false);
    expect(showsBoards({ ...flashed, firmwareStatus: 'Extraction', failedBy: 'subBoard' })).toBe(true);
    expect(showsBoards({ ...flashed, boards: {} })).toBe(false);
  });

  it('groups the targets by wave and says where each wave stands', () => {
    const t0 = target({ deviceId: 'a', name: 'A', wave: 0, state: 'success' });
    const t1 = target({ deviceId: 'b', name: 'B', wave: 1, state: 'inProgress' });
    const t2 = target({ deviceId: 'c', name: 'C', wave: 2 });
    const r = rollout([t2, t0, t1], { currentWave: 1 });
    expect(wavesOf(r.targets).map((w) => [w.wave, w.targets.map((x) => x.deviceId)])).toEqual([
      [0, ['a']],
      [1, ['b']],
      [2, ['c']],
    ]);
    expect(
      [0, 1, 2].map((w) =>
        waveStatus(
          r,
          w,
          r.targets.filter((x) => x.wave === w),
        ),
      ),
    ).toEqual(['done', 'current', 'waiting']);
    const cancelled = rollout([t0, { ...t2, state: 'cancelled' }], { state: 'cancelled', currentWave: 1 });
    expect(waveStatus(cancelled, 2, [{ ...t2, state: 'cancelled' }])).toBe('notRun');
    expect(waveStatus(cancelled, 0, [t0])).toBe('done');
  });
});
