/** The frame of one EQ filter card (spec 2 §2): title, enable, type, collapsible summary, then sliders, Flatten, Reset. */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useChannelsText } from '../../i18n';
import { ExpandIcon } from '../icons';

export interface FilterCardShellProps {
  /** The filter's number as labelled (1-8; FIR 9-24). */
  number: number;
  enable: ReactNode;
  type: ReactNode;
  summary: string;
  children: ReactNode;
  /** Absent when the filter type has no gain. */
  onFlatten?: (() => void) | undefined;
  onReset: () => void;
  actionsDisabled: boolean;
}

export function FilterCardShell(p: FilterCardShellProps) {
  const { t } = useChannelsText();
  const [open, setOpen] = useState(false);
  const title = t('eq.filter', { n: p.number });
  return (
    <Card component="section" aria-label={title} variant="outlined" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" sx={{ minWidth: 64 }}>
          {title}
        </Typography>
        {p.enable}
        {p.type}
        <Typography variant="body2" color="textSecondary" sx={{ flex: 1, minWidth: 120 }}>
          {p.summary}
        </Typography>
        <IconButton
          aria-label={t('eq.showSettings', { n: p.number })}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <ExpandIcon sx={{ transform: open ? 'rotate(180deg)' : undefined }} />
        </IconButton>
      </Box>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2, pt: 1 }}>
          {p.children}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, pt: 1 }}>
          {p.onFlatten && (
            <Button size="small" onClick={p.onFlatten} disabled={p.actionsDisabled}>
              {t('eq.flatten')}
            </Button>
          )}
          <Button size="small" onClick={p.onReset} disabled={p.actionsDisabled}>
            {t('eq.reset')}
          </Button>
        </Box>
      </Collapse>
    </Card>
  );
}
