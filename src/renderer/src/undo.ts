import { toast } from 'sonner';
import type { EnvironmentName, Pet } from '../../shared/contract';
import { call } from './api';
import { notDoneText } from './change-words';

/** How long a change can be taken back from its toast or with Ctrl+Z. */
export const UNDO_FOR_MS = 10_000;

interface Undoable {
  environment: EnvironmentName;
  petId: string;
  name: string;
  /** The change's entry in the animal's history. */
  seq: number;
  until: number;
  toastId: string;
}

let latest: Undoable | null = null;

/**
 * A change this window just made, offered back for UNDO_FOR_MS: a toast with Undo, and Ctrl+Z.
 * The change is the animal's newest entry made here (main's history says which); main decides
 * whether it can still be undone when asked.
 */
export async function offerUndo(environment: EnvironmentName, pet: Pick<Pet, 'id' | 'name'>, said: string) {
  const { entries } = await call('petHistory', { environment, petId: pet.id, limit: 5 }).catch(() => ({ entries: [] }));
  const made = entries.find((entry) => entry.where === 'here');
  if (made === undefined) return;
  if (latest !== null) toast.dismiss(latest.toastId); // one change is offered back at a time: the latest
  // An id of its own: one reused while the last toast is still leaving would not be shown.
  const toastId = `undo-${environment}-${made.seq}`;
  latest = { environment, petId: pet.id, name: pet.name, seq: made.seq, until: Date.now() + UNDO_FOR_MS, toastId };
  toast(said, {
    id: toastId,
    duration: UNDO_FOR_MS,
    action: { label: 'Undo', onClick: () => void undoLatest() },
  });
}

/** Takes back the latest change offered, if its time has not run out (Ctrl+Z, or its toast's Undo). */
export async function undoLatest(): Promise<void> {
  const undoing = latest;
  if (undoing === null || Date.now() > undoing.until) return;
  latest = null;
  toast.dismiss(undoing.toastId);
  try {
    await call('undoChange', { environment: undoing.environment, petId: undoing.petId, seq: undoing.seq });
    toast(`Undone: ${undoing.name} is as it was before that change.`);
  } catch (error) {
    toast.error(notDoneText(error, undoing.environment, `The change of ${undoing.name} was not undone`));
  }
}

/** Ctrl+Z (⌘Z) outside a field that edits text, where it is the field's own undo. */
export function isUndoKey(event: KeyboardEvent, mac: boolean): boolean {
  const target = event.target as HTMLElement | null;
  const editing = target !== null && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  return (
    !editing &&
    event.key.toLowerCase() === 'z' &&
    (mac ? event.metaKey : event.ctrlKey) &&
    !event.shiftKey &&
    !event.altKey
  );
}
