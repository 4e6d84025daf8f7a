import { useTranslation } from 'react-i18next';
import { isolatedLtr, useFormats } from '../../lib/format.ts';
import { lastKnownAt } from '../../lib/last-known.ts';
import styles from './stale-note.module.css';

/**
 * Says that a pair list shows the prices this device last saw, not live ones (offline,
 * or before the first answer), with the time they were live. Renders nothing for a live list.
 */
export function StaleNote({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const at = lastKnownAt(value);
  if (at === null) return null;
  // Isolated: inside an Arabic, Persian or Urdu sentence the date would otherwise trade places with the sentence's comma and colon.
  const time = isolatedLtr(formats.dateTime(at));
  return (
    <p className={styles.note} role="status" data-testid="stale-note">
      <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </svg>
      {t('offline.stale', { time })}
    </p>
  );
}

/** The class that mutes a list's numbers while they are not live ('' for a live list). */
export function staleClass(value: unknown): string {
  return lastKnownAt(value) === null ? '' : (styles.stale ?? '');
}
