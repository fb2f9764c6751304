import { Box, Typography } from '@mui/material';
import type { AuditEvent } from '@rackside/protocol';
import { fullTime, timeOfDay } from '../audit-dates';
import { whatOf, whereOf, whoOf, type EventTextOptions } from '../event-text';

/** The amp an event is about, by name, where the timeline shows several amps. */
export type AmpNameOf = (event: AuditEvent) => string | undefined;

/**
 * One event, one line: its time, who, what; below in secondary text, the amp (on a venue's or the organisation's
 * timeline) and from where (address, browser).
 */
export function AuditEventRow({
  event,
  text,
  ampName,
}: {
  event: AuditEvent;
  text: EventTextOptions;
  ampName?: AmpNameOf | undefined;
}) {
  const amp = ampName?.(event);
  // the amp's own events on a timeline of several amps: the amp by its name is who
  const who = event.actor === null && amp !== undefined ? amp : whoOf(event, text);
  const where = whereOf(event, text);
  const secondary = [event.actor !== null && amp !== undefined ? text.t('ampLine', { name: amp }) : null, where]
    .filter((s) => s !== null && s !== '')
    .join(' · ');
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <Box
          component="time"
          dateTime={event.at}
          title={fullTime(event.at, text.language)}
          sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums', mr: 1 }}
        >
          {timeOfDay(event.at, text.language)}
        </Box>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {who}
        </Box>{' '}
        {whatOf(event, text)}
      </Typography>
      {secondary ? (
        <Typography variant="caption" color="textSecondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {secondary}
        </Typography>
      ) : null}
    </Box>
  );
}
