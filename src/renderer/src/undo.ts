import type { ReactNode } from 'react';
import { toast } from 'sonner';
import type { EnvironmentName, Pet, RemoteEnvironment } from '../../shared/contract';
import { call } from './api';
import { notDoneText } from './change-words';

/** How long a change can be taken back from its toast or with Ctrl+Z. */
export const UNDO_FOR_MS = 10_000;

interface Undoable {
  environment: EnvironmentName;
  /** What is taken back, as a refusal names it ("The change of Rex"). */
  what: string;
  /** What is said once it is taken back. */
  done: string;
  takeBack(): Promise<unknown>;
  until: number;
  toastId: string;
  taken?: boolean;
}

let latest: Undoable | null = null;
/** The person's newest action that may offer something back, while main has not answered it. */
let answering: Promise<unknown> | null = null;
let offers = 0;

/**
 * An action that may offer something back (a status key, a discard) has begun, to end once it has
 * offered: Ctrl+Z from now on means it, waiting for it, never what was offered before it.
 */
export function actionBegun<T>(answered: Promise<T>): Promise<T> {
  latest = null;
  const settled = answered.then(
    () => undefined,
    () => undefined,
  );
  answering = settled;
  void settled.then(() => {
    if (answering === settled) answering = null;
  });
  return answered;
}

/** One thing is offered back at a time, the latest: a toast with Undo for UNDO_FOR_MS, and Ctrl+Z. */
function offer(said: ReactNode, offered: Omit<Undoable, 'until' | 'toastId'>) {
  if (latest !== null) toast.dismiss(latest.toastId);
  // An id of its own: one reused while the last toast is still leaving would not be shown.
  const toastId = `undo-${offered.environment}-${++offers}`;
  const undoable = { ...offered, until: Date.now() + UNDO_FOR_MS, toastId };
  latest = undoable;
  // A toast's Undo takes back what it offered, whatever was offered since.
  toast(said, {
    id: toastId,
    duration: UNDO_FOR_MS,
    action: { label: 'Undo', onClick: () => void takeBack(undoable) },
  });
}

/**
 * A change this window just made to an animal, offered back: `seq`, the entry main says the change
 * made in the animal's history. Main decides whether it can still be undone when asked.
 */
export function offerUndo(environment: EnvironmentName, pet: Pick<Pet, 'id' | 'name'>, said: string, seq: number) {
  offer(said, {
    environment,
    what: `The change of ${pet.name}`,
    done: `Undone: ${pet.name} is as it was before that change.`,
    takeBack: () => call('undoChange', { environment, petId: pet.id, seq }),
  });
}

/**
 * A person's decision on what waits for a server (a discard, a conflict decided), offered back:
 * main puts the entry back as it was, unless a send of it has begun since.
 */
export function offerTakeBack(
  environment: RemoteEnvironment,
  entryId: string,
  words: { what: string; done: string },
  said: ReactNode,
) {
  offer(said, { environment, ...words, takeBack: () => call('restoreEntry', { environment, entryId }) });
}

/** Takes back the latest thing offered (Ctrl+Z), once main has answered the action just begun. */
export async function undoLatest(): Promise<void> {
  await answering;
  if (latest !== null) await takeBack(latest);
}

async function takeBack(undoing: Undoable): Promise<void> {
  if (undoing.taken || Date.now() > undoing.until) return;
  undoing.taken = true;
  if (latest === undoing) latest = null;
  toast.dismiss(undoing.toastId);
  try {
    await undoing.takeBack();
    toast(undoing.done);
  } catch (error) {
    toast.error(notDoneText(error, undoing.environment, `${undoing.what} was not undone`));
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
