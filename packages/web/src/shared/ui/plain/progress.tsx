import styles from './plain.module.css';

/** An indeterminate circular spinner (MUI's CircularProgress, 40 px), named for assistive technology. */
export function Spinner({ label }: { label: string }) {
  return (
    <span role="progressbar" aria-label={label} className={styles.spinner}>
      <svg viewBox="22 22 44 44" aria-hidden="true" focusable="false">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}

/** An indeterminate bar across its container, 4 px high (MUI's LinearProgress). */
export function LinearProgress({ label }: { label: string }) {
  return (
    <span role="progressbar" aria-label={label} className={styles.linear}>
      <span className={styles.linearBar} />
    </span>
  );
}
