import { Box } from '@mui/material';
import { LoadingSpinner } from './loading-spinner';

/** Shown while a lazily loaded screen arrives (no text: it is rarely on screen long enough to read). */
export function LoadingScreen() {
  return (
    <Box sx={{ display: 'flex', flex: 1, alignItems: 'center', justifyContent: 'center', p: 4 }}>
      <LoadingSpinner />
    </Box>
  );
}
