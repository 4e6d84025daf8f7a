import { useTranslation } from 'react-i18next';
import type { MarketItem } from '../../../../workers/shared/protocol.ts';
import { PairListDialog } from '../../../components/ui/PairListDialog.tsx';

/** The symbol-list drawer of the spot screen. */
export function SymbolDrawer(props: { open: boolean; pairs: readonly MarketItem[]; current: string; onPick(pair: MarketItem): void; onClose(): void }) {
  const { t } = useTranslation();
  return <PairListDialog {...props} title={t('spot.drawer.title')} closeLabel={t('common.close')} testId="symbol-drawer" />;
}
