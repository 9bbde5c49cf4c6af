// A window's writes to one animal go to main one after the other: one made before main has answered
// the one before is sent once it has, under the revision that one made (the local store checks the
// revision), so the person's own change a moment ago is never taken for someone else's, even from a
// dialog opened on the animal before it was answered.
import type { EnvironmentName, Pet } from '../../shared/contract';

interface OnItsWay {
  /** The revision main's answer made; undefined when it made none the window knows (a queued change, a refusal). */
  revision: Promise<number | undefined>;
}

const onItsWay = new Map<string, OnItsWay>();
/** The revision this window's last answered write to each animal made: revisions only grow. */
const lastMade = new Map<string, number>();
const keyOf = (environment: EnvironmentName, petId: string) => `${environment}\n${petId}`;

/** The newer of two revisions, either possibly unknown. */
const newer = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.max(a, b);

/**
 * Runs `send` once this window's writes to the animal already on their way are answered, with the
 * revision to send: the newest of the one the window's last write made and the one `pet` shows (a
 * change made elsewhere and seen since).
 * `done` runs after the answer, whatever it was (the list read again, say); `isLast` tells it, when
 * asked, whether any other write to the animal has been made since. A failure of `done` is not the
 * write's: the promise settles as main answered.
 */
export function writeInOrder<T extends object>(
  environment: EnvironmentName,
  pet: Pick<Pet, 'id' | 'revision'>,
  send: (revision: number | undefined) => Promise<T>,
  done: (isLast: () => boolean) => Promise<void> | void,
): Promise<T> {
  const key = keyOf(environment, pet.id);
  const before = onItsWay.get(key);
  const answer = (async () => {
    if (before !== undefined) await before.revision;
    return send(newer(lastMade.get(key), pet.revision));
  })();
  const self: OnItsWay = {
    revision: answer.then(
      (answered) => {
        const made = 'pet' in answered ? (answered.pet as Pet).revision : undefined;
        if (made !== undefined) lastMade.set(key, newer(made, lastMade.get(key))!);
        return made;
      },
      () => undefined,
    ),
  };
  onItsWay.set(key, self);
  const isLast = () => onItsWay.get(key) === self;
  const finish = async () => {
    try {
      await done(isLast);
    } catch (error) {
      // What follows the answer (the list read again) reports its own failures where they are
      // seen; the write itself was answered, and is never reported as failed for it.
      console.error('After a write was answered:', error);
    } finally {
      if (isLast()) onItsWay.delete(key);
    }
  };
  return answer.finally(finish);
}
