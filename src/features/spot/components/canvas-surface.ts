/**
 * What the spot screen's canvases (the depth chart, the trade tape, the book's sides) share: their
 * size kept by a ResizeObserver, a backing store at the device's pixel ratio, the theme's colours
 * read from its custom properties, the text look, and the 2D context and reduced-motion answer kept
 * (docs/architecture.md#drawn-on-a-canvas).
 */
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../../../lib/session.ts';
import { upColour } from '../../../lib/up-colour.ts';

/** A canvas' size in CSS pixels. */
export interface CanvasSize {
  width: number;
  height: number;
}

/** The theme's colours a canvas draws with (global.css). */
export interface Palette {
  /** Fills and marks: --up and --down. */
  up: string;
  down: string;
  /** Text in the up and down colours: --up-text and --down-text (4.5:1 on the background). */
  upText: string;
  downText: string;
  text: string;
  muted: string;
  line: string;
}

function readPalette(): Palette {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    up: read('--up', '#48b451'),
    down: read('--down', '#db000c'),
    upText: read('--up-text', '#2e7d32'),
    downText: read('--down-text', '#c62828'),
    text: read('--text', '#1a1f2b'),
    muted: read('--muted', '#6b7280'),
    line: read('--line', '#e5e8ef'),
  };
}

/**
 * The palette for the current theme and up colour, read at the first draw after either changed and
 * not per draw (a computed style read in a draw can force a style pass). The getter is new when they
 * change: a draw callback that depends on it draws again at once in the new colours.
 */
export function usePalette(): () => Palette {
  const { redUp } = useSnapshot(upColour);
  const { theme } = useSnapshot(session);
  return useMemo(() => {
    // Made anew for each theme and up colour, so the first draw after a change reads them again.
    void [theme, redUp];
    let colours: Palette | undefined;
    return () => (colours ??= readPalette());
  }, [theme, redUp]);
}

/**
 * The canvas' size, read at mount and then kept by a ResizeObserver: a draw comes right after other
 * rows changed, and reading the size then would lay the page out in the middle of the batch's task.
 * `onResize` runs after each change (a canvas whose content changes rarely draws itself again).
 */
export function useCanvasSize(
  canvas: RefObject<HTMLCanvasElement | null>,
  onResize?: () => void,
): RefObject<CanvasSize | null> {
  const size = useRef<CanvasSize | null>(null);
  const resized = useRef(onResize);
  resized.current = onResize;
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    size.current = { width: element.clientWidth, height: element.clientHeight };
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      if (width === size.current?.width && height === size.current.height) return;
      size.current = { width, height };
      resized.current?.();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canvas]);
  return size;
}

/**
 * Whether the canvas is on the screen, kept by an IntersectionObserver (true until it first reports,
 * and where there is none). A canvas off the screen need not be painted: its paints are JS and a
 * flush of its pixels in the next frame, for nobody. `onShown` runs when it comes on the screen, to
 * paint what it missed; until then it shows its last picture, for one frame at most. The element is
 * looked at after every render: a new one (the book's side after a change of layout) is observed
 * in place of the old, which, gone from the page, would report off the screen for good.
 */
export function useOnScreen(canvas: RefObject<HTMLCanvasElement | null>, onShown: () => void): RefObject<boolean> {
  const onScreen = useRef(true);
  const shown = useRef(onShown);
  shown.current = onShown;
  const watched = useRef<{ element: HTMLCanvasElement; observer: IntersectionObserver } | null>(null);
  useEffect(() => {
    const element = canvas.current;
    if (watched.current?.element === element) return;
    watched.current?.observer.disconnect();
    watched.current = null;
    onScreen.current = true;
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (!entry || entry.isIntersecting === onScreen.current) return;
      onScreen.current = entry.isIntersecting;
      if (onScreen.current) shown.current();
    });
    observer.observe(element);
    watched.current = { element, observer };
  });
  useEffect(() => () => watched.current?.observer.disconnect(), []);
  return onScreen;
}

/** The font a canvas draws its text in, its line's height, and the page's direction at it. */
export interface TextLook {
  font: string;
  lineHeight: number;
  rtl: boolean;
}

/**
 * Reads `element`'s text look from its computed style: call it when the language changes, never
 * in a draw, where it would run the style pass other rows just made due.
 */
export function readTextLook(element: Element): TextLook {
  const style = getComputedStyle(element);
  const fontSize = parseFloat(style.fontSize) || 12;
  return {
    font: `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`,
    lineHeight: parseFloat(style.lineHeight) || Math.round(fontSize * 1.2),
    rtl: style.direction === 'rtl',
  };
}

let reducedMotion: { matches: boolean } | undefined;
/**
 * Whether marks and tints may show: not under prefers-reduced-motion. The answer is kept from the
 * query's change events: reading `matches` in every paint cost about 4 ms/s at 5.5x (a JS profile).
 */
export function motionAllowed(): boolean {
  if (typeof matchMedia !== 'function') return true;
  if (!reducedMotion) {
    const query = matchMedia('(prefers-reduced-motion: reduce)');
    const held = { matches: query.matches };
    query.addEventListener('change', (event) => (held.matches = event.matches));
    reducedMotion = held;
  }
  return !reducedMotion.matches;
}

const contexts = new WeakMap<HTMLCanvasElement, CanvasRenderingContext2D | null>();
/** The canvas' 2D context, kept: asking the canvas for it in each paint cost about 4 ms/s at 5.5x. */
export function contextOf(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  let context = contexts.get(canvas);
  if (context === undefined) contexts.set(canvas, (context = canvas.getContext('2d')));
  return context;
}

/**
 * The canvas' 2D context for drawing in CSS pixels, the backing store made `size` at the device's
 * pixel ratio (set only when it changed: setting it clears the canvas and reallocates).
 */
export function sizeCanvas(canvas: HTMLCanvasElement, size: CanvasSize): CanvasRenderingContext2D | null {
  const context = contextOf(canvas);
  if (!context) return null;
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(size.width * ratio);
  const height = Math.round(size.height * ratio);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  return context;
}

/** The canvas' 2D context as sizeCanvas gives it, cleared: for a canvas painted whole. */
export function fitCanvas(canvas: HTMLCanvasElement, size: CanvasSize): CanvasRenderingContext2D | null {
  const context = sizeCanvas(canvas, size);
  context?.clearRect(0, 0, size.width, size.height);
  return context;
}
