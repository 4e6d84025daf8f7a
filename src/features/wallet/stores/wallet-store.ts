import { proxy, useSnapshot } from 'valtio';
import { loadHideAmounts, saveHideAmounts } from '../../../lib/client-storage.ts';

/** Whether amounts on the assets screens show as **** (docs/product-rules.md#assets), remembered between visits. */
export const walletStore = proxy<{ hideAmounts: boolean }>({ hideAmounts: loadHideAmounts() });

export function toggleHideAmounts(): void {
  walletStore.hideAmounts = !walletStore.hideAmounts;
  saveHideAmounts(walletStore.hideAmounts);
}

/** The mask shown instead of a hidden amount. */
export const HIDDEN_AMOUNT = '****';

/** The eye's state for rendering. */
export function useHideAmounts(): boolean {
  return useSnapshot(walletStore).hideAmounts;
}
