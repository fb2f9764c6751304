import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { Incident } from '@rackside/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredMessage } from '../../../shared/ui/centered-message';
import { orderIncidents } from '../incident-format';
import { INCIDENTS_NS } from '../incidents-i18n';
import { IncidentFilters } from './incident-filters';
import { IncidentRow } from './incident-row';
import type { useIncidents } from './use-incidents';
import { useNow } from './use-now';

interface SectionProps {
  readonly title: string;
  readonly incidents: readonly Incident[];
  readonly now: number;
  readonly showAmp: boolean;
}

function Section({ title, incidents, now, showAmp }: SectionProps) {
  const id = useId();
  if (incidents.length === 0) return null;
  return (
    <Stack spacing={1} component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Stack component="ul" spacing={1} aria-label={title} sx={{ m: 0, p: 0 }}>
        {incidents.map((i) => (
          <IncidentRow key={i.incidentId} incident={i} now={now} showAmp={showAmp} />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The filters and the incidents: open ones first, then the history, newest first within each; 'No incidents' when
 * none match; a Retry when they could not be loaded. The filters also apply here, so a list fetched for the previous
 * filter never shows what the new one excludes.
 */
export function IncidentList({ incidents, showAmp }: { incidents: ReturnType<typeof useIncidents>; showAmp: boolean }) {
  const { t } = useTranslation(INCIDENTS_NS);
  const idPrefix = useId();
  const now = useNow();
  const { filters, setFilters, query } = incidents;
  let body;
  if (query.isLoading)
    body = (
      <CenteredMessage title={t('loading')}>
        <CircularProgress aria-label={t('loading')} />
      </CenteredMessage>
    );
  else if (!query.data)
    body = (
      <CenteredMessage title={t('loadFailed')}>
        <Button variant="outlined" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </CenteredMessage>
    );
  else {
    const shown = orderIncidents(query.data).filter(
      (i) =>
        (filters.state === 'all' || i.state === 'open') &&
        (filters.severity === 'all' || i.severity === filters.severity),
    );
    body =
      shown.length === 0 ? (
        <CenteredMessage title={t('empty')}>
          <Typography color="textSecondary">{t('emptyHint')}</Typography>
        </CenteredMessage>
      ) : (
        <Stack spacing={2}>
          <Section
            title={t('openSection')}
            incidents={shown.filter((i) => i.state === 'open')}
            now={now}
            showAmp={showAmp}
          />
          <Section
            title={t('historySection')}
            incidents={shown.filter((i) => i.state !== 'open')}
            now={now}
            showAmp={showAmp}
          />
        </Stack>
      );
  }
  return (
    <Stack spacing={2}>
      <IncidentFilters value={filters} onChange={setFilters} idPrefix={idPrefix} />
      {body}
    </Stack>
  );
}
