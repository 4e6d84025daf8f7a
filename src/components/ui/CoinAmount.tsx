import type { ReactNode } from 'react';

/**
 * An amount with its coin, read amount first ("150 USDT") in every language. Isolated left to right
 * as one: in a right-to-left page a bare number beside its coin is drawn after it ("USDT 150").
 * `amount` is already formatted (its decimals are the caller's); a missing coin shows the amount alone.
 */
export function CoinAmount({ amount, coin, className }: { amount: ReactNode; coin?: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {amount}
      {coin ? <> {coin}</> : null}
    </bdi>
  );
}
