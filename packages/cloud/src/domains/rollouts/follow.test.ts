/** The rollout's pure rules: audio and fault from what the amp reports, and one amp's update followed (spec 1 §4). */
import { describe, expect, it } from 'vitest';
import { followTarget, sensorsShowAudio, shadowFirmware, shadowShowsFault, type TargetProgress } from './follow';

const sentAt = new Date('2026-01-01T10:00:00Z');
const later = (s: number) => new Date(sentAt.getTime() + s * 1000);
const start: TargetProgress = {
  state: 'starting',
  seenUpdating: false,
  failedBy: null,
  firmwareStatus: null,
  boards: {},
};
const shadow = (fwUpdateStatus: string, version = '1.0.0.0', boards: Record<string, string> = {}) => ({
  amp: { deviceInfo: { firmwareVersion: version } },
  firmware: { fwUpdateStatus, ...boards },
});
const input = (over: Partial<Parameters<typeof followTarget>[1]> = {}): Parameters<typeof followTarget>[1] => ({
  jobStatus: 'sent',
  jobDetail: null,
  reported: shadow('None'),
  shadowAt: later(-5),
  sentAt,
  toVersion: '2.0.0.0',
  now: later(1),
  timeoutMs: 60_000,
  ...over,
});

describe('sensorsShowAudio / shadowShowsFault / shadowFirmware', () => {
  it('sees audio only where an output detects signal', () => {
    expect(sensorsShowAudio({ amp: { channels: { '1': { output: { signalDetect: false } } } } })).toBe(false);
    expect(sensorsShowAudio({ amp: { channels: { '2': { output: { signalDetect: true } } } } })).toBe(true);
    expect(sensorsShowAudio({})).toBe(false);
    expect(sensorsShowAudio({ amp: { channels: 'odd' } })).toBe(false);
  });

  it('reads a fault (a channel Faulted, the power supply) from the shadow, tolerating odd data', () => {
    expect(shadowShowsFault({ amp: { channels: { '1': { output: { status: 'Faulted' } } } } })).toBe(true);
    expect(shadowShowsFault({ amp: { powerSupply: { fault: true } } })).toBe(true);
    expect(shadowShowsFault({ amp: { channels: { '1': { output: { status: 'Ok' } } } } })).toBe(false);
    expect(shadowShowsFault(null)).toBe(false);
  });

  it('names the boards of the firmware report', () => {
    expect(
      shadowFirmware(shadow('FinishedFlash', '2.0.0.0', { psFwUpdateStatus: 'ok', amp2FwUpdateStatus: 'FAIL' })),
    ).toEqual({ status: 'FinishedFlash', boards: { ps: 'ok', amp2: 'FAIL' } });
  });
});

describe('followTarget', () => {
  it("ends as the amp's job status says: succeeded, or failed with its failure status", () => {
    expect(followTarget(start, input({ jobStatus: 'succeeded' })).state).toBe('success');
    const failed = followTarget(start, input({ jobStatus: 'failed', jobDetail: 'DecryptingFail' }));
    expect([failed.state, failed.failedBy]).toEqual(['failure', 'DecryptingFail']);
    const boards = followTarget(start, input({ jobStatus: 'failed', jobDetail: 'FinishedFlash; not ok: amp1=FAIL' }));
    expect(boards.failedBy).toBe('subBoard');
    expect(followTarget(start, input({ jobStatus: 'rejected', jobDetail: 'busy' })).failedBy).toBe('busy');
  });

  it('ignores a shadow stored before the job was sent (the last update’s FinishedFlash)', () => {
    const next = followTarget(
      start,
      input({ jobStatus: 'accepted', reported: shadow('FinishedFlash'), shadowAt: later(-1) }),
    );
    expect(next.state).toBe('inProgress');
    expect(next.firmwareStatus).toBeNull();
  });

  it('goes in progress on a fresh status and ends on FinishedFlash only once seen updating', () => {
    const going = followTarget(
      start,
      input({ jobStatus: 'accepted', reported: shadow('Decrypting'), shadowAt: later(1) }),
    );
    expect([going.state, going.seenUpdating, going.firmwareStatus]).toEqual(['inProgress', true, 'Decrypting']);
    const flashed = shadow('FinishedFlash', '1.0.0.0', { psFwUpdateStatus: 'ok', amp1FwUpdateStatus: 'FAIL' });
    const end = followTarget(going, input({ jobStatus: 'accepted', reported: flashed, shadowAt: later(2) }));
    expect([end.state, end.failedBy, end.boards]).toEqual(['failure', 'subBoard', { ps: 'ok', amp1: 'FAIL' }]);
  });

  it('takes a fresh shadow showing the target version as success (a status report lost to a restart)', () => {
    const next = followTarget(
      start,
      input({ jobStatus: 'sent', reported: shadow('Finished', '2.0.0.0'), shadowAt: later(3) }),
    );
    expect(next.state).toBe('success');
  });

  it('fails with timeout when nothing ends it in time, and changes nothing before', () => {
    expect(followTarget(start, input({ now: later(30) }))).toEqual(start);
    const late = followTarget(start, input({ now: later(61) }));
    expect([late.state, late.failedBy]).toEqual(['failure', 'timeout']);
  });
});
