/**
 * HTTP of the identity service (contracts in @rackside/protocol cloud/identity.ts). Routes only parse, authenticate,
 * rate-limit and call the service; the service decides. Brute force (docs/security.md, OWASP ASVS V2.2): sign-in and
 * the code checks have a per-address request limit and an exponential back-off on failures per address and per
 * account that never bars an address that has not failed (the owner is not locked out); the code-sending endpoints
 * are limited per account and per address; a code dies after CODE_MAX_ATTEMPTS wrong tries (codes.ts).
 * Sessions (issue 16): sign-in and refresh put the refresh token in an HttpOnly cookie, never in the body; refresh
 * reads it from there only, behind a CSRF header; sign-out clears it (refresh-cookie.ts, docs/security.md).
 */
import {
  ChangePasswordBodySchema,
  CloudSessionSchema,
  CloudUserSchema,
  CodeDeliverySchema,
  ConfirmForgotPasswordBodySchema,
  ConfirmSignUpBodySchema,
  ErrorBodySchema,
  ForgotPasswordBodySchema,
  IDENTITY_PATHS as P,
  OkSchema,
  ResendCodeBodySchema,
  SignInBodySchema,
  SignInReplySchema,
  SignOutBodySchema,
  SignUpBodySchema,
  UpdateEmailBodySchema,
  VerifyEmailBodySchema,
} from '@rackside/protocol';
import type { FastifyRequest } from 'fastify';
import type { DomainApp, DomainContext } from '../../domain';
import { clientOf as requestClientOf, currentUser } from '../../plugins/auth';
import { accountAndAddressLimit, addressLimit, FailureBackoff } from '../../plugins/rate-limit';
import { AppError } from '../../plugins/errors';
import { IdentityService } from './identity.service';
import { clearRefreshCookie, refreshTokenOf, setRefreshCookie } from './refresh-cookie';
import { passkeyRoutes } from './passkeys.routes';
import { clientOf, twoFactorRoutes } from './two-factor.routes';

const security = [{ bearer: [] }];
const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema } as const;
/** spec 1 §8 spells the reset dialog's missing-field error RequiredFieldMissing. */
const resetConfig = { missingFieldsError: 'RequiredFieldMissing', permission: 'public' } as const;

/** The account a request is about, for the per-account limit: the body's email, lower-cased. */
const emailOf = (request: FastifyRequest): string | undefined => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.toLowerCase() : undefined;
};
const userOf = (request: FastifyRequest): string | undefined => request.user?.id;
const nobody = (): undefined => undefined;

/** The identity routes, under the API prefix. */
export function identityRoutes(app: DomainApp, ctx: DomainContext): void {
  const service = new IdentityService(ctx);
  const limit = (route: string, account: (request: FastifyRequest) => string | undefined) =>
    accountAndAddressLimit(app, ctx.config, route, account);
  // counted in memory, or with REDIS_URL in Redis across the nodes (plugins/rate-limit.ts registerRateLimits)
  const backoff = new FailureBackoff(ctx.config, () => ctx.clock.now(), app.sharedCounters.failures);
  /** Wrong guesses: what counts as a failure of a sign-in or a code check (an unknown email is one too). */
  const wrongPassword = ['InvalidPassword', 'EmailNotFound'] as const;
  const wrongCode = ['InvalidCode', 'CodeExpired', 'CodeAttemptsExceeded', 'UserNotFound'] as const;

  app.post(
    P.signUp,
    {
      config: { permission: 'public' },
      schema: { summary: 'Sign up', body: SignUpBodySchema, response: { 200: CodeDeliverySchema, ...errors } },
      preHandler: limit('sign-up', emailOf),
    },
    (request) => service.signUp(request.body),
  );
  app.post(
    P.confirmSignUp,
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Confirm sign-up',
        body: ConfirmSignUpBodySchema,
        response: { 200: OkSchema, ...errors },
      },
      preHandler: addressLimit(app, ctx.config, 'confirm-sign-up'),
    },
    (request) => backoff.guard('code', request, emailOf(request), wrongCode, () => service.confirmSignUp(request.body)),
  );
  app.post(
    P.resendCode,
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Resend the sign-up code',
        body: ResendCodeBodySchema,
        response: { 200: CodeDeliverySchema, ...errors },
      },
      preHandler: limit('resend-code', emailOf),
    },
    (request) => service.resendCode(request.body.email),
  );
  app.post(
    P.signIn,
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Sign in (with two-factor on: a challenge for POST /auth/sign-in/two-factor)',
        body: SignInBodySchema,
        response: { 200: SignInReplySchema, ...errors },
      },
      preHandler: addressLimit(app, ctx.config, 'sign-in'),
    },
    async (request, reply) => {
      const issued = await backoff.guard('sign-in', request, emailOf(request), wrongPassword, () =>
        service.signIn(request.body, clientOf(request)),
      );
      if (!('session' in issued)) return issued; // two-factor on: no session before the code
      if (request.body.refreshCookie !== false) setRefreshCookie(reply, ctx.config, issued, ctx.clock.now());
      return issued.session;
    },
  );
  app.post(
    P.signOut,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'Sign out',
        security,
        body: SignOutBodySchema.optional(),
        response: { 200: OkSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const ok = await service.signOut(currentUser(request), request.body?.global === true);
      if (request.body?.refreshCookie !== false) clearRefreshCookie(reply, ctx.config);
      return ok;
    },
  );
  app.post(
    P.refresh,
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Refresh the session (the refresh cookie and the X-Rackside-CSRF: 1 header; no body)',
        response: { 200: CloudSessionSchema, ...errors },
      },
      preHandler: limit('refresh', nobody),
    },
    async (request, reply) => {
      const token = refreshTokenOf(request);
      try {
        const issued = await service.refresh(token, clientOf(request));
        setRefreshCookie(reply, ctx.config, issued, ctx.clock.now());
        return issued.session;
      } catch (error) {
        // a dead token (expired, revoked, reused) stays dead: the browser may as well forget it
        if (error instanceof AppError && error.error === 'Unauthorized') clearRefreshCookie(reply, ctx.config);
        throw error;
      }
    },
  );
  app.get(
    P.me,
    {
      config: { permission: 'self' },
      schema: { summary: 'The signed-in user', security, response: { 200: CloudUserSchema, ...errors } },
      onRequest: app.authenticate,
    },
    (request) => service.me(currentUser(request)),
  );
  app.post(
    P.forgotPassword,
    {
      schema: {
        summary: 'Send a password reset code',
        body: ForgotPasswordBodySchema,
        response: { 200: CodeDeliverySchema, ...errors },
      },
      config: resetConfig,
      preHandler: limit('forgot-password', emailOf),
    },
    (request) => service.forgotPassword(request.body.email),
  );
  app.post(
    P.confirmForgotPassword,
    {
      schema: {
        summary: 'Set a new password with the reset code',
        body: ConfirmForgotPasswordBodySchema,
        response: { 200: OkSchema, ...errors },
      },
      config: resetConfig,
      preHandler: addressLimit(app, ctx.config, 'confirm-forgot-password'),
    },
    (request) =>
      backoff.guard('code', request, emailOf(request), wrongCode, () =>
        service.confirmForgotPassword(request.body, requestClientOf(request)),
      ),
  );
  app.post(
    P.changePassword,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'Change password',
        security,
        body: ChangePasswordBodySchema,
        response: { 200: OkSchema, ...errors },
      },
      onRequest: app.authenticate,
      preHandler: limit('change-password', userOf),
    },
    (request) => service.changePassword(currentUser(request), request.body),
  );
  app.post(
    P.updateEmail,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'Change the email address',
        security,
        body: UpdateEmailBodySchema,
        response: { 200: CodeDeliverySchema, ...errors },
      },
      onRequest: app.authenticate,
      preHandler: limit('update-email', userOf),
    },
    (request) => service.updateEmail(currentUser(request), request.body),
  );
  app.post(
    P.verifyEmail,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'Verify the email address',
        security,
        body: VerifyEmailBodySchema,
        response: { 200: CloudUserSchema, ...errors },
      },
      onRequest: app.authenticate,
      preHandler: limit('verify-email', userOf),
    },
    (request) =>
      backoff.guard('code', request, userOf(request), [...wrongCode, 'UnableToVerify'], () =>
        service.verifyEmail(currentUser(request), request.body.code),
      ),
  );
  app.post(
    P.resendVerificationCode,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'Resend the email verification code',
        security,
        response: { 200: CodeDeliverySchema, ...errors },
      },
      onRequest: app.authenticate,
      preHandler: limit('resend-verification-code', userOf),
    },
    (request) => service.resendVerificationCode(currentUser(request)),
  );
  twoFactorRoutes(app, ctx, service, backoff);
  passkeyRoutes(app, ctx, backoff);
}
