import { describe, expect, it } from 'vitest';
import { logLines, logTimeFormat, mailtoHref, splitLogLine } from './log-text';

describe('log text', () => {
  it('splits the amp’s newline-separated log, newest first, without blank lines', () => {
    expect(logLines('2026-01-01T00:00:00Z a\n\n2026-01-02T00:00:00Z b\r\n2026-01-03T00:00:00Z c\n')).toEqual([
      '2026-01-03T00:00:00Z c',
      '2026-01-02T00:00:00Z b',
      '2026-01-01T00:00:00Z a',
    ]);
    expect(logLines('')).toEqual([]);
    expect(logLines(undefined)).toEqual([]);
  });

  it('builds a mailto: with the subject and the lines as the body, CRLF between lines', () => {
    const href = mailtoHref('Faults of Main (10.0.0.1)', ['b & c', 'a?']);
    expect(href).toBe('mailto:?subject=Faults%20of%20Main%20(10.0.0.1)&body=b%20%26%20c%0D%0Aa%3F');
    const url = new URL(href);
    expect(url.searchParams.get('body')).toBe('b & c\r\na?');
  });
});

describe('log times (issue 18)', () => {
  it('splits a line into the amp’s UTC stamp and its text', () => {
    const parts = splitLogLine('2026-01-01T08:00:00.000Z Channel 2: load short');
    expect(parts.text).toBe('Channel 2: load short');
    expect(parts.stamp?.iso).toBe('2026-01-01T08:00:00.000Z');
    expect(parts.stamp?.at.getTime()).toBe(Date.UTC(2026, 0, 1, 8));
  });

  it('leaves a line without a valid stamp whole', () => {
    expect(splitLogLine('Booted')).toEqual({ text: 'Booted' });
    expect(splitLogLine('2026-13-45T99:00:00Z odd')).toEqual({ text: '2026-13-45T99:00:00Z odd' });
  });

  it('formats in the user’s language and time zone', () => {
    const at = new Date('2026-01-01T08:00:00.000Z');
    expect(logTimeFormat('en', 'America/New_York').format(at)).toMatch(/^Jan 1, 2026, 3:00:00\sAM$/);
    expect(logTimeFormat('en', 'Asia/Shanghai').format(at)).toMatch(/^Jan 1, 2026, 4:00:00\sPM$/);
    expect(logTimeFormat('es', 'Europe/Madrid').format(at)).toContain('9:00:00');
    expect(logTimeFormat('zh', 'Asia/Shanghai').format(at)).toMatch(/^2026年1月1日 16:00:00$/);
  });
});
