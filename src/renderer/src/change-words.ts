// Why main did not do a write the person asked for, in words for the person at the counter.
import type { EnvironmentName } from '../../shared/contract';
import { CallError, messageOf } from './api';
import { ENVIRONMENT_LABELS } from './format';
import { useWindowState } from './window-state';

/**
 * Main's own refusals of a write meant for `to`, as the reason after "not added:", "not changed:":
 * production was not confirmed in main's question, or the app works in another environment now.
 * Null for any other error.
 */
export function notDoneReason(error: unknown, to: EnvironmentName): string | null {
  if (!(error instanceof CallError)) return null;
  if (error.detail.code === 'not_confirmed') return `${ENVIRONMENT_LABELS[to]} was not confirmed, so nothing was sent.`;
  if (error.detail.code !== 'environment_not_active') return null;
  const now = useWindowState.getState().environment;
  const where = now === null || now === to ? 'another environment' : ENVIRONMENT_LABELS[now];
  return `the app is working in ${where} now, so nothing was done in ${ENVIRONMENT_LABELS[to]}.`;
}

/** "<what>: <why>", for a write main refused; main's own words for any other error. */
export function notDoneText(error: unknown, to: EnvironmentName, what: string): string {
  const reason = notDoneReason(error, to);
  return reason === null ? messageOf(error) : `${what}: ${reason}`;
}

/** A change refused by main: another window or the command line changed the animal first, or another reason. */
export function changeRefusedText(
  error: unknown,
  name: string,
  categoryWords: (id: string) => string,
  to: EnvironmentName,
): string {
  if (error instanceof CallError && error.detail.code === 'precondition_failed') {
    const now = error.detail.current;
    const shown = now
      ? ` It now reads: ${now.name}, ${now.status ?? 'no status'}, ${categoryWords(now.categoryId)}.`
      : '';
    return `${name} was changed elsewhere meanwhile (another window or the command line), so nothing was changed.${shown} Look at it again, and change it again if it still needs it.`;
  }
  return notDoneText(error, to, `${name} was not changed`);
}
