import CircularProgress, { type CircularProgressProps } from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** MUI's spinner with an accessible name ('Loading…'): a progressbar without one is an axe violation. */
export function LoadingSpinner(props: CircularProgressProps) {
  const { t } = useTranslation('common');
  return <CircularProgress aria-label={t('loading')} {...props} />;
}
