/** The dashboard's latest-fault and latest-event cells (spec 1 §2, issue 15). */
import { Box, Link, Typography } from '@mui/material';
import { hiddenLogCountLabel, latestLogLine, logLineCount, type Incident } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { INCIDENTS_NS, SeverityIcon, conditionText } from '../../incidents';
import { DASHBOARD_NS } from './dashboard-i18n';
import { splitLogLine } from './log-line';

/** Long log lines wrap anywhere rather than widen the page (390 px screens). */
const wrap = { overflowWrap: 'anywhere' } as const;

/** spec 1 §2: the latest entry of the event log and the '(+n)' count of the entries behind it. */
export function LatestEvent({ log }: { log: string }) {
  const { i18n } = useTranslation(DASHBOARD_NS);
  const latest = latestLogLine(log);
  if (latest === '') return null;
  const { text, at } = splitLogLine(latest);
  const more = hiddenLogCountLabel(log);
  return (
    <Box data-log="event" sx={{ '[data-log] + &': { mt: 0.75 } }}>
      <Typography variant="body2" sx={wrap}>
        {text}
        {more ? <More count={logLineCount(log) - 1} label={more} /> : null}
      </Typography>
      {at ? <When at={at} language={i18n.language} /> : null}
    </Box>
  );
}

function More({ count, label }: { count: number; label: string }) {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <Box
      component="span"
      title={t('table.more', { count })}
      sx={{ ml: 0.5, color: 'text.secondary', whiteSpace: 'nowrap' }}
    >
      {label}
    </Box>
  );
}

function When({ at, language }: { at: Date; language: string }) {
  return (
    <Typography
      variant="caption"
      component="time"
      dateTime={at.toISOString()}
      sx={{ display: 'block', color: 'text.secondary' }}
    >
      {at.toLocaleString(language, { dateStyle: 'short', timeStyle: 'medium' })}
    </Typography>
  );
}

/**
 * issue 15: the newest OPEN Critical or Warning incident of the amp (icon and colour by severity) with a '(+n)' count
 * of its other open ones, linking to the venue's incidents; a cleared fault never shows here.
 */
export function LatestFault({ faults, venueId }: { faults: readonly Incident[]; venueId: string }) {
  const { t, i18n } = useTranslation(DASHBOARD_NS);
  const { t: ti } = useTranslation(INCIDENTS_NS);
  const [latest] = faults;
  if (!latest) return null;
  const critical = latest.severity === 'Critical';
  return (
    <Box data-log="fault" data-severity={latest.severity}>
      <Typography variant="body2" component="div" sx={{ ...wrap, display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
        <SeverityIcon
          severity={latest.severity}
          sx={{ fontSize: 18, mt: '1px' }}
          titleAccess={ti(`severity.${latest.severity}`)}
        />
        <span>
          <Link
            component={RouterLink}
            to={`/venues/${encodeURIComponent(venueId)}/faults`}
            underline="hover"
            sx={{ color: critical ? 'error.main' : 'warning.dark' }}
          >
            {conditionText(ti, latest.condition)}
          </Link>
          {faults.length > 1 ? (
            <Box
              component="span"
              title={t('table.moreOpen', { count: faults.length - 1 })}
              sx={{ ml: 0.5, color: 'text.secondary', whiteSpace: 'nowrap' }}
            >
              {`(+${faults.length - 1})`}
            </Box>
          ) : null}
        </span>
      </Typography>
      <When at={new Date(latest.openedAt)} language={i18n.language} />
    </Box>
  );
}
