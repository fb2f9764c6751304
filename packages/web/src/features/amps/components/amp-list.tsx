import { Box } from '@mui/material';
import { AMP_LIST_ITEM_HEIGHT_PX, AMP_LIST_OVERSCAN } from '@rackside/protocol';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { AmpCard } from './amp-card';

/** The gap under each card, inside its fixed 156 px slot. */
const GAP_PX = 8;

/** spec 2 §2: virtual-scrolled cards of fixed height 156 px, overscan 2. */
export function AmpList({ ids }: { ids: readonly string[] }) {
  const { t } = useTranslation('amps');
  const scrollRef = useRef<HTMLDivElement>(null);
  const open = useMatch('/amps/:ampId/*')?.params.ampId;
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => AMP_LIST_ITEM_HEIGHT_PX,
    overscan: AMP_LIST_OVERSCAN,
    getItemKey: (index) => ids[index] ?? index,
  });
  return (
    <Box ref={scrollRef} sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: 1.5, pt: 1.5 }}>
      <Box role="list" aria-label={t('list.label')} sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const ampId = ids[item.index];
          if (ampId === undefined) return null;
          return (
            <Box
              key={item.key}
              role="listitem"
              aria-setsize={ids.length}
              aria-posinset={item.index + 1}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: AMP_LIST_ITEM_HEIGHT_PX,
                pb: `${GAP_PX}px`,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <AmpCard ampId={ampId} selected={open === ampId} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
