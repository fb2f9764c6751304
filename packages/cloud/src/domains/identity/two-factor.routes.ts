/**
 * HTTP of two-factor sign-in and the sessions page (issue 21; contracts in @rackside/protocol cloud/two-factor.ts).
 * Every code check goes through the failure back-off (scope 'two-factor', per address, per account and per pair, as
 * the sign-in's: docs/security.md) and a per-address flood guard; the sign-in challenge also dies after
 * CODE_MAX_ATTEMPTS wrong codes.
 */
import {
  DisableTwoFactorBodySchema,
  ErrorBodySchema,
  OkSchema,
  RecoveryCodesSchema,
  RevokedSessionsSchema,
  CloudSessionSchema,
  SessionListSchema,
  SessionParamsSchema,
  TWO_FACTOR_PATHS as P,
  TwoFactorCodeBodySchema,
  TwoFactorEnrolmentSchema,
  TwoFactorSignInBodySchema,
  TwoFactorStatusSchema,
} from '@rackside/protocol';
import type { FastifyRequest } from 'fastify';
import type { DomainApp, DomainContext } from '../../domain';
import { currentUser } from '../../plugins/auth';
import { accountAndAddressLimit, addressLimit, type FailureBackoff } from '../../plugins/rate-limit';
import type { IdentityService } from './identity.service';
import { setRefreshCookie } from './refresh-cookie';
import { SessionListService } from './session-list.service';
import type { SessionClient } from './sessions';

const security = [{ bearer: [] }];
const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema } as const;
/** What counts as a wrong guess of a second factor (or of the password that turning it off also wants). */
const wrongFactor = [
  'InvalidCode',
  'CodeAlreadyUsed',
  'CodeAttemptsExceeded',
  'TwoFactorChallengeInvalid',
  'InvalidPassword',
] as const;

/** The client of a request, for the sessions page. */
export const clientOf = (request: FastifyRequest): SessionClient => ({
  userAgent: request.headers['user-agent'] ?? '',
  address: request.ip,
});

/** The two-factor and session routes, under the API prefix (registered by identityRoutes). */
export function twoFactorRoutes(
  app: DomainApp,
  ctx: DomainContext,
  service: IdentityService,
  backoff: FailureBackoff,
): void {
  const twoFactor = service.twoFactor;
  const sessions = new SessionListService(ctx);
  const userOf = (request: FastifyRequest): string | undefined => request.user?.id;
  const limit = (route: string) => accountAndAddressLimit(app, ctx.config, route, userOf);
  const guarded = <T>(request: FastifyRequest, attempt: () => Promise<T>) =>
    backoff.guard('two-factor', request, userOf(request), wrongFactor, attempt);

  app.post(
    P.signInCode,
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Sign in, second step: the challenge and a TOTP or recovery code',
        body: TwoFactorSignInBodySchema,
        response: { 200: CloudSessionSchema, ...errors },
      },
      preHandler: addressLimit(app, ctx.config, 'sign-in-two-factor'),
    },
    async (request, reply) => {
      const owner = await twoFactor.challengeOwner(request.body.challenge);
      const issued = await backoff.guard('two-factor', request, owner, wrongFactor, () =>
        twoFactor.completeSignIn(request.body, clientOf(request)),
      );
      if (request.body.refreshCookie !== false) setRefreshCookie(reply, ctx.config, issued, ctx.clock.now());
      return issued.session;
    },
  );
  app.get(
    P.status,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'Two-factor sign-in: on or off',
        security,
        response: { 200: TwoFactorStatusSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    (request) => twoFactor.status(currentUser(request)),
  );
  app.post(
    P.enrol,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'Start a TOTP enrolment: a new secret and its otpauth URI',
        security,
        response: { 200: TwoFactorEnrolmentSchema, ...errors },
      },
      onRequest: app.authenticate,
      preHandler: limit('two-factor-enrol'),
    },
    (request) => twoFactor.enrol(currentUser(request)),
  );
  app.post(
    P.confirm,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'Confirm the enrolment with a first code; the recovery codes, shown once',
        security,
        body: TwoFactorCodeBodySchema,
        response: { 200: RecoveryCodesSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    (request) => guarded(request, () => twoFactor.confirm(currentUser(request), request.body.code)),
  );
  app.post(
    P.disable,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'Turn two-factor sign-in off (the password and a code)',
        security,
        body: DisableTwoFactorBodySchema,
        response: { 200: OkSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    (request) => guarded(request, () => twoFactor.disable(currentUser(request), request.body)),
  );
  app.post(
    P.recoveryCodes,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'New recovery codes (the old ones stop working)',
        security,
        body: TwoFactorCodeBodySchema,
        response: { 200: RecoveryCodesSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    (request) => guarded(request, () => twoFactor.regenerateRecoveryCodes(currentUser(request), request.body.code)),
  );
  app.get(
    P.sessions,
    {
      config: { permission: 'self' },
      schema: { summary: 'The signed-in sessions', security, response: { 200: SessionListSchema, ...errors } },
      onRequest: app.authenticate,
    },
    (request) => sessions.list(currentUser(request)),
  );
  app.delete(
    P.session,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'End one of the sessions',
        security,
        params: SessionParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    (request) => sessions.revoke(currentUser(request), request.params.sessionId),
  );
  app.post(
    P.revokeOtherSessions,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'End every session but this one',
        security,
        response: { 200: RevokedSessionsSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    (request) => sessions.revokeOthers(currentUser(request)),
  );
}
