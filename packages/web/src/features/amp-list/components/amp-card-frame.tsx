import type { AmpSummary } from '@rackside/protocol';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ampPath } from '../../../shared/amp-pages';
import { lockGlyph } from '../../../shared/ui/plain/glyphs';
import { Icon } from '../../../shared/ui/plain/icon';
import styles from './amp-list.module.css';

/** The theme colours a card's edge takes (MUI palette names, as the venue cards also pass them). */
const EDGES: Record<string, string> = {
  'error.main': 'var(--rs-error)',
  'warning.main': 'var(--rs-warning)',
  'success.main': 'var(--rs-success)',
  divider: 'var(--rs-divider)',
};

/**
 * The card's frame: a coloured edge (red for a disconnected amp), the name linking to the amp, the address line.
 * `to` is where the name links (default: the amp's channels in local mode); null shows the name without a link.
 * Plain React and CSS (the amp list is the first route, docs/adr/0004).
 */
export function AmpCardFrame(props: {
  summary: AmpSummary;
  selected: boolean;
  /** 'error.main', 'warning.main', 'success.main' or 'divider'. */
  edge: string;
  to?: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('amps');
  const { summary } = props;
  const name = summary.deviceName || t('card.unnamed');
  const to = props.to === undefined ? ampPath(summary.ampId, 'channels') : props.to;
  return (
    <div
      data-amp={summary.ampId}
      className={`${styles.card} ${props.selected ? styles.selected : ''}`}
      style={{ borderLeftColor: EDGES[props.edge] ?? EDGES.divider }}
    >
      <div className={styles.nameRow}>
        {to === null ? (
          <p className={styles.name} aria-disabled>
            {name}
          </p>
        ) : (
          <RouterLink to={to} className={styles.name} aria-current={props.selected ? 'page' : undefined}>
            {name}
          </RouterLink>
        )}
        {summary.isPasswordProtected ? (
          <Icon glyph={lockGlyph()} small tone="action" title={t('card.passwordProtected')} />
        ) : null}
      </div>
      <p className={styles.line}>{summary.ipAddress || t('card.noIp')}</p>
      <p className={styles.line}>{summary.modelID}</p>
      <div className={styles.foot}>{props.children}</div>
    </div>
  );
}
