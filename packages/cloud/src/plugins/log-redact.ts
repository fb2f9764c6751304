/**
 * What the logs never hold (issue 16): credentials, codes and personal data that a logged object may carry, masked
 * by pino before a line is written. Error objects are made safe where they are logged (errors.ts safeError); this
 * list is the net under every other log call. Pass LOG_REDACT as the logger's `redact` option (app.ts).
 */

/** Field names that hold a secret wherever they appear in a logged object (one and two levels deep). */
const SECRET_FIELDS = [
  'password',
  'passwordConfirm',
  'confirmPassword',
  'oldPassword',
  'newPassword',
  'passwordHash',
  'token',
  'idToken',
  'accessToken',
  'refreshToken',
  'registrationToken',
  'secret',
  // two-factor sign-in (issue 21): the challenge of a sign-in, the authenticator URI, the recovery codes
  'challenge',
  'otpauthUri',
  'recoveryCodes',
  'jwt',
  'mqtt',
] as const;

/** Field names that hold a one-time code; only under a body (a bare `code` is a close or error code: kept). */
const CODE_FIELDS = ['code', 'verificationCode', 'resetCode'] as const;

/** Personal data: e-mail addresses and phone numbers a request or a row carries (logs name ids instead). */
const PERSONAL_FIELDS = ['email', 'verifyEmail', 'phone', 'phoneNumber', 'destination', 'to'] as const;

/** The pino paths to censor. */
export const LOG_REDACT_PATHS: readonly string[] = [
  // headers, should a serializer ever log them
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["sec-websocket-protocol"]',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
  ...CODE_FIELDS.flatMap((f) => [`body.${f}`, `req.body.${f}`, `request.body.${f}`]),
  ...PERSONAL_FIELDS.flatMap((f) => [f, `*.${f}`]),
  // query parameters and SQL of a database error that was logged as it is (errors.ts logs safe ones)
  ...['err', 'error'].flatMap((key) =>
    ['query', 'params', 'parameters', 'detail', 'where'].flatMap((f) => [`${key}.${f}`, `${key}.cause.${f}`]),
  ),
];

/** The logger's `redact` option: `Fastify({ logger: { ..., redact: LOG_REDACT } })`. */
export const LOG_REDACT: { paths: string[]; censor: string } = { paths: [...LOG_REDACT_PATHS], censor: '[redacted]' };
