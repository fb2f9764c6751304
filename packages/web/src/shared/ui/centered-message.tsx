import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A title and optional text centred in the space it is given (empty states, not-found, coming pages). */
export function CenteredMessage({
  title,
  children,
  headingLevel = 'h2',
}: {
  title: string;
  children?: ReactNode;
  headingLevel?: 'h1' | 'h2';
}) {
  return (
    <Box sx={{ display: 'flex', flex: 1, alignItems: 'center', justifyContent: 'center', p: 3, minHeight: 200 }}>
      <Stack spacing={1.5} sx={{ maxWidth: 420, textAlign: 'center', alignItems: 'center' }}>
        <Typography variant="h6" component={headingLevel}>
          {title}
        </Typography>
        {children}
      </Stack>
    </Box>
  );
}
