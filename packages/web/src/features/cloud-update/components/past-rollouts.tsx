/** The caller's rollouts, newest first; View opens one in the progress view. */
import {
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useListRolloutsQuery } from '../api/rollouts-api';
import { CLOUD_UPDATE_NS } from '../cloud-update-i18n';
import { formatVersions, formatWhen } from '../rollout-format';

export function PastRollouts({ onView }: { onView: (rolloutId: string) => void }) {
  const { t, i18n } = useTranslation(CLOUD_UPDATE_NS);
  const { data } = useListRolloutsQuery();
  const headingId = useId();
  if (!data) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('past.heading')}
      </Typography>
      {data.rollouts.length === 0 ? (
        <Typography color="textSecondary">{t('past.empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('past.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('past.started')}</TableCell>
                <TableCell>{t('past.state')}</TableCell>
                <TableCell>{t('past.versions')}</TableCell>
                <TableCell>{t('past.amps')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.rollouts.map((r) => {
                const at = formatWhen(r.createdAt, i18n.language);
                return (
                  <TableRow key={r.rolloutId}>
                    <TableCell>{at}</TableCell>
                    <TableCell>{t(`progress.state.${r.state}`)}</TableCell>
                    <TableCell>{formatVersions(r.versions)}</TableCell>
                    <TableCell>
                      {t('progress.counts', {
                        success: r.counts.success,
                        failure: r.counts.failure + r.counts.requestFailed,
                        skipped: r.counts.skipped,
                        total: r.total,
                      })}
                    </TableCell>
                    <TableCell align="right">
                      <Button size="small" onClick={() => onView(r.rolloutId)} aria-label={t('past.viewLabel', { at })}>
                        {t('past.view')}
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
