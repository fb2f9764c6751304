/**
 * The incident calls of issue 15 (contracts in protocol/src/cloud/incidents.ts). Every list of incidents is one tag
 * ('Incidents'): the dashboard polls the open ones, the venue page and the amp dialog ask with their own query.
 * Acknowledging writes the reply (the incident with its timeline) into every cached list and the incident's own entry
 * at once, then refreshes the lists. Notification settings are cached per venue.
 */
import {
  CONTACT_PATHS,
  ContactListSchema,
  INCIDENT_PATHS,
  IncidentDetailSchema,
  IncidentListSchema,
  VenueNotificationSettingsReplySchema,
  fillPath,
  type Contact,
  type Incident,
  type IncidentDetail,
  type IncidentList,
  type IncidentState,
  type VenueNotificationSettings,
} from '@rackside/protocol';
import { cloudApi } from '../../../shared/cloud/cloud-api';

/** GET /incidents query (IncidentQuerySchema); absent fields are not sent. */
export interface IncidentListArgs {
  readonly state?: IncidentState;
  readonly venueId?: string;
  readonly deviceId?: string;
  readonly limit?: number;
}

const queryOf = (args: IncidentListArgs): Record<string, string> =>
  Object.fromEntries(Object.entries(args).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));

// 'Incidents' is one of the cloud's tags (the live stream invalidates it too)
const withIncidents = cloudApi.enhanceEndpoints({ addTagTypes: ['NotificationSettings'] });

export const incidentsApi = withIncidents.injectEndpoints({
  endpoints: (build) => ({
    listIncidents: build.query<Incident[], IncidentListArgs>({
      query: (args) => ({ path: INCIDENT_PATHS.incidents, query: queryOf(args), schema: IncidentListSchema }),
      transformResponse: (reply: IncidentList) => reply.incidents,
      providesTags: ['Incidents'],
    }),
    getIncident: build.query<IncidentDetail, string>({
      query: (incidentId) => ({
        path: fillPath(INCIDENT_PATHS.incident, { incidentId }),
        schema: IncidentDetailSchema,
      }),
      providesTags: (_r, _e, incidentId) => [{ type: 'Incidents', id: incidentId }],
    }),
    acknowledgeIncident: build.mutation<IncidentDetail, string>({
      query: (incidentId) => ({
        path: fillPath(INCIDENT_PATHS.acknowledge, { incidentId }),
        method: 'POST',
        schema: IncidentDetailSchema,
      }),
      async onQueryStarted(incidentId, api) {
        const { dispatch, queryFulfilled } = api;
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        void dispatch(incidentsApi.util.upsertQueryData('getIncident', incidentId, data));
        for (const args of incidentsApi.util.selectCachedArgsForQuery(api.getState(), 'listIncidents'))
          dispatch(
            incidentsApi.util.updateQueryData('listIncidents', args, (draft) =>
              draft.map((i) => (i.incidentId === incidentId ? data.incident : i)),
            ),
          );
      },
      invalidatesTags: (result) => (result ? ['Incidents'] : []),
    }),
    getNotificationSettings: build.query<VenueNotificationSettings, string>({
      query: (venueId) => ({
        path: fillPath(INCIDENT_PATHS.venueSettings, { venueId }),
        schema: VenueNotificationSettingsReplySchema,
      }),
      transformResponse: (reply: { settings: VenueNotificationSettings }) => reply.settings,
      providesTags: (_r, _e, venueId) => [{ type: 'NotificationSettings', id: venueId }],
    }),
    /**
     * The user's contacts, to choose escalation contacts from (features/contacts keeps its own hooks to itself); the
     * 'Contacts' tag keeps it fresh when a contact is added, edited or deleted.
     */
    listEscalationCandidates: build.query<Contact[], void>({
      query: () => ({ path: CONTACT_PATHS.contacts, schema: ContactListSchema }),
      transformResponse: (reply: { contacts: Contact[] }) => reply.contacts,
      providesTags: ['Contacts'],
    }),
    saveNotificationSettings: build.mutation<
      VenueNotificationSettings,
      { venueId: string; settings: VenueNotificationSettings }
    >({
      query: ({ venueId, settings }) => ({
        path: fillPath(INCIDENT_PATHS.venueSettings, { venueId }),
        method: 'PUT',
        body: settings,
        schema: VenueNotificationSettingsReplySchema,
      }),
      transformResponse: (reply: { settings: VenueNotificationSettings }) => reply.settings,
      async onQueryStarted({ venueId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(incidentsApi.util.upsertQueryData('getNotificationSettings', venueId, data));
      },
    }),
  }),
});

export const {
  useListIncidentsQuery,
  useGetIncidentQuery,
  useAcknowledgeIncidentMutation,
  useGetNotificationSettingsQuery,
  useListEscalationCandidatesQuery,
  useSaveNotificationSettingsMutation,
} = incidentsApi;

/**
 * Every open incident of the user, as the dashboard and the venue header read them (one cache entry; the dashboard
 * polls it like the venues). The contract's most, so a large fleet's faults are all counted.
 */
export const OPEN_INCIDENTS: IncidentListArgs = { state: 'open', limit: 1000 };

export const useOpenIncidentsQuery = (options: { pollingInterval?: number } = {}) =>
  useListIncidentsQuery(OPEN_INCIDENTS, options);
