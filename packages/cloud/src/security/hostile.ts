/**
 * Hostile values for the fuzz suite: text PostgreSQL cannot store (NUL, lone surrogates), strings up to the body
 * limit and past it, wrong types, numbers at and past every limit, prototype keys, and raw bodies that no schema
 * sees (deep nesting, broken JSON, malformed UTF-8, wrong content types).
 */
import fc from 'fast-check';

/** Fastify's default body limit (1 MiB): a string this long cannot fit in a JSON body. */
export const MEGABYTE = 1024 * 1024;
const MEGA = 'a'.repeat(MEGABYTE);
const MEGA_NUL = `${'b'.repeat(MEGABYTE - 1)}\u0000`;

/** Strings that are wrong in content rather than in type. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(
    '\u0000',
    'Main\u0000Stage',
    '\ud800',
    'x\udc00y',
    '\ud83d',
    '\udfff\ud800',
    '%00',
    '\\u0000',
    "'; drop table users; --",
    '../../../../etc/passwd',
    '${jndi:ldap://x}',
    '<script>alert(1)</script>',
    ' ',
    '',
    '\u202e\u200b\ufeff',
    '😀'.repeat(300),
    'x'.repeat(10_000),
    'y'.repeat(300_000),
  ) },
  { weight: 1, arbitrary: fc.constantFrom(MEGA, MEGA_NUL) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
  { weight: 3, arbitrary: fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`) },
);

/** An object whose keys are the ones that poison prototypes (as JSON.parse makes them: own properties). */
const prototypeKeys = fc.constantFrom(
  JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}') as unknown,
  JSON.parse('{"prototype":{"polluted":true},"__proto__":null}') as unknown,
);

/** Values of the wrong type or size for whatever field they land in. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    -(2 ** 63),
    [],
    {},
    [[[[[[]]]]]],
    { a: { b: { c: { d: {} } } } },
    Array.from({ length: 10_000 }, (_, i) => i),
  ),
  prototypeKeys,
  fc.jsonValue({ maxDepth: 3 }),
);

/** Deeply nested JSON text (built as text: the test's own JSON.stringify would overflow its stack). */
const deepJson = fc
  .tuple(fc.constantFrom('[', '{"a":'), fc.constantFrom(1_000, 20_000, 200_000))
  .map(([open, depth]) => (open === '[' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${open.repeat(depth)}1${'}'.repeat(depth)}`));

/** A raw body and its content type, or none of either. */
export interface RawBody {
  readonly payload?: string | Buffer;
  readonly contentType?: string;
}

/** Bodies no JSON schema describes. */
export const hostileBody: fc.Arbitrary<RawBody> = fc.oneof(
  deepJson.map((payload) => ({ payload, contentType: 'application/json' })),
  fc.constantFrom<RawBody>(
    {},
    { payload: '', contentType: 'application/json' },
    { payload: '{', contentType: 'application/json' },
    { payload: 'null', contentType: 'application/json' },
    { payload: '"\\u0000"', contentType: 'application/json' },
    { payload: '{"name":"\\ud800"}', contentType: 'application/json' },
    { payload: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
    { payload: '{"constructor":{"prototype":{"admin":true}}}', contentType: 'application/json' },
    { payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), contentType: 'application/json' },
    { payload: Buffer.from([0xff, 0xfe, 0x00, 0x00]), contentType: 'application/json' },
    { payload: '1e999', contentType: 'application/json' },
    { payload: '{"a":1}', contentType: 'text/plain' },
    { payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
    { payload: '<a>1</a>', contentType: 'application/xml' },
    { payload: '{"a":1}', contentType: 'application/json; charset=latin1' },
    { payload: '{"a":1}', contentType: 'application/json\u0000' },
    { payload: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
    { payload: 'garbage', contentType: 'multipart/form-data' },
    { payload: Buffer.alloc(64, 0), contentType: 'application/octet-stream' },
    { payload: MEGA, contentType: 'application/json' },
    { payload: `"${MEGA}"`, contentType: 'application/json' },
  ),
);

/** Authorization headers that are not a live bearer token. */
export const hostileAuthorization: fc.Arbitrary<string> = fc.constantFrom(
  'Bearer',
  'Bearer ',
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  'Basic YWRtaW46YWRtaW4=',
  `Bearer ${'a'.repeat(100_000)}`,
  'Bearer \u0000',
  'Bearer \ud800',
  'bearer\u0000x',
);

/** Other request headers, hostile ones included. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { 'x-forwarded-for': '\u0000, 1.2.3.4' },
      { 'x-forwarded-for': 'not-an-ip' },
      { range: 'bytes=99999999999999999999-' },
      { range: 'bytes=-\u0000' },
      { 'accept-language': 'x'.repeat(50_000) },
      { 'user-agent': '\ud800' },
      { cookie: 'a=\u0000' },
      { 'content-encoding': 'gzip' },
      { accept: 'application/xml' },
      // the organisation a request acts in (issue 21): never a 5xx, whatever it holds
      { 'x-rackside-org': 'not-an-organisation' },
      { 'x-rackside-org': '00000000-0000-4000-8000-000000000000' },
      { 'x-rackside-org': 'x'.repeat(50_000) },
    ),
  },
);
