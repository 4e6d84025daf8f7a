import { useCallback, useEffect, useState } from 'react';
import {
  getHyConfig,
  parseDurations,
  parseMultipliers,
  type HyConfig,
  type OptionDuration,
} from '../api/get-hy-config.ts';

export interface LoadedHyConfig {
  config: HyConfig;
  durations: OptionDuration[];
  multipliers: string[];
}

/** getHyConfig, loaded on mount; `reload` after an order so the balance is current. */
export function useHyConfig(): { loaded: LoadedHyConfig | null; failed: boolean; reload(): void } {
  const [loaded, setLoaded] = useState<LoadedHyConfig | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => {
    getHyConfig()
      .then((result) => {
        if (!result.ok) return setFailed(true);
        setFailed(false);
        setLoaded({
          config: result.data,
          durations: parseDurations(result.data),
          multipliers: parseMultipliers(result.data.hy_numcolstmp),
        });
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(reload, [reload]);
  return { loaded, failed, reload };
}
