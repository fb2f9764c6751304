import { Box, Paper, Stack, Typography } from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';

/** The frame of the account screens: a centred card with its heading; a form when `onSubmit` is given. */
export function AuthCard(props: { title: string; onSubmit?: FormEventHandler; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, overflow: 'auto' }}>
      <Paper
        {...(props.onSubmit ? { component: 'form' as const, noValidate: true, onSubmit: props.onSubmit } : {})}
        sx={{ p: 3, width: '100%', maxWidth: 440 }}
      >
        <Stack spacing={2.5}>
          <Typography variant="h5" component="h1">
            {props.title}
          </Typography>
          {props.children}
        </Stack>
      </Paper>
    </Box>
  );
}
