/** GET /orgs (issue 21): the organisations the signed-in account belongs to, with its role and permissions in each. */
import { ORG_PATHS, OrganisationListSchema, type OrganisationList } from '@rackside/protocol';
import { cloudApi } from './cloud-api';

export const orgsApi = cloudApi.injectEndpoints({
  endpoints: (build) => ({
    getOrganisations: build.query<OrganisationList, void>({
      // the caller's own account ('self'): never sent in an organisation, so a stale choice cannot break it
      query: () => ({ path: ORG_PATHS.orgs, schema: OrganisationListSchema, ownAccount: true }),
      providesTags: ['Orgs'],
    }),
  }),
});

export const { useGetOrganisationsQuery } = orgsApi;
