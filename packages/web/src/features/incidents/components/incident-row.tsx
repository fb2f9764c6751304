import { Box, Button, buttonClasses, Chip, Collapse, Link, Paper, Stack, Tooltip, Typography } from '@mui/material';
import type { Incident } from '@rackside/protocol';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePermission } from '../../../shared/cloud/use-organisation';
import { useAcknowledgeIncidentMutation } from '../api/incidents-api';
import { conditionText, durationText } from '../incident-format';
import { INCIDENTS_NS } from '../incidents-i18n';
import { IncidentTime } from './incident-time';
import { IncidentTimeline } from './incident-timeline';
import { SeverityLabel } from './severity-label';

const ampPath = (i: Incident) => `/venues/${encodeURIComponent(i.venueId)}/amps/${encodeURIComponent(i.deviceId)}`;

function Acknowledge({ incident, text }: { incident: Incident; text: string }) {
  const { t } = useTranslation(INCIDENTS_NS);
  const [acknowledge, { isLoading, isError }] = useAcknowledgeIncidentMutation();
  // issue 21: a role without incident.ack sees the button off (still focusable) and why
  const ack = usePermission('incident.ack');
  const reasonId = `ack-reason-${incident.incidentId}`;
  if (!ack.allowed)
    return (
      <>
        <Button
          size="small"
          variant="contained"
          aria-disabled="true"
          aria-describedby={reasonId}
          className={buttonClasses.disabled}
          aria-label={t('row.acknowledgeLabel', { text, amp: incident.deviceName })}
        >
          {t('row.acknowledge')}
        </Button>
        <Typography id={reasonId} variant="caption" color="textSecondary">
          {ack.reason}
        </Typography>
      </>
    );
  return (
    <>
      <Button
        size="small"
        variant="contained"
        loading={isLoading}
        aria-label={t('row.acknowledgeLabel', { text, amp: incident.deviceName })}
        onClick={() => void acknowledge(incident.incidentId)}
      >
        {t('row.acknowledge')}
      </Button>
      {isError ? (
        <Typography role="alert" variant="body2" color="error">
          {t('row.ackFailed')}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * One incident: severity (icon and word), the amp, what happened, opened and resolved (relative, absolute on hover),
 * how long, flapping, who acknowledged; Acknowledge while open and unacknowledged; its timeline on demand.
 */
export function IncidentRow({ incident, now, showAmp = true }: { incident: Incident; now: number; showAmp?: boolean }) {
  const { t, i18n } = useTranslation(INCIDENTS_NS);
  const [expanded, setExpanded] = useState(false);
  const timelineId = useId();
  const text = conditionText(t, incident.condition);
  const end = incident.resolvedAt ? Date.parse(incident.resolvedAt) : now;
  const duration = durationText(end - Date.parse(incident.openedAt), i18n.language) ?? t('duration.lessThanMinute');
  const open = incident.state === 'open';
  return (
    <Paper component="li" variant="outlined" data-incident={incident.incidentId} sx={{ p: 1.5, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <SeverityLabel severity={incident.severity} />
        {showAmp ? (
          <Link component={RouterLink} to={ampPath(incident)} underline="hover" sx={{ fontWeight: 500 }}>
            {incident.deviceName || incident.deviceId}
          </Link>
        ) : null}
        {incident.flapping ? (
          <Tooltip title={t('row.flappingHint', { count: incident.flapCount })}>
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={t('row.flapping', { count: incident.flapCount })}
            />
          </Tooltip>
        ) : null}
      </Stack>
      <Typography variant="body1" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
      <Typography variant="body2" color="textSecondary" component="div" sx={{ mt: 0.5 }}>
        {t('row.opened')} <IncidentTime iso={incident.openedAt} now={now} /> ·{' '}
        {incident.resolvedAt ? (
          <>
            {t('row.resolved')} <IncidentTime iso={incident.resolvedAt} now={now} />
          </>
        ) : (
          t('row.stillOpen')
        )}{' '}
        · {t('row.duration')} {duration}
      </Typography>
      {incident.acknowledgedAt ? (
        <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
          {incident.acknowledgedBy ? t('row.acknowledgedBy', { name: incident.acknowledgedBy }) : t('row.acknowledged')}{' '}
          · <IncidentTime iso={incident.acknowledgedAt} now={now} />
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {open && !incident.acknowledgedAt ? <Acknowledge incident={incident} text={text} /> : null}
        <Button size="small" aria-expanded={expanded} aria-controls={timelineId} onClick={() => setExpanded((e) => !e)}>
          {t('row.timeline')}
        </Button>
      </Stack>
      <Collapse in={expanded} unmountOnExit>
        <Box id={timelineId} sx={{ mt: 1 }}>
          <IncidentTimeline
            incidentId={incident.incidentId}
            label={t('row.timelineLabel', { text, amp: incident.deviceName })}
            now={now}
          />
        </Box>
      </Collapse>
    </Paper>
  );
}
