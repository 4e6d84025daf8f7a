/**
 * The page's end of the bridge to the market worker (expose.ts is the worker's): calls over Comlink,
 * batches and price alerts back on ports of their own. Types only from the engine, so the page's
 * first bundle carries none of it.
 */
import { transfer, wrap, type Endpoint, type Remote } from 'comlink';
import type { AlertEvent, AlertSink, BatchItem, BatchSink } from '../../../common/protocol.ts';
import type { EngineConfig } from '../market-api.ts';
import type { WorkerMarketApi } from './expose.ts';

/** The worker's API on `endpoint`, its engine created and writing to `batches` and `alerts`. */
export async function connectMarketApi(
  endpoint: Endpoint,
  config: EngineConfig,
  batches: BatchSink,
  alerts: AlertSink,
): Promise<Remote<WorkerMarketApi>> {
  const remote = wrap<WorkerMarketApi>(endpoint);
  const batchChannel = new MessageChannel();
  const alertChannel = new MessageChannel();
  batchChannel.port1.onmessage = (event: MessageEvent<BatchItem[]>) => batches(event.data);
  alertChannel.port1.onmessage = (event: MessageEvent<AlertEvent[]>) => alerts(event.data);
  await remote.init(
    config,
    transfer(batchChannel.port2, [batchChannel.port2]),
    transfer(alertChannel.port2, [alertChannel.port2]),
  );
  return remote;
}
