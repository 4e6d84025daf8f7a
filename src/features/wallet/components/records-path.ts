/** The record tabs of the trade-account screen that a link may open on. */
export type RecordTab = 'bill' | 'withdraw' | 'recharge' | 'transfer';

/**
 * Where a coin's records of the main account are, opened on one tab: a withdrawal lands on its
 * record there, and the deposit screen links to its deposits.
 */
export function recordsPath(coin: { id: number; title: string }, tab: RecordTab): string {
  const query = new URLSearchParams({ id: String(coin.id), name: coin.title, type: '1', tab });
  return `/trade-account?${query.toString()}`;
}
