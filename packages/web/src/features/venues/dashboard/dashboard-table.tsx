import { Box, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { hiddenLogCountLabel, latestLogLine, logLineCount } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DASHBOARD_NS } from './dashboard-i18n';
import { ampPath, type DashboardAmpRow } from './dashboard-rows';
import { splitLogLine } from './log-line';

/** Long log lines and names wrap anywhere rather than widen the page (390 px screens). */
const wrap = { overflowWrap: 'anywhere' } as const;

/** spec 1 §2: the latest entry of a device log and the '(+n)' count of the entries behind it. */
function LatestLine({ log, kind }: { log: string; kind: 'fault' | 'event' }) {
  const { t, i18n } = useTranslation(DASHBOARD_NS);
  const latest = latestLogLine(log);
  if (latest === '') return null;
  const { text, at } = splitLogLine(latest);
  const more = hiddenLogCountLabel(log);
  return (
    <Box data-log={kind} sx={{ '& + &': { mt: 0.75 } }}>
      <Typography variant="body2" sx={{ ...wrap, color: kind === 'fault' ? 'error.main' : 'text.primary' }}>
        {text}
        {more ? (
          <Box
            component="span"
            title={t('table.more', { count: logLineCount(log) - 1 })}
            sx={{ ml: 0.5, color: 'text.secondary', whiteSpace: 'nowrap' }}
          >
            {more}
          </Box>
        ) : null}
      </Typography>
      {at ? (
        <Typography variant="caption" component="time" dateTime={at.toISOString()} sx={{ color: 'text.secondary' }}>
          {at.toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' })}
        </Typography>
      ) : null}
    </Box>
  );
}

function Status({ connected }: { connected: boolean }) {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: connected ? 'success.main' : 'text.disabled' }}
      />
      <Typography variant="body2" component="span" sx={{ color: connected ? 'text.primary' : 'text.secondary' }}>
        {connected ? t('table.online') : t('table.offline')}
      </Typography>
    </Box>
  );
}

function AmpLink({ row }: { row: DashboardAmpRow }) {
  return (
    <Link component={RouterLink} to={ampPath(row)} underline="hover" sx={{ ...wrap, fontWeight: 500 }}>
      {row.ampName}
    </Link>
  );
}

function FirmwareLink() {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <Link component={RouterLink} to="/update" variant="body2" underline="hover" sx={{ whiteSpace: 'nowrap' }}>
      {t('table.update')}
    </Link>
  );
}

/**
 * spec 1 §2 amp table: venue, amp, status, firmware-update link, latest fault and latest event. `compact` (narrow
 * main areas) folds them into two columns: the amp with its venue, status and firmware, then its latest lines.
 */
export function DashboardTable({ rows, compact }: { rows: readonly DashboardAmpRow[]; compact: boolean }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const head = compact
    ? [t('table.amp'), t('table.latest')]
    : [t('table.venue'), t('table.amp'), t('table.status'), t('table.firmware'), t('table.fault'), t('table.event')];
  return (
    <TableContainer>
      <Table size="small" aria-label={t('table.label')}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.venueId}/${row.ampId}`} data-amp={row.ampId}>
              {compact ? (
                <>
                  <TableCell sx={{ verticalAlign: 'top', width: '40%' }}>
                    <AmpLink row={row} />
                    <Typography variant="body2" sx={{ ...wrap, color: 'text.secondary' }}>
                      {row.venueName}
                    </Typography>
                    <Status connected={row.isConnected} />
                    {row.hasAvailableFirmwareUpdate ? (
                      <div>
                        <FirmwareLink />
                      </div>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <LatestLine log={row.faults} kind="fault" />
                    <LatestLine log={row.events} kind="event" />
                  </TableCell>
                </>
              ) : (
                <>
                  <TableCell sx={wrap}>{row.venueName}</TableCell>
                  <TableCell>
                    <AmpLink row={row} />
                  </TableCell>
                  <TableCell>
                    <Status connected={row.isConnected} />
                  </TableCell>
                  <TableCell>{row.hasAvailableFirmwareUpdate ? <FirmwareLink /> : null}</TableCell>
                  <TableCell>
                    <LatestLine log={row.faults} kind="fault" />
                  </TableCell>
                  <TableCell>
                    <LatestLine log={row.events} kind="event" />
                  </TableCell>
                </>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
