/**
 * The audit timelines (issue 21; contracts in protocol/src/cloud/audit.ts): the organisation's, a venue's and an
 * amp's, newest first, one RTK Query infinite query per timeline and filters (each page's `nextCursor` asks for the
 * next: "Load more"). Replies are parsed with AuditPageSchema; the base query adds the organisation header.
 */
import {
  AUDIT_PAGE_DEFAULT,
  AUDIT_PATHS,
  AuditPageSchema,
  fillPath,
  type AuditKind,
  type AuditPage,
} from '@rackside/protocol';
import { cloudApi } from '../../../shared/cloud/cloud-api';

/** Whose timeline: the whole organisation's, one venue's or one amp's. */
export type AuditScope =
  | { readonly kind: 'organisation' }
  | { readonly kind: 'venue'; readonly venueId: string }
  | { readonly kind: 'amp'; readonly deviceId: string };

/** The filters of a timeline and of its CSV export; `from` inclusive, `to` exclusive (ISO date-times). */
export interface AuditFilters {
  readonly kinds: readonly AuditKind[];
  readonly actorId?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

export interface AuditTimelineArgs {
  readonly scope: AuditScope;
  readonly filters: AuditFilters;
}

/** The page path (or the CSV path) of a scope. */
export function auditPath(scope: AuditScope, csv = false): string {
  switch (scope.kind) {
    case 'organisation':
      return csv ? AUDIT_PATHS.auditCsv : AUDIT_PATHS.audit;
    case 'venue':
      return fillPath(csv ? AUDIT_PATHS.venueAuditCsv : AUDIT_PATHS.venueAudit, { venueId: scope.venueId });
    case 'amp':
      return fillPath(csv ? AUDIT_PATHS.deviceAuditCsv : AUDIT_PATHS.deviceAudit, { deviceId: scope.deviceId });
  }
}

/** The query string of the filters (AuditCsvQuerySchema); absent filters are not sent. */
export function auditQueryOf(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.kinds.length > 0) query.kind = filters.kinds.join(',');
  if (filters.actorId !== undefined) query.actorId = filters.actorId;
  if (filters.from !== undefined) query.from = filters.from;
  if (filters.to !== undefined) query.to = filters.to;
  return query;
}

export const auditApi = cloudApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditTimeline: build.infiniteQuery<AuditPage, AuditTimelineArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        path: auditPath(queryArg.scope),
        query: {
          ...auditQueryOf(queryArg.filters),
          ...(pageParam === null ? {} : { cursor: pageParam }),
          limit: String(AUDIT_PAGE_DEFAULT),
        },
        schema: AuditPageSchema,
      }),
    }),
  }),
});

export const { useGetAuditTimelineInfiniteQuery } = auditApi;
