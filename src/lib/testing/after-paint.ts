/**
 * Test support (vitest, jsdom): waits, inside act, for work that components/ui/after-next-paint.ts
 * leaves for after the next paint. Callbacks run in the order they were asked for, so this frame and
 * its task come after those of the work asked for before. Only tests import it.
 */
import { act } from '@testing-library/react';

export async function afterPaint(): Promise<void> {
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
