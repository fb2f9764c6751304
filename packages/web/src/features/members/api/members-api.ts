/**
 * Members and invitations of the organisation acted in (issue 21; contracts: protocol/src/cloud/orgs.ts). The
 * /org/... calls go in the chosen organisation (the base query adds the header); accepting is the caller's own.
 */
import {
  AcceptInvitationReplySchema,
  GrantListSchema,
  GrantReplySchema,
  OrgSettingsSchema,
  VENUE_PATHS,
  VenueListSchema,
  InvitationListSchema,
  InvitationReplySchema,
  MemberListSchema,
  MemberReplySchema,
  OkSchema,
  ORG_PATHS,
  fillPath,
  type Grant,
  type GrantBody,
  type Invitation,
  type InvitationBody,
  type OrgSettings,
  type Venue,
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
    setMemberRole: build.mutation<Member, { userId: string; role: MemberRole; venueIds?: string[] | null }>({
      query: ({ userId, ...body }) => ({
        path: fillPath(ORG_PATHS.member, { userId }),
        method: 'PUT',
        body,
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
    // the venues a member or an integrator may be narrowed to (the organisation's, as GET /venues answers them)
    getOrgVenues: build.query<Venue[], void>({
      query: () => ({ path: VENUE_PATHS.venues, schema: VenueListSchema }),
      transformResponse: (reply: { venues: Venue[] }) => reply.venues,
      providesTags: ['Venues'],
    }),
    getGrants: build.query<Grant[], void>({
      query: () => ({ path: ORG_PATHS.grants, schema: GrantListSchema }),
      transformResponse: (reply: { grants: Grant[] }) => reply.grants,
      providesTags: ['Grants'],
    }),
    createGrant: build.mutation<Grant, GrantBody>({
      query: (body) => ({ path: ORG_PATHS.grants, method: 'POST', body, schema: GrantReplySchema }),
      transformResponse: (reply: { grant: Grant }) => reply.grant,
      invalidatesTags: ['Grants'],
    }),
    revokeGrant: build.mutation<true, { grantId: string }>({
      query: ({ grantId }) => ({ path: fillPath(ORG_PATHS.grant, { grantId }), method: 'DELETE', schema: OkSchema }),
      transformResponse: () => true as const,
      invalidatesTags: ['Grants'],
    }),
    getOrgSettings: build.query<OrgSettings, void>({
      query: () => ({ path: ORG_PATHS.settings, schema: OrgSettingsSchema }),
      providesTags: ['OrgSettings'],
    }),
    setOrgSettings: build.mutation<OrgSettings, OrgSettings>({
      query: (body) => ({ path: ORG_PATHS.settings, method: 'PUT', body, schema: OrgSettingsSchema }),
      invalidatesTags: ['OrgSettings'],
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
  useGetOrgVenuesQuery,
  useGetGrantsQuery,
  useCreateGrantMutation,
  useRevokeGrantMutation,
  useGetOrgSettingsQuery,
  useSetOrgSettingsMutation,
} = membersApi;
