import { useEffect, useRef, useState } from 'react';
import Big from 'big.js';
import styles from './flash-number.module.css';

/** How long a changed number keeps its up/down tint (a class toggle, no layout change). */
export const FLASH_MS = 600;

function compare(previous: string, next: string): -1 | 0 | 1 {
  try {
    return new Big(next).cmp(new Big(previous));
  } catch {
    return 0;
  }
}

export interface FlashNumberProps {
  /** The raw decimal the text is formatted from (compared exactly with big.js). */
  value: string;
  /** What is shown, e.g. the value with 6 decimals. */
  text: string;
  className?: string;
  testId?: string;
  /**
   * What the value belongs to, when the element is reused for other things (a book row, drawn in
   * place, shows another price level when the book moves): a value of another identity is not
   * compared, so a level taking the row does not flash.
   */
  identity?: string;
  /**
   * With `identity`: what this identity's value was before it came to this element, when the parent
   * knows it (a book level that moved rows keeps its last size), so a change still flashes where the
   * value is now drawn. Undefined for an identity that is new.
   */
  previous?: string;
}

/** A live number that flashes the up or down colour briefly when its value rises or falls (docs/product-rules.md#look-and-feel). */
export function FlashNumber({ value, text, className, testId, identity, previous }: FlashNumberProps) {
  const drawn = useRef({ value, identity });
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    const before = drawn.current;
    drawn.current = { value, identity };
    const moved = before.identity !== identity;
    // Another identity taking the element ends the tint, which belonged to the one before.
    const from = moved ? previous : before.value;
    const move = from === undefined ? 0 : compare(from, value);
    if (move === 0) {
      if (moved) setFlash(null);
      return;
    }
    setFlash(move > 0 ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [value, identity, previous]);
  return (
    <span
      className={[styles.number, flash ? styles[flash] : '', className ?? ''].join(' ')}
      data-flash={flash ?? undefined}
      data-testid={testId}
    >
      {text}
    </span>
  );
}
