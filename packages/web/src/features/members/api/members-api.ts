/**
 * Members and invitations of the organisation acted in (issue 21; contracts: protocol/src/cloud/orgs.ts). The
 * /org/... calls go in the chosen organisation (the base query adds the header); accepting is the caller's own.
 */
import {
  AcceptInvitationReplySchema,
  InvitationListSchema,
  InvitationReplySchema,
  MemberListSchema,
  MemberReplySchema,
  OkSchema,
  ORG_PATHS,
  fillPath,
  type Invitation,
  type InvitationBody,
  type Member,
  type MemberRole,
  type Organisation,
} from '@rackside/protocol';
import { cloudApi } from '../../../shared/cloud/cloud-api';

export const membersApi = cloudApi.injectEndpoints({
  endpoints: (build) => ({
    getMembers: build.query<Member[], void>({
      query: () => ({ path: ORG_PATHS.members, schema: MemberListSchema }),
      transformResponse: (reply: { members: Member[] }) => reply.members,
      providesTags: ['Members'],
    }),
    setMemberRole: build.mutation<Member, { userId: string; role: MemberRole }>({
      query: ({ userId, role }) => ({
        path: fillPath(ORG_PATHS.member, { userId }),
        method: 'PUT',
        body: { role },
        schema: MemberReplySchema,
      }),
      transformResponse: (reply: { member: Member }) => reply.member,
      invalidatesTags: ['Members'],
    }),
    removeMember: build.mutation<true, { userId: string }>({
      query: ({ userId }) => ({ path: fillPath(ORG_PATHS.member, { userId }), method: 'DELETE', schema: OkSchema }),
      transformResponse: () => true as const,
      invalidatesTags: ['Members'],
    }),
    getInvitations: build.query<Invitation[], void>({
      query: () => ({ path: ORG_PATHS.invitations, schema: InvitationListSchema }),
      transformResponse: (reply: { invitations: Invitation[] }) => reply.invitations,
      providesTags: ['Invitations'],
    }),
    invite: build.mutation<Invitation, InvitationBody>({
      query: (body) => ({ path: ORG_PATHS.invitations, method: 'POST', body, schema: InvitationReplySchema }),
      transformResponse: (reply: { invitation: Invitation }) => reply.invitation,
      invalidatesTags: ['Invitations'],
    }),
    withdrawInvitation: build.mutation<true, { invitationId: string }>({
      query: ({ invitationId }) => ({
        path: fillPath(ORG_PATHS.invitation, { invitationId }),
        method: 'DELETE',
        schema: OkSchema,
      }),
      transformResponse: () => true as const,
      invalidatesTags: ['Invitations'],
    }),
    acceptInvitation: build.mutation<Organisation, { token: string }>({
      query: (body) => ({
        path: ORG_PATHS.accept,
        method: 'POST',
        body,
        schema: AcceptInvitationReplySchema,
        ownAccount: true,
      }),
      transformResponse: (reply: { organisation: Organisation }) => reply.organisation,
      invalidatesTags: ['Orgs'],
    }),
  }),
});

export const {
  useGetMembersQuery,
  useSetMemberRoleMutation,
  useRemoveMemberMutation,
  useGetInvitationsQuery,
  useInviteMutation,
  useWithdrawInvitationMutation,
  useAcceptInvitationMutation,
} = membersApi;
