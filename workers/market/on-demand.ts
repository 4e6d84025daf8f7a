/**
 * A module the engine loads on demand (the market feed, the chart sources), once. A synchronous
 * loader (tests pass the module itself) is ready before the returned promise is made; a load that
 * failed (a dropped network) is tried again by the next call instead of being kept for good.
 */
export function onDemand<M, T>(load: () => M | Promise<M>, ready: (module: M) => T): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (loading) return loading;
    const loaded = load();
    if (!(loaded instanceof Promise)) return (loading = Promise.resolve(ready(loaded)));
    loading = loaded.then(ready, (error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
