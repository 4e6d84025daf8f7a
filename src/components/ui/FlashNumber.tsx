import { useEffect, useState } from 'react';
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

type Flash = 'up' | 'down';

/** What the element shows: the value it last rendered, its tint, and how many moves it has shown (restarts the tint's clock). */
interface Shown {
  value: string;
  identity: string | undefined;
  flash: Flash | null;
  moves: number;
}

/**
 * The element after `value` replaced what it showed: a rise or fall tints it. A value of another
 * identity is compared with `previous`, what that identity had before it came here; without one,
 * or unchanged, the tint ends (it belonged to the identity before).
 */
function nextShown(shown: Shown, value: string, identity: string | undefined, previous: string | undefined): Shown {
  const moved = shown.identity !== identity;
  const from = moved ? previous : shown.value;
  const move = from === undefined ? 0 : compare(from, value);
  if (move === 0) return { value, identity, flash: moved ? null : shown.flash, moves: shown.moves };
  return { value, identity, flash: move > 0 ? 'up' : 'down', moves: shown.moves + 1 };
}

/** A live number that flashes the up or down colour briefly when its value rises or falls (docs/product-rules.md#look-and-feel). */
export function FlashNumber({ value, text, className, testId, identity, previous }: FlashNumberProps) {
  const [shown, setShown] = useState<Shown>({ value, identity, flash: null, moves: 0 });
  // The tint is worked out while rendering the new value, so both reach the screen in one commit and
  // one frame: set from an effect, it took a second render and a second frame after every change.
  let current = shown;
  if (shown.value !== value || shown.identity !== identity) {
    current = nextShown(shown, value, identity, previous);
    setShown(current);
  }
  const { flash, moves } = current;
  // The tint ends FLASH_MS after the last move; a value that compares equal ("1.0" after "1") keeps its clock.
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setShown((now) => ({ ...now, flash: null })), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash, moves]);
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
