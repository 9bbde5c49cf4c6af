// How a server stands, in words: one vocabulary for the sync bar, Settings and the announcements.
import type { AppError, ConnectionState, ServerStatus, SyncOutcome } from '../../shared/contract';
import { ENVIRONMENT_LABELS } from './format';

export const CONNECTION_LABELS: Record<ConnectionState, string> = {
  online: 'Online',
  offline: 'Offline: working from this computer',
  unknown: 'Not contacted yet',
  key_rejected: 'Key rejected',
  failing: 'Server failing',
  not_a_pet_store: 'Not a pet store service',
  untrusted: 'Certificate not trusted',
  no_key: 'No key set',
  key_unconfirmed: 'Key set for another address',
  no_address: 'No address set',
};

/** The short verdict of "Test connection", before its sentence. */
export const VERDICT_TITLES: Record<ConnectionState, string> = {
  online: 'Connected',
  offline: 'Unreachable',
  unknown: 'Not tried',
  key_rejected: 'Key rejected',
  failing: 'Server error',
  not_a_pet_store: 'Not a pet store service',
  untrusted: 'Certificate not trusted',
  no_key: 'No key',
  key_unconfirmed: 'Key not sent',
  no_address: 'No address',
};

/**
 * Why a server's list could not be had, as a sentence about "it" (the server the sentence before
 * named): out of reach is said plainly (Settings' "Test connection" names the address and the
 * cause); any other problem in main's words.
 */
export function problemSentence(problem: AppError): string {
  if (problem.code === 'unreachable') return 'It could not be reached.';
  if (problem.code === 'timeout') return 'It did not answer in time.';
  return problem.message;
}

/** What a person should do about it, when there is something. */
export function whatToDo({ connection, problem }: ServerStatus): string | null {
  if (connection === 'key_rejected') return 'The server rejected the key: set a new one in Settings.';
  // Offline is said calmly by the label alone; the rest need a person, and the problem says why.
  return connection === 'online' || connection === 'offline' || connection === 'unknown'
    ? null
    : (problem?.message ?? null);
}

/** The announcement after "Sync now": only what the status shows to be true. Names its environment. */
export function syncOutcomeInWords({ sent, status }: SyncOutcome): string {
  const { environment, connection, waiting, held, refused, conflicts } = status;
  const name = ENVIRONMENT_LABELS[environment];
  const left = [
    waiting > 0 ? `${waiting} still waiting` : '',
    refused > 0 ? `${refused} refused: see the list` : '',
    held > 0 ? `${held} held: see the list` : '',
    conflicts > 0 ? `${conflicts} changed by someone else first: choose on the row` : '',
  ].filter(Boolean);
  const sentText = sent > 0 ? `${sent} sent; ` : '';
  switch (connection) {
    case 'online':
      return left.length === 0
        ? `${name} sync finished: ${sentText}the server has everything added here.`
        : `${name} sync finished: ${sentText}${left.join('; ')}.`;
    case 'offline':
      return `${name} could not be reached: ${sentText}${waiting} waiting, kept on this computer.`;
    case 'key_rejected':
      return `${name} rejected the key: nothing more can be sent until a new one is set in Settings.`;
    case 'no_key':
    case 'no_address':
      return `${name} sync cannot start: ${status.problem?.message ?? CONNECTION_LABELS[connection]}`;
    default:
      return `${name} sync stopped: ${status.problem?.message ?? CONNECTION_LABELS[connection]}`;
  }
}
