import { describe, expect, it } from 'vitest';
import {
  boardFields,
  countdownOver,
  displayedStatus,
  isSettled,
  overallOf,
  phaseOf,
  reported,
  showsBoards,
  startAmpUpdate,
  statusMessageKey,
  uploadFinished,
  uploadProgressed,
  type AmpUpdate,
} from './status';

const NO_BOARDS = ['', '', '', '', ''];
const report = (status: string, boards: string[] = NO_BOARDS) => ({ status, boards });
const start = (baseline = 'None') => startAmpUpdate('10.0.0.1', 'ASBT-1.6.0.0.tar.xz.enc', report(baseline));
const accepted = (baseline = 'None') =>
  uploadFinished(start(baseline), { ok: true, message: 'firmware update started' });
const through = (u: AmpUpdate, ...reports: { status: string; boards: string[] }[]) => reports.reduce(reported, u);

describe('one amp’s local firmware update (spec 3 §4)', () => {
  it('shows the upload’s progress, then updating once the amp accepted the image', () => {
    const u = uploadProgressed(start(), 0.4);
    expect(phaseOf(u)).toBe('uploading');
    expect(u.sent).toBe(0.4);
    expect(phaseOf(accepted())).toBe('updating');
  });

  it('fails on a refused or unanswered upload, keeping what the amp said', () => {
    const refused = uploadFinished(start(), { ok: false, message: 'a firmware update is already in progress' });
    expect(phaseOf(refused)).toBe('uploadFailed');
    expect(refused.uploadMessage).toBe('a firmware update is already in progress');
    expect(phaseOf(uploadFinished(start(), { ok: false, message: '', reason: 'network' }))).toBe('uploadFailed');
    expect(isSettled(refused)).toBe(true);
  });

  it('succeeds through the amp’s statuses to Finished or Finished8ch', () => {
    const steps = ['Downloading', 'Decrypting', 'Extraction', 'ExtractionComplete'].map((s) => report(s));
    const running = through(accepted(), ...steps);
    expect(phaseOf(running)).toBe('updating');
    expect(phaseOf(reported(running, report('Finished')))).toBe('success');
    expect(phaseOf(reported(running, report('Finished8ch')))).toBe('success');
  });

  it('fails on each failure status', () => {
    for (const status of ['DecryptingFail', 'ExtractionFail', 'HwNotSupportedInFw', 'DownloadFail']) {
      const u = through(accepted(), report('Downloading'), report('Decrypting'), report(status));
      expect(phaseOf(u), status).toBe('failure');
      expect(displayedStatus(u, 290)).toBe(status);
    }
  });

  it('does not take an earlier update’s status for this one’s', () => {
    const stale = accepted('DecryptingFail');
    expect(phaseOf(reported(stale, report('DecryptingFail')))).toBe('updating');
    expect(displayedStatus(stale, 290)).toBe('Starting');
    const finishedBefore = reported(accepted('Finished'), report('Finished'));
    expect(phaseOf(finishedBefore)).toBe('updating');
    expect(phaseOf(through(finishedBefore, report('Downloading'), report('Finished')))).toBe('success');
  });

  it('counts a status seen while the upload was still answering', () => {
    const early = through(start(), report('Downloading'), report('Finished'));
    expect(phaseOf(early)).toBe('uploading');
    expect(phaseOf(uploadFinished(early, { ok: true, message: 'firmware update started' }))).toBe('success');
  });

  it('shows Starting above 240 s while the amp reports nothing new, Finished at 240 s or less', () => {
    expect(displayedStatus(accepted(), 300)).toBe('Starting');
    expect(displayedStatus(accepted(), 241)).toBe('Starting');
    expect(displayedStatus(accepted(), 240)).toBe('Finished');
    expect(displayedStatus(reported(accepted(), report('Extraction')), 290)).toBe('Extraction');
  });

  it('checks every board after FinishedFlash and shows their statuses', () => {
    const flashing = through(
      accepted(),
      report('Downloading'),
      report('ExtractionComplete', ['Flashing', 'Pending', 'Pending', '', '']),
    );
    expect(showsBoards(flashing, 280)).toBe(true);
    expect(showsBoards(accepted(), 280)).toBe(false);
    expect(phaseOf(reported(flashing, report('FinishedFlash', ['ok', 'ok', 'ok', '', ''])))).toBe('success');
    expect(phaseOf(reported(flashing, report('FinishedFlash', ['ok', 'error', 'ok', '', ''])))).toBe('failure');
    expect(boardFields(4)).toEqual(['psFwUpdateStatus', 'amp1FwUpdateStatus', 'amp2FwUpdateStatus']);
    expect(boardFields(8)).toHaveLength(5);
    expect(boardFields(2)).toHaveLength(2);
  });

  it('has no result when the countdown ends first', () => {
    const u = countdownOver(reported(accepted(), report('Extraction')));
    expect(phaseOf(u)).toBe('noResult');
    const done = through(accepted(), report('Downloading'), report('Finished'));
    expect(phaseOf(countdownOver(done))).toBe('success');
  });

  it('maps each status to a message; Finished and Finished8ch share one', () => {
    expect(statusMessageKey('Finished8ch')).toBe('Finished');
    expect(statusMessageKey('Finished8Ch')).toBe('Finished');
    expect(statusMessageKey('DecryptingFail')).toBe('DecryptingFail');
    expect(statusMessageKey('Starting')).toBe('Starting');
    expect(statusMessageKey('Rebooting')).toBeUndefined();
  });

  it('is a success overall only when every amp succeeded', () => {
    const ok = through(accepted(), report('Downloading'), report('Finished'));
    const failed = through(accepted(), report('Downloading'), report('DecryptingFail'));
    expect(overallOf([ok, accepted()])).toBe('inProgress');
    expect(overallOf([ok, ok])).toBe('success');
    expect(overallOf([ok, failed])).toBe('failure');
  });
});
