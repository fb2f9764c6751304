import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useGetIncidentQuery } from '../api/incidents-api';
import { INCIDENTS_NS } from '../incidents-i18n';
import { IncidentTime } from './incident-time';

/** An incident's timeline, oldest first: opened, notified (to whom), reminded, escalated, acknowledged (by whom). */
export function IncidentTimeline({ incidentId, label, now }: { incidentId: string; label: string; now: number }) {
  const { t } = useTranslation(INCIDENTS_NS);
  const { data, isLoading, isError } = useGetIncidentQuery(incidentId, { refetchOnMountOrArgChange: true });
  if (isLoading) return <CircularProgress size={20} aria-label={t('timeline.loading')} />;
  if (!data || isError)
    return (
      <Typography variant="body2" color="error">
        {t('timeline.loadFailed')}
      </Typography>
    );
  if (data.timeline.length === 0)
    return (
      <Typography variant="body2" color="textSecondary">
        {t('timeline.empty')}
      </Typography>
    );
  return (
    <Box component="ol" aria-label={label} sx={{ m: 0, pl: 2.5 }}>
      {data.timeline.map((e, n) => {
        const what = t(`timeline.event.${e.type}`);
        return (
          <Box component="li" key={`${e.at}-${n}`} data-event={e.type} sx={{ typography: 'body2', py: 0.25 }}>
            {e.actor ? t('timeline.by', { what, who: e.actor }) : what}
            {e.detail ? (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {' '}
                · {e.detail}
              </Box>
            ) : null}{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              · <IncidentTime iso={e.at} now={now} />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
