import { AUDIT_CSV_COLUMNS, type AuditEvent } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { CSV_HEADER, csvCell, eventRow } from './csv';

describe('the audit CSV', () => {
  it('quotes as RFC 4180 says: commas, quotes, CR and LF, with quotes doubled', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('gives a cell a spreadsheet would run as a formula a leading apostrophe', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, ''), JSON.stringify(start)).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvCell('-3')).toBe("'-3");
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
  });

  it('writes the header row and one record per event in the documented columns, CRLF ended', () => {
    expect(CSV_HEADER).toBe(`${AUDIT_CSV_COLUMNS.join(',')}\r\n`);
    const event: AuditEvent = {
      id: '0b8e2c1e-3f7a-4c55-9d1e-2a4b6c8d0e1f',
      at: '2026-01-15T10:00:00.000Z',
      kind: 'venue.renamed',
      actor: { userId: '5f0c2b0e-5d4a-4c1e-9a57-2f3e1c0b9d11', email: 'a@example.com' },
      ip: '10.0.0.7',
      userAgent: '+evil',
      venueId: '7f0c2b0e-5d4a-4c1e-9a57-2f3e1c0b9d11',
      deviceId: null,
      details: { from: 'Hall', to: 'Main, "Hall"' },
    };
    expect(eventRow(event)).toBe(
      '2026-01-15T10:00:00.000Z,venue.renamed,a@example.com,5f0c2b0e-5d4a-4c1e-9a57-2f3e1c0b9d11,10.0.0.7,' +
        "'+evil,7f0c2b0e-5d4a-4c1e-9a57-2f3e1c0b9d11,," +
        '"{""from"":""Hall"",""to"":""Main, \\""Hall\\""""}",0b8e2c1e-3f7a-4c55-9d1e-2a4b6c8d0e1f\r\n',
    );
  });
});
