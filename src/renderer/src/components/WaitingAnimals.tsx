import { useRef } from 'react';
import { create } from 'zustand';
import type { EnvironmentName, SameAnimal } from '../../../shared/contract';
import { ENVIRONMENT_LABELS } from '../format';
import type { FieldErrors, PetDraft } from '../pet-form';
import { Name } from './Name';

/** Why an animal typed was not added: it looks like one already there, or main refused it. */
export type NotAdded = { animal: PetDraft; to: EnvironmentName } & (
  { kind: 'look-alike'; same: readonly SameAnimal[] } | { kind: 'refused'; errors: FieldErrors }
);

/** An animal typed and not added, kept in sight until the person decides what becomes of it. */
export type WaitingAnimal = NotAdded & { id: number };

/** Outside the form, which a trip to Settings unmounts: what waits for the person waits until they decide. */
export const useWaitingAnimals = create<{ waiting: readonly WaitingAnimal[] }>(() => ({ waiting: [] }));
let waitingNumber = 0;

export const waitForThePerson = (item: NotAdded) =>
  useWaitingAnimals.setState(({ waiting }) => ({ waiting: [...waiting, { ...item, id: ++waitingNumber }] }));

export const decided = (item: WaitingAnimal) =>
  useWaitingAnimals.setState(({ waiting }) => ({ waiting: waiting.filter((other) => other.id !== item.id) }));

interface Props {
  categoryOf(animal: PetDraft): string;
  /** Whether the form is empty, so a refused animal can go back into it. */
  formEmpty: boolean;
  addAnyway(item: WaitingAnimal): void;
  putBack(item: WaitingAnimal): void;
  dismiss(item: WaitingAnimal): void;
  /** Where the focus goes once the last one is decided. */
  focusForm(): void;
}

function sameInWords(same: readonly SameAnimal[], to: EnvironmentName): string {
  const first = same[0]?.id !== undefined ? `already listed as number ${same[0].id}` : 'already waiting to be sent';
  const more = same.length > 1 ? ` (and ${same.length - 1} more)` : '';
  return `an animal of that name and category is ${first}${more} in ${ENVIRONMENT_LABELS[to]}`;
}

/**
 * What main did not add, under the form and never over it: the focus stays where the person is
 * typing (the next animal), and nothing typed disappears. A look-alike waits for "Add anyway" or
 * "Don't add"; no key does either unless the person goes to it, so a stray Enter adds nothing.
 */
export function WaitingAnimals({ categoryOf, formEmpty, addAnyway, putBack, dismiss, focusForm }: Props) {
  const waiting = useWaitingAnimals((state) => state.waiting);
  const list = useRef<HTMLDivElement>(null);
  if (waiting.length === 0) return <div aria-live="polite" className="waiting-animals" />;

  /** The person decided on one: the focus goes on to the next waiting one, else back to the form. */
  const decide = (item: WaitingAnimal, act: (item: WaitingAnimal) => void) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>(':scope > [role="group"]') ?? [])];
    const at = waiting.indexOf(item);
    act(item);
    const next = act === putBack ? undefined : (items[at + 1] ?? items[at - 1]);
    const button = next?.querySelector<HTMLElement>('button:not(:disabled)');
    if (button) button.focus();
    else focusForm();
  };

  return (
    <div aria-live="polite" className="waiting-animals">
      <h3 className="visually-hidden">Not added yet</h3>
      <div ref={list} className="waiting-list">
        {waiting.map((item) => {
          const name = item.animal.name.trim();
          const labelId = `waiting-${item.id}`;
          return (
            <div
              key={item.id}
              role="group"
              aria-labelledby={labelId}
              className={`waiting-animal ${item.kind}`}
              onKeyDown={(event) => {
                if (event.key !== 'Escape') return;
                event.preventDefault();
                decide(item, dismiss);
              }}
            >
              <p id={labelId}>
                <strong>
                  <Name>{name}</Name>
                </strong>{' '}
                ({categoryOf(item.animal)}) was not added
                {item.kind === 'look-alike'
                  ? `: ${sameInWords(item.same, item.to)}.`
                  : `: ${item.errors.form ?? Object.values(item.errors).join('; ')}`}
              </p>
              <div className="waiting-actions">
                {item.kind === 'look-alike' ? (
                  <>
                    <button type="button" onClick={() => decide(item, dismiss)}>
                      Don’t add
                    </button>
                    <button
                      type="button"
                      className={item.to === 'production' ? 'danger' : undefined}
                      onClick={() => decide(item, addAnyway)}
                    >
                      Add anyway
                    </button>
                  </>
                ) : (
                  <>
                    <button type="button" onClick={() => decide(item, dismiss)}>
                      Dismiss
                    </button>
                    <button type="button" disabled={!formEmpty} onClick={() => decide(item, putBack)}>
                      Put it back in the form
                    </button>
                    {!formEmpty && <span className="hint">once the form is empty</span>}
                  </>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
