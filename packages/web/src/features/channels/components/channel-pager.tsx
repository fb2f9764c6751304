/**
 * spec 2 §2 channel pager: numbered round buttons sorted by channel number (the shown window highlighted), previous and
 * next arrows that wrap, fixed at the bottom on narrow screens.
 */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { nextChannel, previousChannel } from '@rackside/protocol';
import { useChannelsText } from '../i18n';
import { NextIcon, PreviousIcon } from './icons';

export interface ChannelPagerProps {
  channels: readonly number[];
  selected: number;
  /** The channels shown at once (protocol pagerWindow). */
  shown: readonly number[];
  narrow: boolean;
  onSelect: (channel: number) => void;
}

const FIXED = {
  position: 'fixed',
  bottom: 0,
  left: 0,
  right: 0,
  zIndex: 'appBar',
  bgcolor: 'background.paper',
  boxShadow: 3,
} as const;

export function ChannelPager({ channels, selected, shown, narrow, onSelect }: ChannelPagerProps) {
  const { t } = useChannelsText();
  const sorted = [...channels].sort((a, b) => a - b);
  const go = (n: number | undefined) => n !== undefined && onSelect(n);
  // the numbers scroll between the arrows when they do not fit (8 channels on a phone); the selected one in view
  const numbers = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = numbers.current;
    const current = box?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!box || !current || box.scrollWidth <= box.clientWidth) return;
    const [outer, inner] = [box.getBoundingClientRect(), current.getBoundingClientRect()];
    box.scrollLeft += inner.left - outer.left - (outer.width - inner.width) / 2;
  }, [selected]);
  return (
    <Box
      component="nav"
      aria-label={t('pager.label')}
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1, p: 1, ...(narrow ? FIXED : {}) }}
    >
      <IconButton
        aria-label={t('pager.previous')}
        onClick={() => go(previousChannel(sorted, selected))}
        sx={{ flexShrink: 0 }}
      >
        <PreviousIcon />
      </IconButton>
      <Box ref={numbers} sx={{ display: 'flex', gap: 1, minWidth: 0, overflowX: 'auto', scrollbarWidth: 'none' }}>
        {sorted.map((n) => (
          <Button
            key={n}
            aria-label={t('pager.channel', { n })}
            aria-current={n === selected ? 'true' : undefined}
            variant={shown.includes(n) ? 'contained' : 'outlined'}
            onClick={() => onSelect(n)}
            sx={{ minWidth: 40, width: 40, height: 40, flexShrink: 0, borderRadius: '50%', p: 0 }}
          >
            {n}
          </Button>
        ))}
      </Box>
      <IconButton aria-label={t('pager.next')} onClick={() => go(nextChannel(sorted, selected))} sx={{ flexShrink: 0 }}>
        <NextIcon />
      </IconButton>
    </Box>
  );
}
