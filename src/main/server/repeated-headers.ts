import { ApiError } from '../../shared/contract';

/**
 * The headers a request may send once: Node keeps the first of some when they are repeated and
 * joins the others, so two would be read as one that was never sent. A list header (If-Match) may
 * repeat: its lines are one list.
 */
const SENT_ONCE = new Set(['authorization', 'content-type', 'idempotency-key', 'petstore-actor', 'petstore-acted-at']);

/** Refused (400 invalid_parameter, on the header) when one of those is sent twice; undefined when none is. */
export function headerSentTwice(rawHeaders: readonly string[]): ApiError | undefined {
  const seen = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    if (!SENT_ONCE.has(name)) continue;
    if (seen.has(name))
      return ApiError.fromFields('invalid_parameter', [{ field: rawHeaders[i]!, message: 'must be sent once' }]);
    seen.add(name);
  }
  return undefined;
}
