/**
 * Factories for route tests: users, venues and registered devices made through the public API (so they are real in
 * every way), unique emails, the codes the outbox holds, and a small `call` helper for inject under the API prefix.
 */
import {
  DEVICE_PATHS,
  fillPath,
  IDENTITY_PATHS,
  VENUE_PATHS,
  type CloudSession,
  type CodeDelivery,
  type ErrorBody,
  type RegistrationReply,
  type RegistrationRequest,
  type RegistrationTokenReply,
  type VenueReply,
} from '@rackside/protocol';
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

/** Creates a venue for the user; returns its id. */
export async function createVenue(app: FastifyInstance, token: string, name = `Venue ${++sequence}`): Promise<string> {
  const res = await call(app, 'POST', VENUE_PATHS.venues, { venue: { name } }, token);
  if (res.statusCode !== 201) throw new Error(`create venue failed: ${res.body}`);
  return res.json<VenueReply>().venue.venueId;
}

/** A registration token for the venue. */
export async function registrationToken(app: FastifyInstance, token: string, venueId: string): Promise<string> {
  const res = await call(app, 'POST', fillPath(DEVICE_PATHS.registrationToken, { venueId }), undefined, token);
  if (res.statusCode !== 200) throw new Error(`registration token failed: ${res.body}`);
  return res.json<RegistrationTokenReply>().registrationToken;
}

/** What an amp sends to register (spec 1 §4), with the given token. */
export const registrationBody = (registrationToken: string, overrides: Partial<RegistrationRequest> = {}) => ({
  registrationToken,
  mac: '00:1B:2C:00:00:01',
  serialNumber: 'RS704D00001',
  modelID: 'Connect Series Model 704D',
  firmwareVersion: '1.5.0.0',
  deviceName: 'Main Left',
  ...overrides,
});

/** Registers an emulated amp in the venue the way the amp does; returns its id and broker credentials. */
export async function registerDevice(
  app: FastifyInstance,
  token: string,
  venueId: string,
  overrides: Partial<RegistrationRequest> = {},
): Promise<RegistrationReply> {
  const body = registrationBody(await registrationToken(app, token, venueId), overrides);
  const res = await call(app, 'POST', DEVICE_PATHS.register, body);
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  return res.json<RegistrationReply>();
}
