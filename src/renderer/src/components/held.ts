import type { ChangeEntry, OutboxEntry } from '../../../shared/contract';
import { refusalInWords } from '../refusal-words';
import { isRemote, useWindowState } from '../window-state';

/** The active server's address as main last told it; undefined until it has. */
export const useAddressNow = (): string | null | undefined =>
  useWindowState((state) => (isRemote(state.environment) ? state.servers[state.environment]?.address : undefined));

/**
 * Why main holds an entry for a person, in main's own words when it gave them (an address that
 * changed since, or a send that went unanswered for longer than a server remembers its key), and
 * whether a send goes to another address than the one it was made for (`toAnotherAddress`).
 */
export function heldInWords(
  held: Pick<OutboxEntry | ChangeEntry, 'baseUrl' | 'lastError'>,
  addressNow: string | null | undefined,
  otherwise: string,
): { reason: { short: string; full: string }; toAnotherAddress: boolean } {
  return {
    reason: held.lastError ? refusalInWords(held.lastError, undefined) : { short: otherwise, full: otherwise },
    toAnotherAddress: addressNow !== undefined && addressNow !== held.baseUrl,
  };
}
