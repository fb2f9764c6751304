/**
 * fast-check arbitraries from the JSON schemas of the OpenAPI document: values the schema accepts, mixed at every
 * node with hostile ones (hostile.ts), and whole requests for a route (path, query, body, headers, bearer or not).
 */
import fc from 'fast-check';
import { hostileAuthorization, hostileBody, hostileHeaders, hostileString, hostileValue, type RawBody } from './hostile';
import { fillTemplate, type JsonSchema, type Route, type RouteParam } from './openapi-routes';

/** Ids of real objects (a venue, an amp, an image…) to mix into fields that take an id, so requests get past lookups. */
export interface KnownIds {
  readonly uuids: readonly string[];
  readonly deviceIds: readonly string[];
}

/** Long enough to pass every limit in the document, short enough to keep thousands of requests fast. */
const MAX_GENERATED_CHARS = 300;
const MAX_GENERATED_ITEMS = 6;

function patternArbitrary(pattern: string, maxLength: number | undefined): fc.Arbitrary<string> | undefined {
  try {
    const arb = fc.stringMatching(new RegExp(pattern));
    return maxLength === undefined ? arb : arb.filter((s) => s.length <= maxLength);
  } catch {
    return undefined;
  }
}

function stringArbitrary(schema: JsonSchema, ids: KnownIds): fc.Arbitrary<string> {
  const { minLength = 0, maxLength } = schema;
  const max = Math.max(minLength, Math.min(maxLength ?? MAX_GENERATED_CHARS, MAX_GENERATED_CHARS));
  const known = (values: readonly string[]) => (values.length > 0 ? [fc.constantFrom(...values)] : []);
  if (schema.format === 'uuid') return fc.oneof(fc.uuid(), ...known(ids.uuids));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern !== undefined) {
    const matching = patternArbitrary(schema.pattern, schema.maxLength);
    const isDeviceId = new RegExp(schema.pattern).test(ids.deviceIds[0] ?? '\u0000');
    if (matching !== undefined) return fc.oneof(matching, ...known(isDeviceId ? ids.deviceIds : []));
  }
  return fc.oneof(
    fc.string({ minLength, maxLength: max }),
    fc.string({ minLength, maxLength: max, unit: 'grapheme' }),
    fc.emailAddress().filter((e) => e.length >= minLength && e.length <= max),
  );
}

/** Values that fit the schema (mostly: a pattern or format the generator does not know yields plain strings). */
export function validArbitrary(schema: JsonSchema, ids: KnownIds, depth = 0): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  let arb: fc.Arbitrary<unknown>;
  if (choices !== undefined && choices.length > 0) arb = fc.oneof(...choices.map((c) => validArbitrary(c, ids, depth)));
  else if (schema.allOf !== undefined && schema.allOf[0] !== undefined) arb = validArbitrary(schema.allOf[0], ids, depth);
  else if (schema.const !== undefined) arb = fc.constant(schema.const);
  else if (schema.enum !== undefined && schema.enum.length > 0) arb = fc.constantFrom(...schema.enum);
  else {
    const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : (schema.type as string | undefined);
    switch (type) {
      case 'string':
        arb = stringArbitrary(schema, ids);
        break;
      case 'integer':
        arb = fc.integer({
          min: Math.max(schema.minimum ?? -(2 ** 31), -(2 ** 31)),
          max: Math.min(schema.maximum ?? 2 ** 31, 2 ** 31),
        });
        break;
      case 'number':
        arb = fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
        break;
      case 'boolean':
        arb = fc.boolean();
        break;
      case 'null':
        arb = fc.constant(null);
        break;
      case 'array':
        arb = fc.array(mixedArbitrary(schema.items ?? {}, ids, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS)),
        });
        break;
      case 'object':
      case undefined: {
        const properties = schema.properties ?? {};
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, child] of Object.entries(properties)) record[key] = mixedArbitrary(child, ids, depth + 1);
        arb =
          Object.keys(record).length === 0 && type === undefined
            ? fc.jsonValue({ maxDepth: 2 })
            : fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in record) });
        break;
      }
      default:
        arb = fc.jsonValue({ maxDepth: 2 });
    }
  }
  return schema.nullable === true ? fc.oneof(arb, fc.constant(null)) : arb;
}

/** A value for the schema: valid most of the time, else a hostile string, a wrong type, or an extra key. */
export function mixedArbitrary(schema: JsonSchema, ids: KnownIds, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return validArbitrary(schema, ids, depth);
  const withExtra =
    schema.type === 'object'
      ? validArbitrary(schema, ids, depth).map((v) =>
          typeof v === 'object' && v !== null ? { ...v, ['__proto__\u0000x']: 1, extra: '\u0000' } : v,
        )
      : undefined;
  // a valid string with NUL or half a surrogate pair inside: it passes every length and pattern-free check
  const tainted =
    schema.type === 'string' && schema.enum === undefined
      ? fc
          .tuple(validArbitrary(schema, ids, depth), fc.constantFrom('\u0000', '\ud800', '\udc00'), fc.nat())
          .map(([v, bad, at]) => {
            const text = typeof v === 'string' ? v : '';
            const i = text.length === 0 ? 0 : at % text.length;
            return `${text.slice(0, i)}${bad}${text.slice(i + 1)}`;
          })
      : undefined;
  return fc.oneof(
    { weight: 12, arbitrary: validArbitrary(schema, ids, depth) },
    ...(tainted === undefined ? [] : [{ weight: 3, arbitrary: tainted }]),
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: hostileValue },
    ...(withExtra === undefined ? [] : [{ weight: 1, arbitrary: withExtra }]),
  );
}

/** Percent-encodes any JS string, lone surrogates too (as their WTF-8 bytes, which are not valid UTF-8). */
export function encodeAny(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // a lone surrogate: below, character by character
  }
  let out = '';
  for (const char of value) {
    const cp = char.codePointAt(0) ?? 0;
    if (cp >= 0xd800 && cp <= 0xdfff)
      out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    else out += encodeURIComponent(char);
  }
  return out;
}

/** A query or path value as text (a non-string value as JSON, as a careless client would send it). */
const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

function paramArbitrary(param: RouteParam, ids: KnownIds): fc.Arbitrary<string> {
  return mixedArbitrary(param.schema, ids).map(asText);
}

/** Who makes the request. */
export type Caller = 'owner' | 'anonymous' | { readonly authorization: string };

/** One generated request, ready for inject (apart from the owner's token). */
export interface FuzzRequest {
  readonly method: Route['method'];
  readonly url: string;
  readonly caller: Caller;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: { readonly json: unknown } | RawBody;
}

const MULTIPART_BOUNDARY = '----rackside-fuzz';

/** Multipart bodies for an upload route: a file of random bytes or a real image, with hostile notes and names. */
function multipartArbitrary(image: Buffer): fc.Arbitrary<RawBody> {
  return fc
    .record({
      filename: fc.oneof(fc.constantFrom('ASBT-1.7.0.0.tar.xz.enc', 'release.zip', 'x\u0000.bin', '\ud800.bin', ''), hostileString),
      data: fc.oneof(fc.constant(image), fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a))),
      notes: fc.option(fc.oneof(hostileString, fc.string({ maxLength: 50 })), { nil: undefined }),
      field: fc.constantFrom('file', 'notes', 'other', ''),
    })
    .map(({ filename, data, notes, field }) => {
      const part = (headers: string, content: Buffer | string) => [
        Buffer.from(`--${MULTIPART_BOUNDARY}\r\n${headers}\r\n\r\n`),
        typeof content === 'string' ? Buffer.from(content) : content,
        Buffer.from('\r\n'),
      ];
      const chunks = [
        ...(notes === undefined ? [] : part('Content-Disposition: form-data; name="notes"', notes)),
        ...part(
          `Content-Disposition: form-data; name="${field}"; filename="${filename.slice(0, 200)}"\r\nContent-Type: application/octet-stream`,
          data,
        ),
        Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`),
      ];
      return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` };
    });
}

/** Requests for one route: the owner, nobody, or a hostile authorization; schema-derived parts mixed with hostile ones. */
export function requestArbitrary(route: Route, ids: KnownIds, prefix: string, image: Buffer): fc.Arbitrary<FuzzRequest> {
  const params: Record<string, fc.Arbitrary<string>> = {};
  for (const p of route.params) params[p.name] = paramArbitrary(p, ids);
  const query = fc.tuple(
    ...route.query.map((q) =>
      fc.tuple(fc.constant(q.name), q.required ? fc.option(paramArbitrary(q, ids), { freq: 10 }) : fc.option(paramArbitrary(q, ids))),
    ),
    fc.option(fc.tuple(fc.constantFrom('token', 'extra', '__proto__', 'a[b]', '\u0000'), hostileString.map(asText)), { freq: 4 }),
  );
  const json = route.body === undefined ? undefined : mixedArbitrary(route.body, ids);
  const multipart = route.consumes.includes('multipart/form-data') ? multipartArbitrary(image) : undefined;
  const body: fc.Arbitrary<FuzzRequest['body']> = fc.oneof(
    ...(json === undefined ? [] : [{ weight: 8, arbitrary: json.map((value) => ({ json: value })) }]),
    ...(multipart === undefined ? [] : [{ weight: 8, arbitrary: multipart }]),
    { weight: 1, arbitrary: hostileValue.map((value) => ({ json: value })) },
    { weight: 2, arbitrary: hostileBody },
  );
  const caller: fc.Arbitrary<Caller> = fc.oneof(
    { weight: 6, arbitrary: fc.constant<Caller>('owner') },
    { weight: 2, arbitrary: fc.constant<Caller>('anonymous') },
    { weight: 1, arbitrary: hostileAuthorization.map((authorization): Caller => ({ authorization })) },
  );
  return fc
    .record({ values: fc.record(params), query, body, caller, headers: hostileHeaders })
    .map(({ values, query: [...pairs], body: b, caller: c, headers }) => {
      const encoded: Record<string, string> = {};
      for (const [name, value] of Object.entries(values)) encoded[name] = encodeAny(value);
      const search = pairs
        .filter((p): p is [string, string] => Array.isArray(p) && typeof p[1] === 'string')
        .map(([name, value]) => `${encodeAny(name)}=${encodeAny(value)}`)
        .join('&');
      const url = `${prefix}${fillTemplate(route.path, encoded)}${search === '' ? '' : `?${search}`}`;
      return { method: route.method, url, caller: c, headers, body: b };
    });
}

/** A short description of a request for a failure report (long strings shortened). */
export function describeRequest(request: FuzzRequest): string {
  const short = (s: string) => (s.length > 120 ? `${s.slice(0, 100)}…(${s.length} chars)` : s);
  const body =
    'json' in request.body
      ? short(JSON.stringify(request.body.json) ?? 'undefined')
      : `${request.body.contentType ?? '(no type)'} ${short(String(request.body.payload ?? '(none)'))}`;
  const caller = typeof request.caller === 'string' ? request.caller : short(request.caller.authorization);
  return `${request.method} ${short(request.url)} as ${caller} headers ${short(JSON.stringify(request.headers))} body ${body}`;
}
