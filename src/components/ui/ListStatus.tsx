import { Button } from './Button.tsx';
import styles from './list-status.module.css';

export type ListState = 'loading' | 'ready' | 'end' | 'empty' | 'failed';

export interface ListStatusProps {
  state: ListState;
  texts: { loading: string; end: string; empty: string; failed: string; retry: string };
  onRetry?: () => void;
}

/** The line under an infinite list: loading, end of list, empty or failed with a retry. */
export function ListStatus({ state, texts, onRetry }: ListStatusProps) {
  if (state === 'ready') return null;
  return (
    <div className={styles.status} role={state === 'failed' ? 'alert' : 'status'} data-testid="list-status">
      {state === 'loading' && texts.loading}
      {state === 'end' && texts.end}
      {state === 'empty' && texts.empty}
      {state === 'failed' && (
        <>
          <span>{texts.failed}</span>
          {onRetry && (
            <Button variant="ghost" onClick={onRetry}>
              {texts.retry}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
