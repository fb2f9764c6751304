/**
 * The venue calls of spec 1 §7 (contracts: protocol/src/cloud/venues.ts, devices.ts). The overview — every venue
 * with its amps — is one cache entry polled every 10 s while the venues screens are open (spec 1 §4); the venue
 * list, the venue panel and the dashboard all read it. Venue mutations invalidate it.
 */
import {
  DEVICE_PATHS,
  DeviceAttributesReplySchema,
  OkSchema,
  RegistrationTokenReplySchema,
  RelocateReplySchema,
  VENUE_PATHS,
  VenueDevicesSchema,
  VenueListSchema,
  VenueReplySchema,
  fillPath,
  type RegistrationTokenReply,
  type RelocateReply,
  type Venue,
} from '@rackside/protocol';
import { cloudApi, type CloudExtra } from '../../../shared/cloud/cloud-api';
import { cloudAmpsOf, type VenueOverview } from '../venue-overview';
import { hideRemovedAmp, isRemovedAmpHidden } from './removed-amps';

/** The amp a removal is about; `name` is only for the snackbar that reports it. */
export interface RemovedAmp {
  readonly ampId: string;
  readonly name?: string;
}

const venuePath = (venueId: string) => fillPath(VENUE_PATHS.venue, { venueId });

export const venuesApi = cloudApi.injectEndpoints({
  endpoints: (build) => ({
    /** spec 1 §4 fetch: the list is replaced on success; on failure the last one stays (silent). */
    getVenuesOverview: build.query<{ venues: VenueOverview[] }, void>({
      async queryFn(_arg, api) {
        const { sessionSync } = api.extra as CloudExtra;
        const list = await sessionSync.call({ path: VENUE_PATHS.venues, schema: VenueListSchema }, api.signal);
        if (list.error) return { error: list.error };
        const venues = await Promise.all(
          list.data.venues.map(async (venue): Promise<VenueOverview> => {
            const params = { venueId: venue.venueId };
            const [devices, attributes] = await Promise.all([
              sessionSync.call({ path: fillPath(DEVICE_PATHS.venueDevices, params), schema: VenueDevicesSchema }),
              sessionSync.call({
                path: fillPath(DEVICE_PATHS.attributes, params),
                method: 'POST',
                body: {},
                schema: DeviceAttributesReplySchema,
              }),
            ]);
            // spec 1 §4: if fetching devices for a venue fails, that venue shows no amps
            if (devices.error || attributes.error) return { ...venue, amps: [], devicesFailed: true };
            const amps = cloudAmpsOf(venue.venueId, devices.data, attributes.data).filter(
              (amp) => !isRemovedAmpHidden(amp.summary.ampId),
            );
            return { ...venue, amps, devicesFailed: false };
          }),
        );
        return { data: { venues } };
      },
      providesTags: ['Venues'],
    }),
    addVenue: build.mutation<Venue, { name: string }>({
      query: ({ name }) => ({
        path: VENUE_PATHS.venues,
        method: 'POST',
        body: { venue: { name } },
        schema: VenueReplySchema,
      }),
      transformResponse: (reply: { venue: Venue }) => reply.venue,
      invalidatesTags: ['Venues'],
    }),
    renameVenue: build.mutation<Venue, { venueId: string; name: string }>({
      query: ({ venueId, name }) => ({
        path: venuePath(venueId),
        method: 'PUT',
        body: { venue: { name } },
        schema: VenueReplySchema,
      }),
      transformResponse: (reply: { venue: Venue }) => reply.venue,
      invalidatesTags: ['Venues'],
    }),
    deleteVenue: build.mutation<true, { venueId: string }>({
      query: ({ venueId }) => ({ path: venuePath(venueId), method: 'DELETE', schema: OkSchema }),
      transformResponse: () => true as const,
      invalidatesTags: ['Venues'],
    }),
    /** spec 1 §2 Add Amp: a single-use registration token for the venue (not cached: a mutation per visit). */
    createRegistrationToken: build.mutation<RegistrationTokenReply, { venueId: string }>({
      query: ({ venueId }) => ({
        path: fillPath(DEVICE_PATHS.registrationToken, { venueId }),
        method: 'POST',
        schema: RegistrationTokenReplySchema,
      }),
    }),
    /** spec 1 §2 Move amp: PUT /devices/{id}/relocate?venueId= to another of the user's venues. */
    moveAmp: build.mutation<RelocateReply, { ampId: string; venueId: string }>({
      query: ({ ampId, venueId }) => ({
        path: fillPath(DEVICE_PATHS.relocate, { deviceId: ampId }),
        method: 'PUT',
        query: { venueId },
        schema: RelocateReplySchema,
      }),
      invalidatesTags: ['Venues'],
    }),
    /**
     * spec 1 §2 Remove, §4 device removal: DELETE /devices/{id}; on success the amp leaves the cached listing at
     * once and stays hidden from the listings for 20 s.
     */
    removeAmp: build.mutation<RemovedAmp, RemovedAmp>({
      query: ({ ampId }) => ({
        path: fillPath(DEVICE_PATHS.device, { deviceId: ampId }),
        method: 'DELETE',
        schema: OkSchema,
      }),
      transformResponse: (_reply, _meta, removed) => removed,
      async onQueryStarted({ ampId }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        hideRemovedAmp(ampId);
        dispatch(
          venuesApi.util.updateQueryData('getVenuesOverview', undefined, (draft) => ({
            venues: draft.venues.map((v) => ({ ...v, amps: v.amps.filter((a) => a.summary.ampId !== ampId) })),
          })),
        );
      },
      invalidatesTags: ['Venues'],
    }),
  }),
});

export const {
  useGetVenuesOverviewQuery,
  useAddVenueMutation,
  useRenameVenueMutation,
  useDeleteVenueMutation,
  useCreateRegistrationTokenMutation,
  useMoveAmpMutation,
  useRemoveAmpMutation,
} = venuesApi;
