/**
 * Every failure leaves as `{error, message}` (protocol ErrorBodySchema) with a fitting status: services throw
 * `AppError` with a spec 1 §8 name; a body that fails its zod schema answers RequiredFieldsMissing (a required field
 * is absent or blank) or ValidationError; malformed JSON, wrong content types and unknown routes answer 4xx; anything
 * else is logged and answers 500 Unknown with no detail. Nothing of a stack trace reaches a client.
 *
 * Input guard (issue 16): before any route validates or reaches SQL, every string of the body, query, params and
 * headers must be text PostgreSQL can store: no NUL (PostgreSQL refuses it in text), no lone UTF-16 surrogate (it has
 * no UTF-8 form), and a JSON body must be valid UTF-8; else 400 ValidationError naming the field. A 500 is logged
 * without query text, parameters or row values (safeError).
 */
import type { CloudErrorName, ErrorBody, PasswordRule } from '@rackside/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The name a missing field answers on this route (spec 1 §8 spells the reset dialog's in the singular). */
    missingFieldsError?: 'RequiredFieldsMissing' | 'RequiredFieldMissing';
  }
}

/** Status of each error name that is not a plain 400. Other domains add their names here. */
const STATUS: Partial<Record<CloudErrorName, number>> = {
  Unauthorized: 401,
  UserNotConfirmed: 403,
  EmailNotVerified: 403,
  NotFound: 404,
  EmailNotFound: 404,
  UserNotFound: 404,
  EmailExists: 409,
  AliasExistsException: 409,
  VENUE_NAME_EXISTS: 409,
  VENUE_HAS_AMPS: 409,
  REGISTRATION_TOKEN_INVALID: 401,
  REGISTRATION_TOKEN_USED: 409,
  REGISTRATION_TOKEN_EXPIRED: 410,
  CONTACT_EMAIL_IN_USE: 409,
  CONTACT_PHONE_IN_USE: 409,
  AMP_OFFLINE: 409,
  FIRMWARE_VERSION_EXISTS: 409,
  FIRMWARE_NOT_IN_LIBRARY: 409,
  FIRMWARE_IN_USE: 409,
  ROLLOUT_ACTIVE: 409,
  ROLLOUT_STATE: 409,
  TwoFactorChallengeInvalid: 401,
  TwoFactorAlreadyEnabled: 409,
  TwoFactorNotEnabled: 409,
  PasskeyExists: 409,
  PasskeyLimit: 409,
  RecentSignInRequired: 403,
  Forbidden: 403,
  OWNER_IS_FIXED: 409,
  ALREADY_A_MEMBER: 409,
  INVITATION_INVALID: 404,
  INVITATION_OTHER_EMAIL: 403,
  INTEGRATOR_UNKNOWN: 404,
  TWO_FACTOR_REQUIRED: 403,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
  UnableToResendCode: 429,
  Unknown: 500,
  ServiceUnavailable: 503,
};

/** The HTTP status an error name answers with. */
export const statusOf = (name: CloudErrorName): number => STATUS[name] ?? 400;

/** An expected failure with its spec 1 §8 name; the errors plugin turns it into the reply. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly error: CloudErrorName,
    message: string,
    readonly details: { readonly rule?: PasswordRule; readonly retryAfterS?: number } = {},
  ) {
    super(message);
  }
  get status(): number {
    return statusOf(this.error);
  }
}

function send(reply: FastifyReply, status: number, body: ErrorBody, retryAfterS?: number): FastifyReply {
  if (retryAfterS !== undefined) void reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterS))));
  return reply.code(status).send(body);
}

/** True when the value at a validation issue's path is absent or blank (JSON null, '', whitespace). */
function isMissing(request: FastifyRequest, context: string | undefined, instancePath: string): boolean {
  const root: unknown =
    context === 'querystring'
      ? request.query
      : context === 'params'
        ? request.params
        : context === 'headers'
          ? request.headers
          : request.body;
  let value = root;
  for (const key of instancePath.split('/').filter((k) => k !== '')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Names of 4xx errors raised by Fastify itself (parsing, routing, limits). */
function fastifyErrorName(error: FastifyError, status: number): CloudErrorName {
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'RequiredFieldsMissing';
  switch (status) {
    case 404:
      return 'NotFound';
    case 413:
      return 'PayloadTooLarge';
    case 415:
      return 'UnsupportedMediaType';
    case 429:
      return 'TooManyRequests';
    default:
      return 'ValidationError';
  }
}

/** A lone UTF-16 surrogate: half of a pair without its other half (no UTF-8 form; drivers turn it into U+FFFD). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a string PostgreSQL is to store, or undefined when nothing is. */
export function textProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(value)) return 'contains a lone surrogate (not valid Unicode text)';
  return undefined;
}

/** A node of the walk: its value and how it was reached (a parent link, so a deep body costs no copying). */
interface Walked {
  readonly value: unknown;
  readonly key: string | number | undefined;
  readonly parent: Walked | undefined;
}

const pathOf = (node: Walked, root: string): string => {
  const keys: (string | number)[] = [];
  for (let n: Walked | undefined = node; n?.key !== undefined; n = n.parent) keys.unshift(n.key);
  return keys.length === 0 ? root : keys.join('.');
};

/**
 * The first string (or object key) in a parsed input that PostgreSQL cannot store, as "field: problem"; walked
 * without recursion, so a body nested a hundred thousand deep neither overflows the stack nor costs more than its size.
 */
export function findBadText(input: unknown, root: string): string | undefined {
  const stack: Walked[] = [{ value: input, key: undefined, parent: undefined }];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const { value } = node;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem !== undefined) return `${pathOf(node, root)}: ${problem}`;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i] as unknown, key: i, parent: node });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        const problem = textProblem(key);
        if (problem !== undefined) return `${pathOf(node, root)}: a key ${problem}`;
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return undefined;
}

/** The first header whose value is not storable text, as "header name: problem". */
function headerProblem(headers: FastifyRequest['headers']): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value ?? '']) {
      const problem = textProblem(v);
      if (problem !== undefined) return `header ${name}: ${problem}`;
    }
  }
  return undefined;
}

/** Decodes UTF-8 and throws on a malformed byte sequence (the default decoder would put U+FFFD in silently). */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Error properties that may carry SQL, its parameters or row values (drizzle's DrizzleQueryError, pg's errors). */
const SQL_KEYS = ['query', 'params', 'parameters', 'detail', 'where', 'internalQuery', 'hint'] as const;

/** The names a database error may quote without leaking a value: its constraint, table, column, schema and type. */
function namesOf(error: Record<string, unknown>): Set<string> {
  const names = ['constraint', 'table', 'column', 'schema', 'dataType'].map((k) => error[k]);
  return new Set(names.filter((n): n is string => typeof n === 'string'));
}

/**
 * An error as the log may hold it: name, code, message and stack frames, without the query text and parameters
 * drizzle writes into its message ("Failed query: … params: …") nor a value a database message quotes
 * ('invalid input syntax for type uuid: "…"'); the causes likewise, three deep.
 */
export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const record = error as unknown as Record<string, unknown>;
  const isDatabase = SQL_KEYS.some((k) => k in record) || typeof record.severity === 'string';
  const names = namesOf(record);
  let message = error.message;
  if (message.startsWith('Failed query:')) message = 'Failed query (query text and parameters not logged)';
  else if (isDatabase)
    message = message.replace(/"([^"]*)"|'([^']*)'/g, (quoted, a?: string, b?: string) =>
      names.has(a ?? b ?? '') ? quoted : '[redacted]',
    );
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const safe: Record<string, unknown> = {
    type: error.constructor.name,
    name: error.name,
    message: message.split('\n')[0],
    stack: [`${error.name}: ${message.split('\n')[0] ?? ''}`, ...frames].join('\n'),
  };
  for (const key of ['code', 'severity', 'routine', 'statusCode']) {
    const value = record[key];
    if (typeof value === 'string' || typeof value === 'number') safe[key] = value;
  }
  for (const name of ['constraint', 'table', 'column', 'schema', 'dataType']) {
    if (typeof record[name] === 'string') safe[name] = record[name];
  }
  if (error.cause !== undefined && depth < 3) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}

/**
 * Installs the error handler and the input guard on the root instance: both apply to every domain registered after
 * it (root hooks, parsers and handlers are inherited by every encapsulated scope); app.ts sets the not-found one.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  // Headers first (onRequest: before authentication reads them), then the parsed inputs before validation and SQL.
  app.addHook('onRequest', (request, _reply, done) => {
    const problem = headerProblem(request.headers);
    done(problem === undefined ? undefined : new AppError('ValidationError', problem));
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const problem =
      findBadText(request.params, 'params') ?? findBadText(request.query, 'query') ?? findBadText(request.body, 'body');
    done(problem === undefined ? undefined : new AppError('ValidationError', problem));
  });
  // JSON bodies are decoded strictly: malformed UTF-8 is refused, not stored as U+FFFD.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let text: string;
    try {
      text = STRICT_UTF8.decode(body);
    } catch {
      done(new AppError('ValidationError', 'body: is not valid text (malformed UTF-8)'), undefined);
      return;
    }
    void parseJson(request, text, done);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // a 5xx of ours (broker or mail server unavailable) is the operator's business too
      if (error.status >= 500) request.log.warn({ error: error.error, reason: error.message }, 'request failed');
      const body: ErrorBody = { error: error.error, message: error.message, rule: error.details.rule };
      return send(reply, error.status, body, error.details.retryAfterS);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const missing = error.validation
        .filter((v) => isMissing(request, error.validationContext, v.instancePath))
        .map((v) => v.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body');
      if (missing.length > 0) {
        const name = request.routeOptions.config.missingFieldsError ?? 'RequiredFieldsMissing';
        return send(reply, 400, { error: name, message: `Required: ${[...new Set(missing)].join(', ')}` });
      }
      const detail = error.validation.map((v) => `${v.instancePath.replace(/^\//, '') || '(root)'}: ${v.message}`);
      return send(reply, 400, { error: 'ValidationError', message: detail.join('; ') });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      const name = fastifyErrorName(error, status);
      return send(reply, status, { error: name, message: error.message });
    }
    request.log.error({ error: safeError(error) }, 'request failed');
    return send(reply, 500, { error: 'Unknown', message: 'Internal server error' });
  });
}

/** The reply to a request no route takes. */
export const sendNotFound = (request: FastifyRequest, reply: FastifyReply): FastifyReply =>
  send(reply, 404, { error: 'NotFound', message: `No route ${request.method} ${request.url.split('?')[0] ?? ''}` });
