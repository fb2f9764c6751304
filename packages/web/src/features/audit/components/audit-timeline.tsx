import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { AuditEvent } from '@rackside/protocol';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorNameOf } from '../../../shared/cloud/cloud-error';
import { useMembersText } from '../../../shared/cloud/org-i18n';
import { CenteredMessage } from '../../../shared/ui/centered-message';
import { INCIDENTS_NS } from '../../incidents';
import { useGetAuditTimelineInfiniteQuery, type AuditFilters, type AuditScope } from '../api/audit-api';
import { dayLabel, groupByDay, momentsOf } from '../audit-dates';
import { AUDIT_NS } from '../audit-i18n';
import type { EventTextOptions } from '../event-text';
import { AuditCsvButton } from './audit-csv-button';
import { AuditEventRow, type AmpNameOf } from './audit-event-row';
import { AuditFilters as FilterControls, NO_FILTERS, type AuditFilterValues } from './audit-filters';

function Day({
  label,
  events,
  text,
  ampName,
}: {
  label: string;
  events: AuditEvent[];
  text: EventTextOptions;
  ampName?: AmpNameOf | undefined;
}) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle2" component="h2" sx={{ pt: 1 }}>
        {label}
      </Typography>
      <Box component="ul" aria-label={label} sx={{ m: 0, p: 0 }}>
        {events.map((e) => (
          <AuditEventRow key={e.id} event={e} text={text} ampName={ampName} />
        ))}
      </Box>
    </Box>
  );
}

/**
 * An audit timeline (issue 21): its filters (kinds, person, days) and Export CSV above; the events newest first,
 * grouped by day, one line each; Load more for the next page. Loading, empty (or nothing matching) and failed states,
 * the last with Retry.
 */
export function AuditTimeline({
  scope,
  what,
  ampName,
}: {
  scope: AuditScope;
  /** The CSV file name's part naming the timeline. */
  what: string;
  /** Names the amp of an event (venue and organisation timelines). */
  ampName?: AmpNameOf;
}) {
  const { t, i18n } = useTranslation(AUDIT_NS);
  const { t: tIncidents } = useTranslation(INCIDENTS_NS);
  const { t: tMembers } = useMembersText();
  const [values, setValues] = useState<AuditFilterValues>(NO_FILTERS);
  const moments = momentsOf(values.fromDay, values.toDay);
  const filters: AuditFilters = {
    kinds: values.kinds,
    ...(values.actorId === '' ? {} : { actorId: values.actorId }),
    ...(moments.from === undefined ? {} : { from: moments.from }),
    ...(moments.to === undefined ? {} : { to: moments.to }),
  };
  const query = useGetAuditTimelineInfiniteQuery(moments.invalid ? skipToken : { scope, filters }, {
    refetchOnMountOrArgChange: true,
  });
  const text: EventTextOptions = { t, tIncidents, tMembers, language: i18n.language };
  const events = useMemo(() => query.currentData?.pages.flatMap((p) => p.events) ?? [], [query.currentData]);
  const filtered = values.kinds.length > 0 || values.actorId !== '' || values.fromDay !== '' || values.toDay !== '';
  const now = new Date();

  let body;
  if (moments.invalid) body = null;
  else if (!query.currentData && query.isError)
    body = (
      <CenteredMessage title={errorNameOf(query.error) === 'NotFound' ? t('notFound') : t('loadFailed')}>
        <Button variant="outlined" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </CenteredMessage>
    );
  else if (!query.currentData)
    body = (
      <CenteredMessage title={t('loading')}>
        <CircularProgress aria-label={t('loading')} />
      </CenteredMessage>
    );
  else if (events.length === 0)
    body = (
      <CenteredMessage title={filtered ? t('noMatches') : t('empty')}>
        <Typography color="textSecondary">{filtered ? t('noMatchesHint') : t('emptyHint')}</Typography>
      </CenteredMessage>
    );
  else
    body = (
      <Stack spacing={1} aria-label={t('events')} role="region">
        {groupByDay(events).map((g) => (
          <Day
            key={g.day}
            label={dayLabel(g.day, now, t, i18n.language)}
            events={g.events}
            text={text}
            ampName={ampName}
          />
        ))}
        {query.isFetchNextPageError ? <Alert severity="error">{t('loadMoreFailed')}</Alert> : null}
        {query.hasNextPage ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}>
            <Button
              variant="outlined"
              onClick={() => void (query.isFetchingNextPage ? undefined : query.fetchNextPage())}
              aria-disabled={query.isFetchingNextPage || undefined}
              aria-busy={query.isFetchingNextPage}
              startIcon={query.isFetchingNextPage ? <CircularProgress size={16} aria-hidden /> : null}
            >
              {query.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
            </Button>
          </Box>
        ) : null}
      </Stack>
    );

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <FilterControls value={values} onChange={setValues} invalidDates={moments.invalid} />
        </Box>
        <AuditCsvButton scope={scope} filters={filters} what={what} disabled={moments.invalid} />
      </Stack>
      {body}
    </Stack>
  );
}
