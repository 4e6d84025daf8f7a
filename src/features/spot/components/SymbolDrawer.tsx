import { useTranslation } from 'react-i18next';
import type { MarketItem } from '../../../../common/protocol.ts';
import { PairListDialog } from '../../../components/ui/PairListDialog.tsx';
import { usePairList } from '../../../lib/shown-pair.ts';

/** The symbol-list drawer of the spot screen; it reads the pair list itself, so a poll renders the drawer, not the screen. */
export function SymbolDrawer(props: {
  open: boolean;
  current: string;
  onPick(pair: MarketItem): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const pairs = usePairList('homeMarkets');
  return (
    <PairListDialog
      {...props}
      pairs={pairs}
      title={t('spot.drawer.title')}
      closeLabel={t('common.close')}
      testId="symbol-drawer"
    />
  );
}
