import type { Int64 } from './int64';
import type { NewPet } from './pet';

/**
 * An animal that looks like the one being added (same name as search reads it, same category):
 * listed (`id`), or still waiting to be added to a server (`entryId`).
 */
export type SameAnimal = NewPet & ({ id: Int64; entryId?: never } | { entryId: string; id?: never });

/** How many of the look-alikes an answer carries: enough to recognise one, never a long list. */
export const SAME_ANIMALS_SHOWN = 3;
