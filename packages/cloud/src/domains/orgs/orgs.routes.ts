/**
 * HTTP of organisations, members and invitations (issue 21; contracts in @rackside/protocol cloud/orgs.ts). Every
 * route wants a signed-in user with a verified email; the /org/... routes act on the organisation of the request
 * (the X-Rackside-Org header, else the caller's personal one) with the permission each declares.
 */
import {
  AcceptInvitationBodySchema,
  AcceptInvitationReplySchema,
  GrantBodySchema,
  GrantListSchema,
  GrantParamsSchema,
  GrantReplySchema,
  InvitationBodySchema,
  InvitationListSchema,
  InvitationParamsSchema,
  InvitationReplySchema,
  MemberListSchema,
  MemberParamsSchema,
  MemberReplySchema,
  MemberRoleBodySchema,
  OkSchema,
  ORG_PATHS as P,
  OrganisationListSchema,
  OrgSettingsSchema,
} from '@rackside/protocol';
import type { FastifyRequest } from 'fastify';
import type { DomainApp, DomainContext } from '../../domain';
import { currentUser } from '../../plugins/auth';
import { currentActor } from '../../plugins/policy';
import { accountAndAddressLimit } from '../../plugins/rate-limit';
import { BEARER as security, ERROR_REPLIES as errors } from '../http';
import { GrantExpiryWatch } from './grant-expiry';
import { GrantsService } from './grants.service';
import { OrgsService } from './orgs.service';

/** The signed-in account, for the per-account limit of the invitation mails. */
const actorOf = (request: FastifyRequest): string | undefined => request.actor?.userId;

/** The organisation routes, under the API prefix. */
export function orgsRoutes(app: DomainApp, ctx: DomainContext): void {
  const service = new OrgsService(ctx);
  const expiry = new GrantExpiryWatch(ctx, app.log.child({ domain: 'orgs' }));
  const grants = new GrantsService(ctx, () => expiry.nudge());
  app.addHook('onReady', () => expiry.start());
  app.addHook('onClose', () => expiry.stop());
  app.addHook('onRequest', app.authenticateVerified);

  app.get(
    P.orgs,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'The organisations you belong to, with your role (your personal one first)',
        security,
        response: { 200: OrganisationListSchema, ...errors },
      },
    },
    (request) => service.list(currentUser(request)),
  );
  app.get(
    P.members,
    {
      config: { permission: 'member.read' },
      schema: {
        summary: "The organisation's members and their roles",
        security,
        response: { 200: MemberListSchema, ...errors },
      },
    },
    (request) => service.members(currentActor(request)),
  );
  app.put(
    P.member,
    {
      config: { permission: 'member.manage' },
      schema: {
        summary: "Change a member's role (never the owner's)",
        security,
        params: MemberParamsSchema,
        body: MemberRoleBodySchema,
        response: { 200: MemberReplySchema, ...errors },
      },
    },
    (request) => service.setRole(currentActor(request), request.params.userId, request.body, currentUser(request)),
  );
  app.delete(
    P.member,
    {
      config: { permission: 'member.manage' },
      schema: {
        summary: 'Remove a member (never the owner)',
        security,
        params: MemberParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    (request) => service.remove(currentActor(request), request.params.userId, currentUser(request)),
  );
  app.get(
    P.invitations,
    {
      config: { permission: 'member.manage' },
      schema: {
        summary: 'The pending invitations',
        security,
        response: { 200: InvitationListSchema, ...errors },
      },
    },
    (request) => service.invitations(currentActor(request)),
  );
  app.post(
    P.invitations,
    {
      config: { permission: 'member.manage' },
      schema: {
        summary: 'Invite someone by e-mail (a link valid for 7 days)',
        security,
        body: InvitationBodySchema,
        response: { 201: InvitationReplySchema, ...errors },
      },
      preHandler: accountAndAddressLimit(app, ctx.config, 'org-invite', actorOf),
    },
    async (request, reply) =>
      reply.code(201).send(await service.invite(currentActor(request), currentUser(request), request.body)),
  );
  app.delete(
    P.invitation,
    {
      config: { permission: 'member.manage' },
      schema: {
        summary: 'Withdraw a pending invitation',
        security,
        params: InvitationParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    (request) => service.withdraw(currentActor(request), request.params.invitationId, currentUser(request)),
  );
  app.post(
    P.accept,
    {
      config: { permission: 'self' },
      schema: {
        summary: 'Accept an invitation sent to your e-mail address',
        security,
        body: AcceptInvitationBodySchema,
        response: { 200: AcceptInvitationReplySchema, ...errors },
      },
    },
    (request) => service.accept(currentUser(request), request.body.token),
  );
  app.get(
    P.grants,
    {
      config: { permission: 'grant.manage' },
      schema: {
        summary: "The organisation's live integrator grants, the soonest to end first",
        security,
        response: { 200: GrantListSchema, ...errors },
      },
    },
    (request) => grants.list(currentActor(request)),
  );
  app.post(
    P.grants,
    {
      config: { permission: 'grant.manage' },
      schema: {
        summary: 'Give an integrator organisation a role on some venues until a date (replaces a live grant to it)',
        security,
        body: GrantBodySchema,
        response: { 201: GrantReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await grants.create(currentActor(request), request.body, currentUser(request))),
  );
  app.delete(
    P.grant,
    {
      config: { permission: 'grant.manage' },
      schema: {
        summary: "Revoke a grant now (the integrator's open remote sessions close)",
        security,
        params: GrantParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    (request) => grants.revoke(currentActor(request), request.params.grantId, currentUser(request)),
  );
  app.get(
    P.settings,
    {
      config: { permission: 'member.read' },
      schema: {
        summary: "The organisation's security settings",
        security,
        response: { 200: OrgSettingsSchema, ...errors },
      },
    },
    (request) => grants.settings(currentActor(request)),
  );
  app.put(
    P.settings,
    {
      config: { permission: 'org.security' },
      schema: {
        summary: 'Require two-factor sign-in of everyone acting in the organisation (the owner needs it on first)',
        security,
        body: OrgSettingsSchema,
        response: { 200: OrgSettingsSchema, ...errors },
      },
    },
    (request) => grants.setSettings(currentActor(request), request.body, currentUser(request)),
  );
}
