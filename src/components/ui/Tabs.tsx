import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

export interface TabsProps<K extends string> {
  items: readonly TabItem<K>[];
  value: K;
  onChange(key: K): void;
  label: string;
  /** The id of the {@link TabPanel} these tabs control (from useId): each tab names it in aria-controls. */
  panelId?: string;
}

/** The id of the tab of `key` in the tab list controlling `panelId`. */
const tabId = (panelId: string, key: string): string => `${panelId}-tab-${key}`;

/**
 * Tab list with arrow-key navigation (WAI-ARIA tabs pattern), mirrored in right-to-left pages. With a
 * `panelId`, the tabs are linked to the {@link TabPanel} they control.
 */
export function Tabs<K extends string>({ items, value, onChange, label, panelId }: TabsProps<K>) {
  const ownId = useId();
  const baseId = panelId ?? ownId;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const forward = getComputedStyle(event.currentTarget).direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
    const step = event.key === forward ? 1 : event.key === backward ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + items.length) % items.length;
    const item = items[next];
    if (!item) return;
    onChange(item.key);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={styles.tabs}>
      {items.map((item, index) => {
        const selected = item.key === value;
        return (
          <button
            key={item.key}
            ref={(el) => {
              refs.current[index] = el;
            }}
            id={tabId(baseId, item.key)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(item.key)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/** The content a {@link Tabs} list controls, labelled by its selected tab. */
export function TabPanel({
  id,
  tabKey,
  className,
  children,
}: {
  id: string;
  tabKey: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="tabpanel" id={id} aria-labelledby={tabId(id, tabKey)} className={className}>
      {children}
    </div>
  );
}
