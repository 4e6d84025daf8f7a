import { api, type ApiResult } from '../../../lib/api-client.ts';
import { isAmountText } from '../../../../common/rules.ts';

/** One duration the server offers: seconds, payout percent if won, minimum stake. */
export interface OptionDuration {
  time: number;
  ykbl: string;
  min: string;
}

/** POST /api/Contrade/getHyConfig (docs/product-rules.md#options-orders). */
export interface HyConfig {
  /** Quantity multipliers, comma separated (default "1,3,5,10"). */
  hy_numcolstmp: string;
  /** 2: quantities are multiplier × the duration's minimum. */
  hy_price_type: number;
  coinname: string;
  /** Available stake coin. */
  balance: string;
  hytime: string;
  hy_ykbl: string;
  hymin: string;
  /** Fee debited with the stake at creation, as a fraction of it ("0" = none). */
  fee_rate?: string;
  /** The most decimals the server accepts in a stake (8 when absent). */
  amount_precision?: number;
}

/** The spec's default multipliers (docs/product-rules.md#options). */
export const DEFAULT_MULTIPLIERS = ['1', '3', '5', '10'] as const;

const list = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** The durations zipped from hytime, hy_ykbl and hymin (same order); entries missing a field are dropped. */
export function parseDurations(config: Pick<HyConfig, 'hytime' | 'hy_ykbl' | 'hymin'>): OptionDuration[] {
  const times = list(config.hytime);
  const rates = list(config.hy_ykbl);
  const mins = list(config.hymin);
  const durations: OptionDuration[] = [];
  times.forEach((time, i) => {
    const seconds = Number(time);
    const ykbl = rates[i];
    const min = mins[i];
    if (Number.isInteger(seconds) && seconds > 0 && ykbl !== undefined && min !== undefined)
      durations.push({ time: seconds, ykbl, min });
  });
  return durations;
}

/** The multipliers of hy_numcolstmp, or the default 1, 3, 5, 10 when it is empty. */
export function parseMultipliers(text: string | undefined): string[] {
  const values = list(text).filter(isAmountText);
  return values.length > 0 ? values : [...DEFAULT_MULTIPLIERS];
}

export function getHyConfig(): Promise<ApiResult<HyConfig>> {
  return api.post<HyConfig>('/Contrade/getHyConfig', undefined, { quiet: true });
}
