import { proxy } from 'valtio';
import { getUserInfo, type UserInfo } from '../api/get-user-info.ts';

/** The signed-in user's profile (member panel, security screen). */
export const userStore = proxy<{ user: UserInfo | null; loading: boolean; failed: boolean }>({
  user: null,
  loading: false,
  failed: false,
});

/** Loads (or reloads) getUserInfo; a 401 is handled by the api client (token cleared, /login). */
export async function loadUser(): Promise<void> {
  userStore.loading = true;
  try {
    const result = await getUserInfo();
    userStore.user = result.ok ? result.data : null;
    userStore.failed = !result.ok;
  } catch {
    userStore.failed = true;
  } finally {
    userStore.loading = false;
  }
}

/** Identity status text key (docs/product-rules.md#account): 1 under review, 2 certified, anything else awaiting. */
export function identityStatusKey(rzstatus: number): 'awaiting' | 'review' | 'certified' {
  if (rzstatus === 1) return 'review';
  if (rzstatus === 2) return 'certified';
  return 'awaiting';
}
