import { CircularProgress, Stack } from '@mui/material';

/** A centred spinner named for what it waits for (a progressbar without a name is an axe violation). */
export function Spinner({ label }: { label: string }) {
  return (
    <Stack sx={{ alignItems: 'center', p: 4 }}>
      <CircularProgress aria-label={label} />
    </Stack>
  );
}
