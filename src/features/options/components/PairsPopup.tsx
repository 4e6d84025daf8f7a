import { useTranslation } from 'react-i18next';
import type { MarketItem } from '../../../../workers/shared/protocol.ts';
import { PairListDialog } from '../../../components/ui/PairListDialog.tsx';

export interface PairsPopupProps {
  open: boolean;
  pairs: readonly MarketItem[];
  current: string;
  onPick(pair: MarketItem): void;
  onClose(): void;
}

/** The side popup of all pairs (spec §2 Options): BASE/QUOTE, latest close, change; the list refreshes every 2.5 s through the engine. */
export function PairsPopup(props: PairsPopupProps) {
  const { t } = useTranslation();
  return <PairListDialog {...props} title={t('options.pairs.title')} closeLabel={t('common.close')} testId="option-pairs" />;
}
