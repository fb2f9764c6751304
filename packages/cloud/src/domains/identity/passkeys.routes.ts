/**
 * HTTP of passkeys (issue 21; contracts in @rackside/protocol cloud/passkeys.ts). The caller's own passkeys are `self`
 * routes; the sign-in ceremonies are `public`. Every check of an authenticator's answer (and of the password that an
 * old session adds a passkey with) goes through the failure back-off, as sign-in and the code step do; the routes
 * that mint challenges have a per-address (and, signed in, per-account) request limit.
 */
import {
  CloudSessionSchema,
  ErrorBodySchema,
  OkSchema,
  PASSKEY_PATHS as P,
  PasskeyListSchema,
  PasskeyParamsSchema,
  PasskeyRegistrationOptionsBodySchema,
  PasskeyRegistrationOptionsSchema,
  PasskeyReplySchema,
  PasskeySecondFactorBodySchema,
  PasskeySecondFactorOptionsBodySchema,
  PasskeySignInBodySchema,
  PasskeySignInOptionsSchema,
  RegisterPasskeyBodySchema,
  RenamePasskeyBodySchema,
} from '@rackside/protocol';
import type { FastifyRequest } from 'fastify';
import type { DomainApp, DomainContext } from '../../domain';
import { currentUser } from '../../plugins/auth';
import { accountAndAddressLimit, addressLimit, type FailureBackoff } from '../../plugins/rate-limit';
import { PasskeyService } from './passkeys.service';
import { setRefreshCookie } from './refresh-cookie';
import { clientOf } from './two-factor.routes';

const security = [{ bearer: [] }];
const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema } as const;
/** What counts as a wrong guess: an answer that does not verify, a passkey that is not the account's, a password. */
const wrongPasskey = [
  'PasskeyInvalid',
  'PasskeyNotRegistered',
  'PasskeyChallengeInvalid',
  'TwoFactorChallengeInvalid',
  'CodeAttemptsExceeded',
  'InvalidPassword',
] as const;

/** The passkey routes, under the API prefix (registered by identityRoutes). */
export function passkeyRoutes(app: DomainApp, ctx: DomainContext, backoff: FailureBackoff): void {
  const passkeys = new PasskeyService(ctx);
  const userOf = (request: FastifyRequest): string | undefined => request.user?.id;
  const limit = (route: string) => accountAndAddressLimit(app, ctx.config, route, userOf);

  app.get(
    P.passkeys,
    {
      config: { permission: 'self' },
      schema: { summary: 'The passkeys of the caller', security, response: { 200: PasskeyListSchema, ...errors } },
      onRequest: app.authenticate,
    },
    (request) => passkeys.list(currentUser(request)),
  );
  app.post(
    P.registrationOptions,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'Creation options for a new passkey (a sign-in of the last 15 minutes, or the password)',
        security,
        body: PasskeyRegistrationOptionsBodySchema,
        response: { 200: PasskeyRegistrationOptionsSchema, ...errors },
      },
      onRequest: app.authenticate,
      preHandler: limit('passkey-options'),
    },
    (request) =>
      backoff.guard('passkey', request, userOf(request), wrongPasskey, () =>
        passkeys.registrationOptions(currentUser(request), request.body),
      ),
  );
  app.post(
    P.passkeys,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'Register the passkey the authenticator created for the last creation options',
        security,
        body: RegisterPasskeyBodySchema,
        response: { 200: PasskeyReplySchema, ...errors },
      },
      onRequest: app.authenticate,
      preHandler: limit('passkey-register'),
    },
    (request) => passkeys.register(currentUser(request), request.body),
  );
  app.put(
    P.passkey,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'Rename one of the passkeys',
        security,
        params: PasskeyParamsSchema,
        body: RenamePasskeyBodySchema,
        response: { 200: PasskeyReplySchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    (request) => passkeys.rename(currentUser(request), request.params.passkeyId, request.body.name),
  );
  app.delete(
    P.passkey,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'Remove one of the passkeys (it signs in no more)',
        security,
        params: PasskeyParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    (request) => passkeys.remove(currentUser(request), request.params.passkeyId),
  );

  // ---- sign-in ----

  app.post(
    P.signInOptions,
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Request options for a passwordless sign-in with a passkey',
        response: { 200: PasskeySignInOptionsSchema, ...errors },
      },
      preHandler: addressLimit(app, ctx.config, 'passkey-sign-in-options'),
    },
    () => passkeys.signInOptions(),
  );
  app.post(
    P.signIn,
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Passwordless sign-in: a passkey with user verification (two factors in one)',
        body: PasskeySignInBodySchema,
        response: { 200: CloudSessionSchema, ...errors },
      },
      preHandler: addressLimit(app, ctx.config, 'passkey-sign-in'),
    },
    async (request, reply) => {
      const issued = await backoff.guard('passkey', request, undefined, wrongPasskey, () =>
        passkeys.signIn(request.body, clientOf(request)),
      );
      if (request.body.refreshCookie !== false) setRefreshCookie(reply, ctx.config, issued, ctx.clock.now());
      return issued.session;
    },
  );
  app.post(
    P.secondFactorOptions,
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Sign in, second step: request options for a passkey of the account',
        body: PasskeySecondFactorOptionsBodySchema,
        response: { 200: PasskeySignInOptionsSchema, ...errors },
      },
      preHandler: addressLimit(app, ctx.config, 'passkey-two-factor-options'),
    },
    (request) => passkeys.secondFactorOptions(request.body.challenge),
  );
  app.post(
    P.secondFactor,
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Sign in, second step: the challenge and a passkey instead of a code',
        body: PasskeySecondFactorBodySchema,
        response: { 200: CloudSessionSchema, ...errors },
      },
      preHandler: addressLimit(app, ctx.config, 'sign-in-two-factor-passkey'),
    },
    async (request, reply) => {
      const owner = await passkeys.signInOwner(request.body.challenge);
      // the same scope as the code step: a passkey and codes share the sign-in's failure count
      const issued = await backoff.guard('two-factor', request, owner, wrongPasskey, () =>
        passkeys.completeSecondFactor(request.body, clientOf(request)),
      );
      if (request.body.refreshCookie !== false) setRefreshCookie(reply, ctx.config, issued, ctx.clock.now());
      return issued.session;
    },
  );
}
