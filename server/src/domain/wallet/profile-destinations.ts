import type { Db } from '../../db/database.ts';
import type { WithdrawalDestinations } from './destinations.ts';

/** The withdrawal destinations bound on the profile screens (issue 11). */
export function profileDestinations(_db: Db): WithdrawalDestinations {
  return { addresses: () => [], card: () => null };
}
