import { describe, expect, it } from 'vitest';
import { logLines, mailtoHref } from './log-text';

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
