import { RemoteError } from './remote-error';

/** What a server that no longer offers getPet answers it with (404 too when not in the Error shape: a web server's own page). */
const WITHDRAWN = new Set([404, 405, 410, 501]);

/**
 * Whether getPet's failure says the server no longer offers that operation, rather than that it has
 * no animal by that number (a 404 in the Error shape) or that it is unwell.
 */
export function getPetWithdrawn(error: unknown): error is RemoteError {
  if (!(error instanceof RemoteError)) return false;
  const status = error.details.status ?? 0;
  if (error.kind === 'service_error' && status === 404) return false;
  return (error.kind === 'service_error' || error.kind === 'not_the_contract') && WITHDRAWN.has(status);
}
