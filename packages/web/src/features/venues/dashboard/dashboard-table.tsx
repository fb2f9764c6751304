import { Box, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DASHBOARD_NS } from './dashboard-i18n';
import { ampPath, type DashboardAmpRow } from './dashboard-rows';
import { LatestEvent, LatestFault } from './latest-lines';

/** Long log lines and names wrap anywhere rather than widen the page (390 px screens). */
const wrap = { overflowWrap: 'anywhere' } as const;

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
                    <LatestFault faults={row.openFaults} venueId={row.venueId} />
                    <LatestEvent log={row.events} />
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
                    <LatestFault faults={row.openFaults} venueId={row.venueId} />
                  </TableCell>
                  <TableCell>
                    <LatestEvent log={row.events} />
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
