import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_ACCOUNT } from '../../../server/src/db/seed.ts';
import type { Stack } from './stack.ts';
import { apiToken } from './app-helpers.ts';

/** The demo user's token, from the login call itself (set-up for tests that are not about logging in). */
export function demoToken(baseUrl: string): Promise<string> {
  return apiToken(baseUrl, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
}

export interface ScreenOptions {
  /** Signed in with this token; a visitor without one. */
  token?: string | null;
  lang?: string;
  theme?: 'day' | 'night';
  width?: number;
}

/**
 * A phone page whose stored values (client-storage.ts keys) say: this token, language and theme, the
 * home bulletin dismissed for today. A string script: it runs before the app's own.
 */
export async function screenPage(
  stack: Stack,
  options: ScreenOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { token = null, lang = 'en', theme = 'day', width = 375 } = options;
  const { context, page } = await stack.newPage(token ? { token } : {});
  await page.setViewportSize({ width, height: 812 });
  await context.addInitScript({
    content: `
      localStorage.setItem('lang', ${JSON.stringify(lang)});
      localStorage.setItem('theme', ${JSON.stringify(theme)});
    `,
  });
  return { context, page };
}

/** WCAG relative luminance of an `rgb()`/`rgba()` colour and the contrast of two colours, in the page. */
export interface ContrastReport {
  text: string;
  colour: string;
  background: string;
  ratio: number;
}

/**
 * The contrast of each element matched by `selector` against the first opaque background behind
 * it (its own or an ancestor's), as WCAG computes it. Runs in the page.
 */
export function contrastOf(page: Page, selector: string): Promise<ContrastReport[]> {
  return page.evaluate((sel) => {
    const parse = (value: string): number[] => (value.match(/[\d.]+/g) ?? []).map(Number);
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const luminance = ([r = 0, g = 0, b = 0]: number[]) =>
      0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const backgroundOf = (element: Element | null): string => {
      for (let node = element; node; node = node.parentElement) {
        const bg = getComputedStyle(node).backgroundColor;
        const alpha = parse(bg)[3];
        if (bg !== 'transparent' && (alpha === undefined || alpha >= 1)) return bg;
      }
      return getComputedStyle(document.documentElement).backgroundColor;
    };
    return [...document.querySelectorAll(sel)].map((element) => {
      const colour = getComputedStyle(element).color;
      const background = backgroundOf(element);
      const a = luminance(parse(colour));
      const b = luminance(parse(background));
      return {
        text: element.textContent ?? '',
        colour,
        background,
        ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
      };
    });
  }, selector);
}

/** True when the rectangles of `a` and `b` overlap on the screen. Runs in the page. */
export function overlapping(page: Page, a: string, b: string): Promise<string[]> {
  return page.evaluate(
    ([coverSel, contentSel]) => {
      const cover = document.querySelector(coverSel as string)?.getBoundingClientRect();
      if (!cover) return [];
      return [...document.querySelectorAll(contentSel as string)]
        .filter((element) => {
          const r = element.getBoundingClientRect();
          return (
            r.width > 0 &&
            r.height > 0 &&
            r.left < cover.right &&
            r.right > cover.left &&
            r.top < cover.bottom &&
            r.bottom > cover.top
          );
        })
        .map((element) => (element.textContent ?? element.tagName).trim().slice(0, 40));
    },
    [a, b],
  );
}

/**
 * The parts painted over each other inside each row matched by `rows`, as "a × b". The parts are the
 * elements matched by `parts` inside a row. A control counts by its whole box, the area a finger
 * taps; anything else by what it paints (its text, icons and images), which a cell that does not
 * wrap lets run past its own box, so the cell's box alone would not show the overlap.
 */
export function overlappingParts(page: Page, rows: string, parts: string): Promise<string[]> {
  return page.evaluate(
    ([rowSel, partSel]) => {
      const painted = (element: Element): DOMRect | null => {
        if (element.matches('a[href], button')) return element.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(element);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        if (!rects.length) return null;
        const left = Math.min(...rects.map((r) => r.left));
        const top = Math.min(...rects.map((r) => r.top));
        return new DOMRect(
          left,
          top,
          Math.max(...rects.map((r) => r.right)) - left,
          Math.max(...rects.map((r) => r.bottom)) - top,
        );
      };
      // Half a pixel of rounding is not an overlap.
      const meet = (a: DOMRect, b: DOMRect) =>
        a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      const name = (element: Element) =>
        (element.textContent || element.getAttribute('aria-label') || element.tagName).trim().slice(0, 30);
      const found: string[] = [];
      for (const row of document.querySelectorAll(rowSel as string)) {
        const boxes = [...row.querySelectorAll(partSel as string)].flatMap((element) => {
          const box = painted(element);
          return box ? [{ element, box }] : [];
        });
        boxes.forEach((a, i) => {
          for (const b of boxes.slice(i + 1)) {
            if (!a.element.contains(b.element) && !b.element.contains(a.element) && meet(a.box, b.box))
              found.push(`${name(a.element)} × ${name(b.element)}`);
          }
        });
      }
      return found;
    },
    [rows, parts],
  );
}

/** Where text is painted, for the checks below: installed in the page, as page.evaluate cannot pass functions. */
interface TextGeometry {
  /** The range over the characters [from, to) of a text node. */
  range(node: Node, from: number, to: number): Range;
  /** The left edge of the first occurrence of `needle` in the element's text as painted; NaN when absent. */
  leftOf(element: Element, needle: string): number;
}

declare global {
  interface Window {
    textGeometry?: TextGeometry;
  }
}

/** Installs `window.textGeometry` in the page's current document (once). */
async function withTextGeometry(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (window.textGeometry) return;
    const range = (node: Node, from: number, to: number): Range => {
      const made = document.createRange();
      made.setStart(node, from);
      made.setEnd(node, to);
      return made;
    };
    const leftOf = (element: Element, needle: string): number => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node.textContent ?? '').indexOf(needle);
        if (at >= 0) return range(node, at, at + needle.length).getBoundingClientRect().left;
      }
      return Number.NaN;
    };
    window.textGeometry = { range, leftOf };
  });
}

/** The x positions of the first occurrence of each of `chars` inside the element's text, as painted. */
export async function paintedOrder(page: Page, selector: string, chars: string[]): Promise<number[]> {
  await withTextGeometry(page);
  return page.evaluate(
    ([sel, wanted]) => {
      const element = document.querySelector(sel as string);
      const geometry = window.textGeometry as TextGeometry;
      return element ? (wanted as string[]).map((char) => geometry.leftOf(element, char)) : [];
    },
    [selector, chars] as const,
  );
}

/**
 * Controls smaller than 44×44 px (docs/product-rules.md#look-and-feel) among those painted in the viewport's width. Not
 * counted: links inside running text (server HTML, which flows like a paragraph) and a checkbox or
 * radio whose label, the real target, is large enough.
 */
export function smallTargets(page: Page, minPx = 44): Promise<string[]> {
  return page.evaluate((min) => {
    const candidates = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [role="tab"], [role="switch"], [tabindex="0"]',
    );
    const small: string[] = [];
    for (const element of candidates) {
      if (element.closest('[inert]')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let target: HTMLElement = element;
      if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio'))
        target = element.closest('label') ?? element;
      if (element.tagName === 'A' && element.closest('[dir="auto"]')) continue;
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Visually hidden (sr-only) and off-screen elements are not targets anyone taps.
      if (r.width <= 1 || r.height <= 1 || r.right <= 0 || r.left >= window.innerWidth) continue;
      if (r.width < min - 0.5 || r.height < min - 0.5) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? element.tagName).trim().slice(0, 30);
        small.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return small;
  }, minPx);
}

/**
 * What reads badly on a narrow screen: the page scrolling sideways, a field whose text does not fit
 * it, a number broken over two lines (10000.0000 / 0000), an isolated value broken over two
 * (a date from its time, an amount from its coin), and, with `tabs`, a tab label cut off by its
 * tab row. Long values without a space (addresses, hashes) wrap by design, whole, so they do not
 * count; nor do rows of more than three tabs, which scroll by design (tabs.module.css): two or
 * three must fit. The tab check is asked for by the screens that meet it (the spot screen); in
 * Russian at 320 px the home ranking and the recharge tabs still cut a label, so the every-route
 * check does not ask for it yet. With `placeholders`, an empty field whose placeholder does not fit
 * it counts as cut too (a hint that ends mid-word reads as unfinished).
 */
export async function narrowScreenFaults(
  page: Page,
  options: { tabs?: boolean; placeholders?: boolean } = {},
): Promise<{
  sideways: number;
  cutFields: string[];
  brokenNumbers: string[];
  brokenValues: string[];
  cutTabs: string[];
}> {
  await withTextGeometry(page);
  return page.evaluate(
    ({ checkTabs, placeholders }) => {
      const geometry = window.textGeometry as TextGeometry;
      const root = document.documentElement;
      const measure = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      // A placeholder is not in scrollWidth: its text is measured in the field's font against the room inside its padding.
      const placeholderCut = (input: HTMLInputElement): boolean => {
        const style = getComputedStyle(input);
        measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return measure.measureText(input.placeholder).width > room + 0.5;
      };
      const cutFields = [
        ...document.querySelectorAll<HTMLInputElement>(
          'input:not([type="checkbox"]):not([type="radio"]):not([type="file"]):not([type="hidden"])',
        ),
      ]
        .filter((input) => input.offsetWidth > 0)
        .filter((input) =>
          input.value !== ''
            ? input.scrollWidth > input.clientWidth + 1
            : placeholders && input.placeholder !== '' && placeholderCut(input),
        )
        .map(
          (input) =>
            `${input.getAttribute('aria-label') ?? input.labels?.[0]?.textContent ?? input.name}: ${input.value || input.placeholder}`,
        );
      const brokenNumbers: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[+-]?\d[\d.,]*\d/g)) {
          const rects = geometry.range(node, match.index, match.index + match[0].length).getClientRects();
          const lines = new Set([...rects].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) brokenNumbers.push(match[0]);
        }
      }
      // Rects on one line overlap vertically; bold and small parts of one value ("BTC" "/USDT") differ in top only.
      const lineCount = (rects: DOMRect[]): number => {
        const bottoms: number[] = [];
        for (const rect of [...rects].filter((r) => r.width > 0).sort((a, b) => a.top - b.top)) {
          if (!bottoms.length || rect.top >= (bottoms[bottoms.length - 1] as number) - 1) bottoms.push(rect.bottom);
        }
        return bottoms.length;
      };
      const brokenValues = [...document.querySelectorAll('bdi')]
        .filter((bdi) => {
          const text = (bdi.textContent ?? '').trim();
          if (text.length >= 20 && !/\s/.test(text)) return false;
          const range = document.createRange();
          range.selectNodeContents(bdi);
          return lineCount([...range.getClientRects()]) > 1;
        })
        .map((bdi) => bdi.textContent ?? '');
      const cutTabs = [...(checkTabs ? document.querySelectorAll<HTMLElement>('[role="tablist"]') : [])].flatMap(
        (list) => {
          const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')].filter((tab) => tab.offsetWidth > 0);
          if (tabs.length > 3) return [];
          const row = list.getBoundingClientRect();
          return tabs
            .filter((tab) => {
              const box = tab.getBoundingClientRect();
              return box.left < row.left - 1 || box.right > row.right + 1 || tab.scrollWidth > tab.clientWidth + 1;
            })
            .map((tab) => (tab.textContent ?? '').trim());
        },
      );
      return { sideways: root.scrollWidth - root.clientWidth, cutFields, brokenNumbers, brokenValues, cutTabs };
    },
    { checkTabs: options.tabs === true, placeholders: options.placeholders ?? false },
  );
}

/**
 * Amounts with their unit ("150 USDT") that do not read amount first, left to right, as painted: in a
 * right-to-left page a number left bare beside its coin is drawn after it ("USDT 150"). The app
 * writes every such amount number first (the options action bar set it), isolated left to right.
 */
export async function unitsBeforeAmounts(page: Page): Promise<string[]> {
  await withTextGeometry(page);
  return page.evaluate(() => {
    const geometry = window.textGeometry as TextGeometry;
    const amountWithUnit = /^[+-]?\d[\d,.]*\s+[A-Z][A-Z0-9]{1,9}$/;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const text = (element.textContent ?? '').trim();
      if (!amountWithUnit.test(text) || element.offsetWidth === 0) continue;
      // The innermost element that holds the whole amount and its unit.
      if ([...element.children].some((child) => (child.textContent ?? '').trim() === text)) continue;
      const unit = text.slice(text.search(/[A-Z]/));
      if (!(geometry.leftOf(element, text.charAt(0)) < geometry.leftOf(element, unit))) found.push(text);
    }
    return found;
  });
}

/**
 * Signed numbers whose sign is painted after their digits: in a right-to-left page a bare "+8.00"
 * beside words shows as "8.00+". A sign counts where it starts the text or follows a
 * space or a bracket, so the dashes of dates and ranges are not signs.
 */
export async function signsAfterNumbers(page: Page): Promise<string[]> {
  await withTextGeometry(page);
  return page.evaluate(() => {
    const geometry = window.textGeometry as TextGeometry;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const left = (node: Node, from: number, to: number): number =>
      geometry.range(node, from, to).getBoundingClientRect().left;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/(?:^|[\s(])([+-])(\d[\d,.]*)/g)) {
        const sign = match.index + match[0].indexOf(match[1] as string);
        if (left(node, sign, sign + 1) > left(node, sign + 1, sign + 2)) found.push(`${match[1]}${match[2]}`);
      }
    }
    return found;
  });
}
