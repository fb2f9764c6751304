/**
 * The remote-control envelope of `api/req` and `api/res` (issue 13): a JSON header line, a newline, then the device
 * API frame as it is. Encoded and read back unchanged; every refusal a reason, never an exception (random and mutated
 * payloads, bytes and text, NUL bytes, lone surrogates, bad UTF-8, oversize).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  API_ENVELOPE_MAX_HEADER_BYTES,
  encodeApiEnvelope,
  MQTT_MAX_PAYLOAD_BYTES,
  parseApiEnvelope,
  parseApiResponse,
  type ApiEnvelopeHeader,
  type ParsedPayload,
} from './mqtt';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const text = (data: Uint8Array): string => new TextDecoder().decode(data);
const concat = (...parts: (string | number[] | Uint8Array)[]): Uint8Array => {
  const chunks = parts.map((p) => (typeof p === 'string' ? bytes(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
};
const refused = <T>(parsed: ParsedPayload<T>): string => {
  expect(parsed.ok).toBe(false);
  return parsed.ok ? '' : parsed.error;
};
/** A frame as the amp writes one: pretty-printed JSON with quotes, backslashes, newlines and non-ASCII text. */
const REPLY = JSON.stringify(
  { leaApi: '1.0', url: '/amp/channels/1', result: { name: 'Ch "1" \\ Sub\nLeft', gain: -3.5, label: 'Bühne 🎚' } },
  null,
  2,
);
const isWellFormed = (s: string): boolean => !/\p{Cs}/u.test(s);

describe('api/req and api/res envelope', () => {
  it('writes the header line, a newline and the frame as it is; reads back the same', () => {
    const payload = encodeApiEnvelope({ sessionId: 's1' }, REPLY);
    expect(payload).toBe(`{"sessionId":"s1"}\n${REPLY}`);
    expect(parseApiEnvelope(payload)).toEqual({ ok: true, value: { header: { sessionId: 's1' }, frame: REPLY } });

    const fromBytes = parseApiEnvelope(bytes(payload));
    if (!fromBytes.ok) throw new Error(fromBytes.error);
    expect(fromBytes.value.header).toEqual({ sessionId: 's1' });
    expect(fromBytes.value.frame).toEqual(bytes(REPLY)); // the frame's bytes, untouched

    const encoded = encodeApiEnvelope({ sessionId: 's1' }, bytes(REPLY));
    expect(encoded).toBeInstanceOf(Uint8Array);
    expect(text(encoded)).toBe(payload);
  });

  it('hands the frame on as a view of the payload, not a copy', () => {
    const payload = bytes(`{"sessionId":"s1"}\n${REPLY}`);
    const parsed = parseApiEnvelope(payload);
    if (!parsed.ok) throw new Error(parsed.error);
    const frame = parsed.value.frame!;
    expect(frame.buffer).toBe(payload.buffer);
    expect(frame.byteOffset).toBe(payload.indexOf(0x0a) + 1);
  });

  it('a keep-alive is the header alone, a close the header with close: true; an empty frame is a frame', () => {
    expect(encodeApiEnvelope({ sessionId: 's1' })).toBe('{"sessionId":"s1"}');
    expect(encodeApiEnvelope({ sessionId: 's1', close: true })).toBe('{"sessionId":"s1","close":true}');
    expect(parseApiEnvelope('{"sessionId":"s1"}')).toEqual({ ok: true, value: { header: { sessionId: 's1' } } });
    expect(parseApiEnvelope(bytes('{"sessionId":"s1","close":true}'))).toEqual({
      ok: true,
      value: { header: { sessionId: 's1', close: true } },
    });
    expect(encodeApiEnvelope({ sessionId: 's1' }, '')).toBe('{"sessionId":"s1"}\n');
    expect(parseApiEnvelope('{"sessionId":"s1"}\n')).toEqual({
      ok: true,
      value: { header: { sessionId: 's1' }, frame: '' },
    });
    // whitespace around the header is JSON's; a CRLF line end too
    expect(parseApiEnvelope(' {"sessionId":"s1"}\r\n{}')).toMatchObject({ ok: true, value: { frame: '{}' } });
  });

  it('the first newline ends the header: newlines in the frame stay in the frame', () => {
    const frame = '\n{"sessionId":"evil","close":true}\n\n';
    const parsed = parseApiEnvelope(bytes(encodeApiEnvelope({ sessionId: 's1' }, frame)));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.value.header).toEqual({ sessionId: 's1' });
    expect(text(parsed.value.frame!)).toBe(frame);
  });

  it('writes only the header members it knows, and no raw newline whatever the session id holds', () => {
    const odd = { sessionId: 'a\nb"\\', close: true, frame: 'x', extra: 1 } as ApiEnvelopeHeader;
    const payload = encodeApiEnvelope(odd, 'f');
    expect(payload).toBe('{"sessionId":"a\\nb\\"\\\\","close":true}\nf');
    expect(parseApiEnvelope(payload)).toEqual({
      ok: true,
      value: { header: { sessionId: 'a\nb"\\', close: true }, frame: 'f' },
    });
  });

  it('refuses a header that is not the schema: other members (the former JSON message), wrong types', () => {
    for (const header of [
      '{"sessionId":"s1","frame":"{\\"id\\":1}"}', // the former {sessionId, frame} message
      '{"sessionId":"s1","close":false}',
      '{"sessionId":""}',
      `{"sessionId":"${'x'.repeat(65)}"}`,
      '{"sessionId":1}',
      '{}',
      '[]',
      'null',
      '"s1"',
      '{"sessionId":"s1","__proto__":{"close":true}}',
    ]) {
      expect(refused(parseApiEnvelope(`${header}\n{}`)), header).not.toBe('');
      expect(refused(parseApiEnvelope(bytes(header))), header).not.toBe('');
    }
    expect(refused(parseApiEnvelope('not json\n{}'))).toBe('header is not UTF-8 JSON');
    expect(refused(parseApiEnvelope('\n{}'))).toBe('header is not UTF-8 JSON');
    expect(refused(parseApiEnvelope(''))).toBe('header is not UTF-8 JSON');
    expect(refused(parseApiEnvelope(new Uint8Array()))).toBe('header is not UTF-8 JSON');
  });

  it('refuses NUL bytes in the header, and passes them on in the frame (the device API refuses the frame)', () => {
    expect(refused(parseApiEnvelope('{"sessionId":"s\u00001"}\n{}'))).toBe('header is not UTF-8 JSON');
    expect(refused(parseApiEnvelope(concat('{"sessionId":"s1"}', [0], '\n{}')))).toBe('header is not UTF-8 JSON');
    const parsed = parseApiEnvelope(concat('{"sessionId":"s1"}\n{"a":"', [0], '"}'));
    if (!parsed.ok) throw new Error(parsed.error);
    expect([...parsed.value.frame!]).toContain(0);
  });

  it('refuses bytes that are not UTF-8, in the header or in the frame', () => {
    const bad = [
      [0xff],
      [0xc3, 0x28], // a lead byte without its continuation
      [0xe2, 0x82], // cut short
      [0xc0, 0xaf], // overlong '/'
      [0xed, 0xa0, 0x80], // a surrogate's code point encoded
      [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
      [0x80], // a lone continuation byte
    ];
    for (const seq of bad) {
      expect(refused(parseApiEnvelope(concat('{"sessionId":"', seq, '"}\n{}'))), String(seq)).toBe(
        'header is not UTF-8 JSON',
      );
      expect(refused(parseApiEnvelope(concat('{"sessionId":"s1"}\n"', seq, '"'))), String(seq)).toBe(
        'frame is not UTF-8',
      );
    }
    // the frame's last byte cut short too
    expect(refused(parseApiEnvelope(concat('{"sessionId":"s1"}\n"é', [0xf0, 0x9f])))).toBe('frame is not UTF-8');
  });

  it('refuses text with a lone surrogate (no UTF-8 form), in the header or in the frame; a pair is fine', () => {
    for (const lone of ['\ud800', '\udfff', '\udc00\ud800', 'a\ud83d']) {
      expect(refused(parseApiEnvelope(`{"sessionId":"s${lone}"}\n{}`))).toMatch(/not UTF-8/);
      expect(refused(parseApiEnvelope(`{"sessionId":"s1"}\n{"a":"${lone}"}`))).toMatch(/not UTF-8/);
    }
    expect(parseApiEnvelope('{"sessionId":"s1"}\n"🎚\ud83c\udf9a"')).toMatchObject({ ok: true });
  });

  it('refuses a payload over MQTT_MAX_PAYLOAD_BYTES, and a header line over API_ENVELOPE_MAX_HEADER_BYTES', () => {
    const head = '{"sessionId":"s1"}\n';
    const atLimit = bytes(head + 'x'.repeat(MQTT_MAX_PAYLOAD_BYTES - head.length));
    expect(parseApiEnvelope(atLimit).ok).toBe(true);
    const over = bytes(head + 'x'.repeat(MQTT_MAX_PAYLOAD_BYTES - head.length + 1));
    expect(refused(parseApiEnvelope(over))).toBe(`payload of ${MQTT_MAX_PAYLOAD_BYTES + 1} bytes is too large`);
    expect(refused(parseApiEnvelope(text(over)))).toMatch(/too large/);

    const longHeader = `{"sessionId":"s1","pad":"${'x'.repeat(API_ENVELOPE_MAX_HEADER_BYTES)}"}`;
    expect(refused(parseApiEnvelope(`${longHeader}\n{}`))).toMatch(/header line over/);
    expect(refused(parseApiEnvelope(bytes(longHeader)))).toMatch(/header line over/);
    // no newline at all in a large payload: refused without reading it as a header
    expect(refused(parseApiEnvelope(new Uint8Array(100_000).fill(0x20)))).toMatch(/header line over/);
  });

  it('parseApiResponse: one frame of a session; a bare header or a close is no reply', () => {
    const reply = parseApiResponse(bytes(`{"sessionId":"s1"}\n${REPLY}`));
    if (!reply.ok) throw new Error(reply.error);
    expect(reply.value.sessionId).toBe('s1');
    expect(text(reply.value.frame)).toBe(REPLY);
    expect(refused(parseApiResponse(bytes('{"sessionId":"s1"}')))).toMatch(/one frame/);
    expect(refused(parseApiResponse(bytes('{"sessionId":"s1","close":true}\n{}')))).toMatch(/one frame/);
    expect(refused(parseApiResponse(bytes('{"sessionId":"s1","frame":"{}"}')))).not.toBe('');
  });
});

describe('api envelope (property)', () => {
  const header: fc.Arbitrary<ApiEnvelopeHeader> = fc.record(
    {
      sessionId: fc.string({ minLength: 1, maxLength: 64, unit: 'grapheme' }).filter((s) => s.length <= 64),
      close: fc.constant(true as const),
    },
    { requiredKeys: ['sessionId'] },
  );
  const frameText = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 300 }),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v, null, 2)),
    fc.constantFrom('', '\n', '\n\n{"sessionId":"x"}\n', '\u0000', REPLY),
  );

  it('what is encoded reads back unchanged, as text and as bytes', () => {
    fc.assert(
      fc.property(header, fc.option(frameText, { nil: undefined }), (h, frame) => {
        const expected = frame === undefined ? { header: h } : { header: h, frame };
        const asText = encodeApiEnvelope(h, frame);
        expect(parseApiEnvelope(asText)).toEqual({ ok: true, value: expected });
        const parsed = parseApiEnvelope(bytes(asText));
        if (!parsed.ok) throw new Error(parsed.error);
        expect(parsed.value.header).toEqual(h);
        expect(parsed.value.frame && text(parsed.value.frame)).toEqual(frame);
        if (frame !== undefined) expect(encodeApiEnvelope(h, bytes(frame))).toEqual(bytes(asText));
      }),
      { numRuns: 500 },
    );
  });

  /** Whatever the answer, a frame handed on is valid UTF-8 and is exactly what follows the first newline. */
  function checkBytes(payload: Uint8Array): void {
    const parsed = parseApiEnvelope(payload);
    if (!parsed.ok) return void expect(parsed.error).toEqual(expect.any(String));
    const newline = payload.indexOf(0x0a);
    const { frame } = parsed.value;
    if (newline < 0) return void expect(frame).toBeUndefined();
    expect(frame).toEqual(payload.subarray(newline + 1));
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(frame)).not.toThrow();
  }
  function checkText(payload: string): void {
    const parsed = parseApiEnvelope(payload);
    if (!parsed.ok) return void expect(parsed.error).toEqual(expect.any(String));
    expect(isWellFormed(payload)).toBe(true);
    const newline = payload.indexOf('\n');
    expect(parsed.value.frame).toEqual(newline < 0 ? undefined : payload.slice(newline + 1));
  }

  it('random bytes and text never throw', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (payload) => {
        checkBytes(payload);
        checkBytes(concat('{"sessionId":"s1"}\n', payload));
        checkBytes(concat(payload, '\n{}'));
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (payload) => {
        checkText(payload);
        checkText(`{"sessionId":"s1"}\n${payload}`);
        checkText(`{"sessionId":"${payload}"}\n{}`);
        checkBytes(bytes(payload));
      }),
      { numRuns: 1000 },
    );
  });

  it('mutated envelopes (bytes flipped, cut, inserted, removed) never throw', () => {
    const mutation = fc.record({
      at: fc.nat(),
      kind: fc.constantFrom('flip', 'cut', 'insert', 'remove'),
      byte: fc.constantFrom(0x00, 0x0a, 0x0d, 0x22, 0x5c, 0x7b, 0x7d, 0x80, 0xc3, 0xed, 0xf0, 0xff),
    });
    fc.assert(
      fc.property(
        header,
        fc.option(frameText, { nil: undefined }),
        fc.array(mutation, { maxLength: 4 }),
        (h, f, ms) => {
          let payload = bytes(encodeApiEnvelope(h, f));
          for (const { at, kind, byte } of ms) {
            const i = payload.byteLength === 0 ? 0 : at % payload.byteLength;
            const list = [...payload];
            if (kind === 'flip') list[i] = byte;
            else if (kind === 'cut') list.length = i;
            else if (kind === 'insert') list.splice(i, 0, byte);
            else list.splice(i, 1);
            payload = Uint8Array.from(list);
          }
          checkBytes(payload);
          checkText(text(payload));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('JSON values and JSON-ish headers of any shape never throw', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.string({ unit: 'binary', maxLength: 50 }), (value, frame) => {
        checkText(`${JSON.stringify(value)}\n${frame}`);
        checkBytes(bytes(`${JSON.stringify(value)}\n${frame}`));
        checkText(JSON.stringify({ sessionId: 's1', extra: value }));
      }),
      { numRuns: 500 },
    );
  });
});
