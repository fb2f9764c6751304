/**
 * The frame of an amp's settings pages (network, 802.1X, power): the heading, why nothing can be changed (cloud mode,
 * a guest), the sections in a grid, and the page's actions (a Reset/Save bar) below them.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const COLUMNS = {
  /** As many columns of at least 300 px as fit. */
  fill: 'repeat(auto-fill, minmax(300px, 1fr))',
  /** Two equal columns (a form beside its files). */
  two: 'repeat(2, minmax(0, 1fr))',
} as const;

export interface AmpSettingsPageProps {
  title: string;
  /** Why nothing on the page can be changed; shown above the sections. */
  readOnlyNote?: string | undefined;
  /** The column layout on wide screens; one column on narrow ones. */
  columns?: keyof typeof COLUMNS;
  /** The sections (FormSection). */
  children: ReactNode;
  /** Below the sections: the Reset/Save bar of a page that saves on demand (pages that write at once have none). */
  actions?: ReactNode;
}

export function AmpSettingsPage({ title, readOnlyNote, columns = 'fill', children, actions }: AmpSettingsPageProps) {
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {readOnlyNote ? <Alert severity="info">{readOnlyNote}</Alert> : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: COLUMNS[columns] },
          alignItems: 'start',
        }}
      >
        {children}
      </Box>
      {actions}
    </Box>
  );
}
