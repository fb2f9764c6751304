import { AMP_LIST_ITEM_HEIGHT_PX, AMP_LIST_OVERSCAN } from '@rackside/protocol';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { useDeviceManager } from '../../../device';
import { AmpCard } from './amp-card';
import styles from './amp-list.module.css';

/** How long the shown cards must stay put before they count as visible to the connection manager. */
const VISIBLE_SETTLE_MS = 250;

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
  // the cards on screen keep a live connection in a fleet larger than the browser's socket limit (issue 4), told
  // once the list rests: a fast scroll opens no connection for the cards it passes
  const manager = useDeviceManager();
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => {
    const timer = setTimeout(() => manager.setVisible?.(ids.slice(first, last + 1)), VISIBLE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [manager, ids, first, last]);
  return (
    <div ref={scrollRef} className={styles.scroll}>
      <div
        role="list"
        aria-label={t('list.label')}
        className={styles.items}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const ampId = ids[item.index];
          if (ampId === undefined) return null;
          return (
            <div
              key={item.key}
              role="listitem"
              aria-setsize={ids.length}
              aria-posinset={item.index + 1}
              // each card in its fixed 156 px slot, the 8 px gap under it inside (amp-list.module.css)
              className={styles.item}
              style={{ height: AMP_LIST_ITEM_HEIGHT_PX, transform: `translateY(${item.start}px)` }}
            >
              <AmpCard ampId={ampId} selected={open === ampId} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
