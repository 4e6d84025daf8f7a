import styles from './wallet.module.css';

/** A coin's logo, or its first letter when it has none. */
export function CoinIcon({ logo, name }: { logo: string; name: string }) {
  if (logo) return <img className={styles.coinIcon} src={logo} alt="" width={28} height={28} />;
  return (
    <span className={styles.coinLetter} aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}
