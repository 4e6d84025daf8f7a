import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { useListTexts } from '../../../lib/use-list-texts.ts';

/** "Failed to load" with a retry, in the spec's words (§8), where a screen's first read failed. */
export function LoadFailed({ onRetry }: { onRetry(): void }) {
  const texts = useListTexts();
  return <ListStatus state="failed" texts={texts} onRetry={onRetry} />;
}
