import type { FastifyRequest } from 'fastify';

/**
 * Reads one request field: the form body first (POST), then the query string (GET). A repeated
 * field counts as its first value; an absent one as ''. Not trimmed (passwords keep every character).
 */
export function field(request: FastifyRequest, name: string): string {
  for (const source of [request.body, request.query]) {
    if (typeof source !== 'object' || source === null) continue;
    const value: unknown = (source as Record<string, unknown>)[name];
    const first = Array.isArray(value) ? (value[0] as unknown) : value;
    if (typeof first === 'string') return first;
    if (typeof first === 'number') return String(first);
  }
  return '';
}

/** A field with surrounding white space removed (names, addresses, codes). */
export function trimmedField(request: FastifyRequest, name: string): string {
  return field(request, name).trim();
}

/** A whole-number field, `fallback` when absent, null when present but not a whole number. */
export function intField(request: FastifyRequest, name: string, fallback: number): number | null {
  const raw = trimmedField(request, name);
  if (raw === '') return fallback;
  return /^-?\d{1,9}$/.test(raw) ? Number(raw) : null;
}
