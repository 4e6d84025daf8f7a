import type { ReactNode } from 'react';
import { Link } from 'wouter';
import styles from './tab-bar.module.css';

export interface TabBarItem {
  key: string;
  href: string;
  label: string;
  icon: ReactNode;
  active: boolean;
}

/** The bottom tab bar of the footer tabs (docs/product-rules.md#home), above the safe-area inset. */
export function TabBar({ items, label }: { items: readonly TabBarItem[]; label: string }) {
  return (
    <nav className={styles.bar} aria-label={label}>
      {items.map((item) => (
        <Link
          key={item.key}
          href={item.href}
          className={styles.tab}
          aria-current={item.active ? 'page' : undefined}
          data-testid={`tab-${item.key}`}
        >
          {item.icon}
          <span className={styles.label}>{item.label}</span>
        </Link>
      ))}
    </nav>
  );
}
