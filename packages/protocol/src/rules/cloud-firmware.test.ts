import { describe, expect, it } from 'vitest';
import {
  CLOUD_AMP_FIRMWARE_START,
  cloudFirmwareOverall,
  nextCloudAmpFirmware,
  type CloudAmpFirmwareProgress,
  type CloudAmpFirmwareReport,
} from './cloud-firmware';

const run = (...reports: CloudAmpFirmwareReport[]): CloudAmpFirmwareProgress =>
  reports.reduce(nextCloudAmpFirmware, CLOUD_AMP_FIRMWARE_START);

describe('cloud firmware per amp (spec 1 §4)', () => {
  it('stays starting while no status has arrived', () => {
    expect(run({}, { status: null }).phase).toBe('starting');
  });

  it('does not count None or Finished as done before the amp was seen updating', () => {
    for (const status of ['None', 'Finished', 'Finished8ch', 'Finished8Ch']) {
      expect(run({ status }).phase).toBe('starting');
      expect(run({ status: 'Downloading' }, { status }).phase).toBe('success');
    }
  });

  it('is in progress while the amp works through its steps', () => {
    expect(run({ status: 'Downloading' }).phase).toBe('inProgress');
    expect(run({ status: 'Downloading' }, { status: 'Decrypting' }, { status: 'Extraction' }).phase).toBe('inProgress');
  });

  it('fails on the four failure statuses', () => {
    for (const status of ['DownloadFail', 'ExtractionFail', 'DecryptingFail', 'HwNotSupportedInFw']) {
      expect(run({ status: 'Downloading' }, { status })).toEqual({
        phase: 'failure',
        seenUpdating: true,
        failedBy: status,
      });
    }
  });

  it('checks the sub-boards on FinishedFlash, ok compared case-insensitively', () => {
    const ok = run({ status: 'FinishedFlash', subBoardStatuses: ['OK', 'ok', 'Ok', undefined] });
    expect(ok.phase).toBe('success');
    const bad = run({ status: 'FinishedFlash', subBoardStatuses: ['ok', 'Flash error'] });
    expect(bad).toMatchObject({ phase: 'failure', failedBy: 'subBoard' });
  });

  it('records a failed request and then ignores further reports', () => {
    const failed = run({ requestFailed: true });
    expect(failed.phase).toBe('requestFailed');
    expect(nextCloudAmpFirmware(failed, { status: 'Downloading' })).toBe(failed);
    const done = run({ status: 'Downloading' }, { status: 'Finished' });
    expect(nextCloudAmpFirmware(done, { status: 'DownloadFail' }).phase).toBe('success');
  });
});

describe('cloud firmware overall (spec 1 §4)', () => {
  it('succeeds when all amps succeeded', () => {
    expect(cloudFirmwareOverall(['success', 'success'])).toBe('success');
  });

  it('fails when all are finished and one failed', () => {
    expect(cloudFirmwareOverall(['success', 'failure'])).toBe('failure');
    expect(cloudFirmwareOverall(['requestFailed', 'success'])).toBe('failure');
  });

  it('is in progress otherwise', () => {
    expect(cloudFirmwareOverall(['failure', 'inProgress'])).toBe('inProgress');
    expect(cloudFirmwareOverall(['success', 'starting'])).toBe('inProgress');
  });
});
