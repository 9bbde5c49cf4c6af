import {
  ANIMAL_FIELDS,
  ApiError,
  parseOrThrow,
  PERSON_FIELD_NAMES,
  petIdSchema,
  type ChangeEntry,
  type EnvironmentName,
  type HistoryEntry,
  type Pet,
  type PetPatch,
} from '../../shared/contract';
import type { CoreParts } from './core-parts';

/** What a person can take back: a change made here, field by field; not an add, nor another counter's change. */
const UNDOABLE: ReadonlySet<HistoryEntry['action']> = new Set(['changed', 'corrected', 'decided', 'undone']);

const isPersonField = (field: string): field is (typeof PERSON_FIELD_NAMES)[number] =>
  (PERSON_FIELD_NAMES as readonly string[]).includes(field);

/** A field's value as the animal has it now, in the history's terms (an int64 as text, none as null). */
const nowValue = (pet: Pet, field: (typeof PERSON_FIELD_NAMES)[number]) => pet[field] ?? null;

const CODES = { 404: 'not_found', 409: 'conflict', 412: 'precondition_failed' } as const;

function notUndone(message: string, status: keyof typeof CODES = 409): never {
  throw new ApiError(CODES[status], `Not undone: ${message} Nothing was changed.`);
}

/**
 * Undo: a change made here taken back by the reverse change (each field it changed set back to what
 * it was). It goes the way any change goes: in the local store at once; for a server, a change
 * not yet sent is withdrawn (the two cancel out and nothing is sent), one the server has gets the
 * reverse change, under If-Match, which becomes a conflict, not an overwrite, when the server moved
 * on. Refused when the animal has changed since in a field the change set.
 */
export function createUndoUseCases({ inventory, events }: CoreParts) {
  /** The reverse of the animal's history entry `seq`, checked against the animal as shown now. */
  function undoPatch(environment: EnvironmentName, petId: unknown, seq: number): { patch: PetPatch; pet: Pet } {
    const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
    const animals = inventory(environment);
    const entry = animals.historyEntry(id, seq);
    const pet = animals.shownPet(id);
    if (entry === undefined || pet === undefined) notUndone(`there is no such change of animal ${id}.`, 404);
    if (entry.where !== 'here' || !UNDOABLE.has(entry.action))
      notUndone(entry.where === 'here' ? `an add is taken back by discarding it.` : `that change was made elsewhere.`);
    const patch: Record<string, unknown> = {};
    for (const { field, from, to } of entry.changes) {
      if (field === 'photo') notUndone('a photo is set again from the animal’s dialog.');
      if (!isPersonField(field)) continue;
      if (nowValue(pet, field) !== to) {
        const label = ANIMAL_FIELDS[field].label.toLowerCase();
        notUndone(`${pet.name} has changed since: its ${label} is no longer what that change made it.`, 412);
      }
      patch[field] = from;
    }
    return { patch: patch as PetPatch, pet };
  }

  return {
    undoPatch,

    /** Takes back the change `seq` of the animal: its history says it was undone, by whom and when. */
    undoChange(
      environment: EnvironmentName,
      petId: unknown,
      seq: number,
    ): { pet: Pet } | { change: ChangeEntry | null } {
      const { patch, pet } = undoPatch(environment, petId, seq);
      const undone = inventory(environment).changePet(pet.id, patch, pet.revision, 'undone');
      events.emit('dataChanged', { environment });
      return undone;
    },
  };
}
