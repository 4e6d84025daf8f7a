/**
 * The public-IP lookup made when login and register open (docs/product-rules.md#account). The endpoint comes from the
 * site settings (`ip_lookup_url`); any ipify-style service answering `{"ip": "..."}` works. It is not
 * an /api envelope call, so it bypasses the api client. Failures give '' (the server then records
 * the connection's address itself).
 */
export async function lookupIp(
  url: string | undefined,
  fetchImpl: typeof fetch = (i, o) => globalThis.fetch(i, o),
): Promise<string> {
  if (!url) return '';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5000);
  try {
    const response = await fetchImpl(url, { signal: controller.signal, headers: { Accept: 'application/json' } });
    if (!response.ok) return '';
    const body: unknown = await response.json();
    const ip = body && typeof body === 'object' ? (body as { ip?: unknown }).ip : undefined;
    return typeof ip === 'string' ? ip.slice(0, 64) : '';
  } catch {
    return '';
  } finally {
    clearTimeout(timer);
  }
}
