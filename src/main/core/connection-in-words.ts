import type { ServerStatus } from '../../shared/contract';

/**
 * How a server stands, in one sentence for a person (the window shows it after a short title such
 * as "Key rejected", so the sentence never repeats the title). Every part is said once.
 */
export function connectionInWords({ environment, address, connection, problem }: ServerStatus): string {
  const where = `${environment} (${address ?? 'no address'})`;
  switch (connection) {
    case 'online':
      return `${where} answered as a pet store service and accepted the key.`;
    case 'unknown':
      return `${where} has not been asked anything yet.`;
    case 'key_rejected':
      return `${where} refused the key: set the right key for ${environment}.`;
    case 'failing':
      return problem?.server
        ? `${where} answered ${problem.server.status}${problem.server.code ? ` ${problem.server.code}` : ''}: ${problem.server.message || 'no reason given'}.`
        : (problem?.message ?? `${where} is failing.`);
    default:
      return problem?.message ?? where;
  }
}
