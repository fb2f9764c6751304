/**
 * Every failure leaves as `{error, message}` (protocol ErrorBodySchema) with a fitting status: services throw
 * `AppError` with a spec 1 §8 name; a body that fails its zod schema answers RequiredFieldsMissing (a required field
 * is absent or blank) or ValidationError; malformed JSON, wrong content types and unknown routes answer 4xx; anything
 * else is logged and answers 500 Unknown with no detail. Nothing of a stack trace reaches a client.
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

/** Installs the error handler on the root instance (it applies to every domain); app.ts sets the not-found one. */
export function registerErrorHandling(app: FastifyInstance): void {
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
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { error: 'Unknown', message: 'Internal server error' });
  });
}

/** The reply to a request no route takes. */
export const sendNotFound = (request: FastifyRequest, reply: FastifyReply): FastifyReply =>
  send(reply, 404, { error: 'NotFound', message: `No route ${request.method} ${request.url.split('?')[0] ?? ''}` });
