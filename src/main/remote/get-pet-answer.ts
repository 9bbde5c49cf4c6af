import { RemoteError } from './remote-error';

/** What a server that no longer offers getPet answers it with. */
const WITHDRAWN = new Set([405, 410, 501]);

/**
 * What getPet's failure says, when it is an answer rather than a failing server: no animal by that
 * number (any 404, in the Error shape or not: a framework's own page or `{"detail": ...}`), or the
 * operation withdrawn (405, 410, 501). Null for anything else.
 */
export function getPetAnswer(error: unknown): 'not-found' | 'withdrawn' | null {
  if (!(error instanceof RemoteError)) return null;
  if (error.kind !== 'service_error' && error.kind !== 'not_the_contract') return null;
  const status = error.details.status ?? 0;
  if (status === 404) return 'not-found';
  return WITHDRAWN.has(status) ? 'withdrawn' : null;
}
