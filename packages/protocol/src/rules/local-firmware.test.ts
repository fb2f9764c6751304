import { describe, expect, it } from 'vitest';
import { getModel } from '../device/models';
import {
  countdownAfterResult,
  displayedFirmwareStatus,
  formatCountdown,
  isAcceptedFirmwareFile,
  isFirmwareImageFor,
  pickFirmwareImage,
  showsComponentStatuses,
  showsRestartNote,
  tickCountdown,
} from './local-firmware';

describe('firmware countdown (spec 3 §4)', () => {
  it('starts at 300 s on success and -1 on failure', () => {
    expect(countdownAfterResult('success')).toBe(300);
    expect(countdownAfterResult('failure')).toBe(-1);
  });

  it('ticks down by one to 0 and leaves a stopped countdown alone', () => {
    expect(tickCountdown(300)).toBe(299);
    expect(tickCountdown(1)).toBe(0);
    expect(tickCountdown(0)).toBe(0);
    expect(tickCountdown(-1)).toBe(-1);
  });

  it('formats mm:ss', () => {
    expect(formatCountdown(300)).toBe('05:00');
    expect(formatCountdown(241)).toBe('04:01');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(-1)).toBe('00:00');
  });
});

describe('displayed firmware status (spec 3 §4)', () => {
  it("shows 'Starting' above 240 s while the device reports None", () => {
    expect(displayedFirmwareStatus(300, 'None')).toBe('Starting');
    expect(displayedFirmwareStatus(241, 'None')).toBe('Starting');
  });

  it('shows Finished at 240 s or less with None reported', () => {
    expect(displayedFirmwareStatus(240, 'None')).toBe('Finished');
    expect(displayedFirmwareStatus(0, undefined)).toBe('Finished');
  });

  it('shows what the device reports otherwise', () => {
    expect(displayedFirmwareStatus(290, 'Downloading')).toBe('Downloading');
    expect(displayedFirmwareStatus(-1, 'None')).toBe('None');
  });

  it('lists component statuses once finished and notes the restart for touch controllers', () => {
    expect(showsComponentStatuses('Finished')).toBe(true);
    expect(showsComponentStatuses('Finished8ch')).toBe(true);
    expect(showsComponentStatuses('Starting')).toBe(false);
    expect(showsRestartNote('success', 0, true)).toBe(true);
    expect(showsRestartNote('success', 12, true)).toBe(false);
    expect(showsRestartNote('success', 0, false)).toBe(false);
  });
});

describe('firmware image names (spec 3 §5)', () => {
  it('uses DLS for 34/64/124, SS for ADSP, BS for 1504, ASBT otherwise', () => {
    expect(isFirmwareImageFor(getModel('64D'), 'DLS_1.5.0.0.tar.xz.enc')).toBe(true);
    expect(isFirmwareImageFor(getModel('704D-ADSP'), 'SS-1.5.0.0.tar.xz.enc')).toBe(true);
    expect(isFirmwareImageFor(getModel('CDS-508-ADSP'), 'SS-1.5.0.0.tar.xz.enc')).toBe(true);
    expect(isFirmwareImageFor(getModel('1504N'), 'BS-1.5.0.0.tar.xz.enc')).toBe(true);
    expect(isFirmwareImageFor(getModel('704D'), 'ASBT-1.5.0.0.tar.xz.enc')).toBe(true);
    expect(isFirmwareImageFor(getModel('704D'), 'SS-1.5.0.0.tar.xz.enc')).toBe(false);
    expect(isFirmwareImageFor(getModel('704D'), 'ASBT-1.5.0.0.tar.xz')).toBe(false);
  });

  it('picks the fitting image from a decompressed bundle', () => {
    const names = ['fw/DLS-2.tar.xz.enc', 'fw/SS-2.tar.xz.enc', 'fw/BS-2.tar.xz.enc', 'fw/ASBT-2.tar.xz.enc'];
    expect(pickFirmwareImage(getModel('124D'), names)).toBe('fw/DLS-2.tar.xz.enc');
    expect(pickFirmwareImage(getModel('352N-ADSP'), names)).toBe('fw/SS-2.tar.xz.enc');
    expect(pickFirmwareImage(getModel('1504D'), names)).toBe('fw/BS-2.tar.xz.enc');
    expect(pickFirmwareImage(getModel('CDS-504'), names)).toBe('fw/ASBT-2.tar.xz.enc');
    expect(pickFirmwareImage(getModel('CDS-504'), ['readme.txt'])).toBeUndefined();
  });

  it('accepts .enc and zip files in the picker', () => {
    expect(isAcceptedFirmwareFile('update.zip')).toBe(true);
    expect(isAcceptedFirmwareFile('ASBT-1.tar.xz.enc')).toBe(true);
    expect(isAcceptedFirmwareFile('notes.pdf')).toBe(false);
  });
});
