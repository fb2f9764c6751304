import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { absoluteTime, relativeTime } from '../incident-format';

/** A time as '5 minutes ago', the date and time in the language on hover. */
export function IncidentTime({ iso, now }: { iso: string; now: number }) {
  const { i18n } = useTranslation();
  return (
    <Box component="time" dateTime={iso} title={absoluteTime(iso, i18n.language)}>
      {relativeTime(iso, now, i18n.language)}
    </Box>
  );
}
