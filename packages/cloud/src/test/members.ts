/**
 * Members for route tests (issue 21): an account invited into an owner's organisation with a role, through the
 * public API (invitation e-mail in the outbox, sign-up, accept), and calls made acting in that organisation.
 */
import {
  ORG_HEADER,
  ORG_PATHS,
  type AcceptInvitationReply,
  type MemberRole,
  type OrganisationList,
} from '@rackside/protocol';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import type { OutboxMailer } from '../plugins/mailer';
import { call, createSignedInUser, lastCode, uniqueEmail } from './factories';

/** The id of the caller's personal organisation. */
export async function personalOrganisation(app: FastifyInstance, token: string): Promise<string> {
  const res = await call(app, 'GET', ORG_PATHS.orgs, undefined, token);
  if (res.statusCode !== 200) throw new Error(`GET /orgs failed: ${res.body}`);
  const [personal] = res.json<OrganisationList>().organisations;
  if (personal === undefined) throw new Error('no personal organisation');
  return personal.organisationId;
}

/** Invites a new account into the owner's personal organisation with the role; it signs up and accepts. */
export async function createMember(app: FastifyInstance, mailer: OutboxMailer, ownerToken: string, role: MemberRole) {
  const email = uniqueEmail(role);
  const invited = await call(app, 'POST', ORG_PATHS.invitations, { email, role }, ownerToken);
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.body}`);
  const invitation = await lastCode(mailer, email);
  const user = await createSignedInUser(app, mailer, email);
  const accepted = await call(app, 'POST', ORG_PATHS.accept, { token: invitation }, user.token);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  const { organisation } = accepted.json<AcceptInvitationReply>();
  return { ...user, userId: String(decodeJwt(user.token).sub), organisationId: organisation.organisationId };
}

/** One request under the API prefix acting in the organisation. */
export function callIn(
  app: FastifyInstance,
  organisationId: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  token: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api${path}`,
    payload: body === undefined ? undefined : (body as Record<string, unknown>),
    headers: { authorization: `Bearer ${token}`, [ORG_HEADER]: organisationId },
  });
}
