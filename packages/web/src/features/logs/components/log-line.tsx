/**
 * One log line (issue 18): its time in the user's language and time zone, the amp's own UTC stamp on hover, then its
 * text. A line without a stamp shows as the amp wrote it.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { splitLogLine } from '../log-text';
import { LOGS_NS } from '../logs-i18n';

export function LogLine({ line, format }: { line: string; format: Intl.DateTimeFormat }) {
  const { t } = useTranslation(LOGS_NS);
  const { stamp, text } = splitLogLine(line);
  return (
    <Box component="li" sx={{ py: 0.25, overflowWrap: 'anywhere' }}>
      {stamp && (
        <>
          <time dateTime={stamp.iso} title={t('utc', { time: stamp.iso })}>
            {format.format(stamp.at)}
          </time>{' '}
        </>
      )}
      {text}
    </Box>
  );
}
