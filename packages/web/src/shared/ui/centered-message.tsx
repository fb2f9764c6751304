import type { ReactNode } from 'react';
import styles from './centered-message.module.css';

/**
 * A title and optional text centred in the space it is given (empty states, not-found, coming pages). Plain React
 * and CSS (the amp list's empty states and its select-an-amp prompt are on the first route, docs/adr/0004).
 */
export function CenteredMessage({
  title,
  children,
  headingLevel = 'h2',
}: {
  title: string;
  children?: ReactNode;
  headingLevel?: 'h1' | 'h2';
}) {
  const Heading = headingLevel;
  return (
    <div className={styles.box}>
      <div className={styles.stack}>
        <Heading className={styles.title}>{title}</Heading>
        {children}
      </div>
    </div>
  );
}

/** A line of secondary text under a CenteredMessage's title (MUI's body1 in the secondary text colour). */
export function MessageText({ children }: { children: ReactNode }) {
  return <p className={styles.text}>{children}</p>;
}
