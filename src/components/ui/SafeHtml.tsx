import { useMemo } from 'react';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import styles from './safe-html.module.css';

export interface SafeHtmlProps {
  html: string;
  className?: string;
  testId?: string;
}

/**
 * Renders server HTML only after DOMPurify has removed scripts, handlers and unsafe URLs. Its
 * direction follows its own text (dir="auto"): an English notice in an Arabic app reads left to right.
 */
export function SafeHtml({ html, className, testId }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={[styles.html, className ?? ''].join(' ')}
      data-testid={testId}
      dir="auto"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
