import { isRealName } from '../../../../common/profile-rules.ts';
import { api, type ApiResult } from '../../../lib/api-client.ts';

/** The identity form: the real name as typed and the uploaded images' URLs (null until a slot is done). */
export interface IdentityInput {
  realName: string;
  front: string | null;
  back: string | null;
}

export type IdentityField = 'realName' | 'front' | 'back';

/**
 * docs/product-rules.md#identity-verification, in its order: the real name (required, then letters as on the ID, the server's
 * rule too), then the front image, then the back; a missing image's message is its upload tip.
 * Returns the first broken rule, or null.
 */
export function validateIdentity(input: IdentityInput): { field: IdentityField; key: string } | null {
  const name = input.realName.trim();
  if (!name) return { field: 'realName', key: 'profile.identity.nameRequired' };
  if (!isRealName(name)) return { field: 'realName', key: 'profile.identity.nameInvalid' };
  if (!input.front) return { field: 'front', key: 'profile.identity.frontTip' };
  if (!input.back) return { field: 'back', key: 'profile.identity.backTip' };
  return null;
}

/** POST /api/User/usersetReal: the request goes to review; the answer's msg is toasted. */
export function submitIdentity(input: IdentityInput): Promise<ApiResult<{ rzstatus: number } | null>> {
  return api.post(
    '/User/usersetReal',
    { real_name: input.realName.trim(), front_card: input.front, back_card: input.back },
    { successToast: true, lock: 'usersetReal' },
  );
}
