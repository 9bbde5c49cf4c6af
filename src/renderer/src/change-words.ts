// Why a change was not made, in words for the person at the counter.
import { CallError, messageOf } from './api';

/** A change refused by main: another window or the command line changed the animal first, or another reason. */
export function changeRefusedText(error: unknown, name: string, categoryWords: (id: string) => string): string {
  if (error instanceof CallError && error.detail.code === 'precondition_failed') {
    const now = error.detail.current;
    const shown = now
      ? ` It now reads: ${now.name}, ${now.status ?? 'no status'}, ${categoryWords(now.categoryId)}.`
      : '';
    return `${name} was changed elsewhere meanwhile (another window or the command line), so nothing was changed.${shown} Look at it again, and change it again if it still needs it.`;
  }
  return messageOf(error);
}
