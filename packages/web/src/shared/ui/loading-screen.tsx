import { Box, CircularProgress } from '@mui/material';

/** Shown while a lazily loaded screen arrives (no text: it is rarely on screen long enough to read). */
export function LoadingScreen() {
  return (
    <Box sx={{ display: 'flex', flex: 1, alignItems: 'center', justifyContent: 'center', p: 4 }}>
      <CircularProgress />
    </Box>
  );
}
