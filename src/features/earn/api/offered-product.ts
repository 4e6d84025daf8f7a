import type { ApiResult } from '../../../lib/api-client.ts';

/**
 * The answer to an application page's product read (?id=). The server refuses an id it does not
 * offer: never was, or withdrawn since the link was made. That is an empty list, which the page
 * shows as a product no longer offered, not a failed load that a retry could mend. A request that
 * got no answer still rejects, and a 401 still fails (the client has sent the user to log in).
 */
export async function offeredProduct<T>(answer: Promise<ApiResult<{ list: T[] }>>): Promise<ApiResult<{ list: T[] }>> {
  const result = await answer;
  return result.ok || result.code === 401 ? result : { ok: true, data: { list: [] }, msg: result.msg };
}
