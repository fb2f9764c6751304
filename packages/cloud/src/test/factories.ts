/**
 * Factories for route tests: users made through the public identity API (so they are real in every way), unique
 * emails, the codes the outbox holds, and a small `call` helper for inject under the API prefix.
 */
import { IDENTITY_PATHS, type CloudSession, type CodeDelivery, type ErrorBody } from '@rackside/protocol';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { OutboxMailer } from '../plugins/mailer';

/** A password that satisfies spec 1 §5. */
export const PASSWORD = 'Passw0rd!';

let sequence = 0;
/** An email no other test uses (mixed case on purpose: emails compare case-insensitively). */
export const uniqueEmail = (tag = 'user'): string =>
  `${tag}-${process.pid}-${Date.now().toString(36)}-${++sequence}@Example.com`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request under the API prefix (`/api`), with an optional bearer token. */
export function call(
  app: FastifyInstance,
  method: Method,
  path: string,
  body?: unknown,
  token?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api${path}`,
    payload: body === undefined ? undefined : (body as Record<string, unknown>),
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

/** The error body of a reply (the test asserts the status itself). */
export const errorOf = (res: LightMyRequestResponse): ErrorBody => res.json<ErrorBody>();

/** The code of the newest mail to an address in the outbox. */
export async function lastCode(mailer: OutboxMailer, to: string): Promise<string> {
  const [mail] = await mailer.list(to, 1);
  if (mail?.code == null) throw new Error(`no code mailed to ${to}`);
  return mail.code;
}

/** Signs up (unconfirmed); returns the credentials. */
export async function signUp(app: FastifyInstance, email = uniqueEmail(), password = PASSWORD) {
  const res = await call(app, 'POST', IDENTITY_PATHS.signUp, { email, password, passwordConfirm: password });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  return { email, password, delivery: res.json<CodeDelivery>() };
}

/** Signs up and confirms with the mailed code. */
export async function createConfirmedUser(
  app: FastifyInstance,
  mailer: OutboxMailer,
  email = uniqueEmail(),
  password = PASSWORD,
) {
  await signUp(app, email, password);
  const code = await lastCode(mailer, email);
  const res = await call(app, 'POST', IDENTITY_PATHS.confirmSignUp, { email, code });
  if (res.statusCode !== 200) throw new Error(`confirm failed: ${res.body}`);
  return { email, password };
}

/** Signs in; returns the session. */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<CloudSession> {
  const res = await call(app, 'POST', IDENTITY_PATHS.signIn, { email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return res.json<CloudSession>();
}

/** A confirmed, signed-in user with a verified email: what venue, device and contact tests start from. */
export async function createSignedInUser(app: FastifyInstance, mailer: OutboxMailer, email = uniqueEmail()) {
  const user = await createConfirmedUser(app, mailer, email);
  const session = await signIn(app, user.email, user.password);
  return { ...user, session, token: session.idToken };
}
