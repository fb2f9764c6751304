/**
 * Text forms of the line API (device-api-notes.md, last section): splitting a command line, reading a value for
 * a field, and writing `/url/to/leaf value` lines.
 *
 * Values written: numbers plain (`-10`, `0.5`), booleans `true`/`false`, strings plain when they are a single
 * word that cannot be read as a number or boolean (`LoZ`), otherwise in double quotes with `\"`, `\\`, `\n`, `\r`,
 * `\t` escaped (`"Pink Noise"`, `""`, `"123"`); lists and the empty object as compact JSON (`[]`, `{}`).
 * Values read: the same forms; a string field takes a single word or a quoted string, a number field a decimal
 * number (quoted or not), a boolean field `true`/`false` (any case) or `1`/`0`.
 */
import type { Field } from '@rackside/protocol';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

/** One command line taken apart; `value` is the raw text after the url (undefined when there is none). */
export interface CommandLine {
  readonly verb: string;
  readonly url: string | undefined;
  readonly value: string | undefined;
}

/** Splits `verb url [value]`; the verb is lower-cased, the url kept as sent. */
export function splitCommand(line: string): CommandLine {
  const m = /^(\S+)(?:\s+(\S+))?(?:\s+(.*?))?\s*$/s.exec(line.trim());
  return { verb: (m?.[1] ?? '').toLowerCase(), url: m?.[2], value: m?.[3] };
}

/** Reads a value token: a quoted string (escapes undone) or a bare word. */
export function readToken(raw: string): { ok: true; text: string; quoted: boolean } | { ok: false; message: string } {
  if (!raw.startsWith('"')) {
    if (/\s/.test(raw)) return { ok: false, message: 'string values with spaces must be in double quotes' };
    return { ok: true, text: raw, quoted: false };
  }
  let text = '';
  for (let i = 1; i < raw.length; i++) {
    const c = raw[i] ?? '';
    if (c === '"') {
      if (raw.slice(i + 1).trim() !== '') return { ok: false, message: 'unexpected text after the closing quote' };
      return { ok: true, text, quoted: true };
    }
    if (c === '\\') {
      const next = raw[++i] ?? '';
      const unescaped = ESCAPES[next];
      if (unescaped === undefined) return { ok: false, message: `unknown escape \\${next}` };
      text += unescaped;
    } else text += c;
  }
  return { ok: false, message: 'missing closing double quote' };
}

/** Turns the raw value text into the JSON value a field expects, or a message saying why it cannot. */
export function readValue(
  field: Field,
  url: string,
  raw: string,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const token = readToken(raw);
  if (!token.ok) return token;
  const { text } = token;
  switch (field.type) {
    case 'number':
      return NUMBER.test(text)
        ? { ok: true, value: Number(text) }
        : { ok: false, message: `${url} expects a number, got '${text}'` };
    case 'boolean': {
      const t = text.toLowerCase();
      if (t === 'true' || t === '1') return { ok: true, value: true };
      if (t === 'false' || t === '0') return { ok: true, value: false };
      return { ok: false, message: `${url} expects true or false, got '${text}'` };
    }
    case 'string':
    case 'enum':
      return { ok: true, value: text };
  }
}

const needsQuotes = (s: string): boolean =>
  s === '' || /[\s"\\]/.test(s) || NUMBER.test(s) || /^(true|false|null)$/i.test(s) || /^[[{]/.test(s);

/** Writes one value in the line API's form (see the module comment). */
export function formatValue(v: unknown): string {
  if (typeof v === 'string') {
    if (!needsQuotes(v)) return v;
    return `"${v.replace(/[\\"\n\r\t]/g, (c) => ({ '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c] ?? `\\${c}`)}"`;
  }
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v) ?? 'null';
}

/** The `/url/to/leaf value` lines of a subtree, in its key order; an empty object is one line `{}`. */
export function leafLines(segments: readonly string[], value: unknown, out: string[] = []): string[] {
  if (isObj(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) leafLines([...segments, k], v, out);
  } else out.push(`/${segments.join('/')} ${formatValue(value)}`);
  return out;
}
