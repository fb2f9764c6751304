/**
 * The rollout calls of the cloud /update screen (issue 14, contracts in protocol/src/cloud/rollouts.ts). The
 * candidates and the rollout list are one tag ('Rollouts'); one rollout is polled by its view and refreshed from the
 * replies of start and the actions. Starting or ending a rollout changes versions and the active rollout, so
 * 'Rollouts' (and 'Venues', which show versions) are invalidated.
 */
import {
  FirmwareHistorySchema,
  ROLLOUT_PATHS,
  RolloutCandidatesSchema,
  RolloutListSchema,
  RolloutSchema,
  fillPath,
  type FirmwareHistory,
  type Rollout,
  type RolloutAction,
  type RolloutCandidates,
  type RolloutCreate,
  type RolloutList,
} from '@rackside/protocol';
import { cloudApi } from '../../../shared/cloud/cloud-api';

export const rolloutsApi = cloudApi.injectEndpoints({
  endpoints: (build) => ({
    getRolloutCandidates: build.query<RolloutCandidates, void>({
      query: () => ({ path: ROLLOUT_PATHS.candidates, schema: RolloutCandidatesSchema }),
      providesTags: ['Rollouts'],
    }),
    listRollouts: build.query<RolloutList, void>({
      query: () => ({ path: ROLLOUT_PATHS.rollouts, schema: RolloutListSchema }),
      providesTags: ['Rollouts'],
    }),
    getRollout: build.query<Rollout, string>({
      query: (rolloutId) => ({ path: fillPath(ROLLOUT_PATHS.rollout, { rolloutId }), schema: RolloutSchema }),
      // refetched by the live stream when the rollout or one of its amps moves (no mutation invalidates it)
      providesTags: (_r, _e, rolloutId) => [{ type: 'Rollout', id: rolloutId }],
    }),
    startRollout: build.mutation<Rollout, RolloutCreate>({
      query: (body) => ({ path: ROLLOUT_PATHS.rollouts, method: 'POST', body, schema: RolloutSchema }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(rolloutsApi.util.upsertQueryData('getRollout', data.rolloutId, data));
      },
      invalidatesTags: (result) => (result ? ['Rollouts'] : []),
    }),
    rolloutAction: build.mutation<Rollout, { rolloutId: string; action: RolloutAction }>({
      query: ({ rolloutId, action }) => ({
        path: fillPath(ROLLOUT_PATHS.action, { rolloutId, action }),
        method: 'POST',
        schema: RolloutSchema,
      }),
      async onQueryStarted({ rolloutId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(rolloutsApi.util.upsertQueryData('getRollout', rolloutId, data));
      },
      invalidatesTags: ['Rollouts'],
    }),
    getFirmwareHistory: build.query<FirmwareHistory, string>({
      query: (deviceId) => ({
        path: fillPath(ROLLOUT_PATHS.deviceHistory, { deviceId }),
        schema: FirmwareHistorySchema,
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetRolloutCandidatesQuery,
  useListRolloutsQuery,
  useGetRolloutQuery,
  useStartRolloutMutation,
  useRolloutActionMutation,
  useGetFirmwareHistoryQuery,
} = rolloutsApi;
