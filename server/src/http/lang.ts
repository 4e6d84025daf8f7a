import type { FastifyRequest } from 'fastify';

/** The client's language from the `Lang` header (docs/product-rules.md#languages-and-themes), e.g. `en`, `zh-cn`; `en` when absent. */
export function requestLang(request: FastifyRequest): string {
  const header = request.headers.lang;
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z-]{2,10}$/.test(value) ? value : 'en';
}
