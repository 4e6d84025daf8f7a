import { useTranslation } from 'react-i18next';
import type { MarketItem } from '../../../../common/protocol.ts';
import { PairListDialog } from '../../../components/ui/PairListDialog.tsx';
import { usePairList } from '../../../lib/shown-pair.ts';

export interface PairsPopupProps {
  open: boolean;
  current: string;
  onPick(pair: MarketItem): void;
  onClose(): void;
}

/**
 * The side popup of all pairs (docs/product-rules.md#options): BASE/QUOTE, latest close, change; the list
 * refreshes every 2.5 s through the engine. It reads the list itself, so a poll renders the popup,
 * not the screen.
 */
export function PairsPopup(props: PairsPopupProps) {
  const { t } = useTranslation();
  const pairs = usePairList('optionPairs');
  return (
    <PairListDialog
      {...props}
      pairs={pairs}
      title={t('options.pairs.title')}
      closeLabel={t('common.close')}
      testId="option-pairs"
    />
  );
}
