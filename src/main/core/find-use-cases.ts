import {
  ANIMAL_NUMBER,
  ApiError,
  idFromLabelCode,
  looksLikeMicrochip,
  normalizeMicrochip,
  type EnvironmentName,
  type FoundBy,
  type Pet,
} from '../../shared/contract';
import { RemoteError } from '../remote/remote-error';
import type { CoreParts } from './core-parts';

/**
 * Finding one animal by what a scanner or a person gives: the label code on its card, its
 * microchip, or its number. Answered from what this computer has (the local store, or the
 * replica), online or not; the server's deprecated getPet is asked only for a number this
 * computer does not have.
 */
export function createFindUseCases({ inventory }: CoreParts) {
  return {
    async findAnimal(environment: EnvironmentName, text: string): Promise<{ pet: Pet; by: FoundBy }> {
      const trimmed = text.trim();
      const animals = inventory(environment);
      if (looksLikeMicrochip(trimmed)) {
        const microchip = normalizeMicrochip(trimmed);
        const { rows } = animals.animals({ search: microchip, limit: 5 });
        const row = rows.find((one) => one.kind === 'pet' && one.pet.microchip === microchip);
        if (row?.kind === 'pet') return { pet: row.pet, by: 'microchip' };
        throw new ApiError('not_found', `No animal has the microchip ${microchip}.`);
      }
      const labelled = idFromLabelCode(trimmed);
      const id = labelled ?? (ANIMAL_NUMBER.test(trimmed) ? trimmed : undefined);
      if (id === undefined) {
        throw new ApiError(
          'invalid_parameter',
          `"${trimmed.slice(0, 40)}" is not a label code (PSD- and a number), a microchip (15 digits) or an animal's number.`,
          [{ field: 'text', message: 'must be a label code, a microchip number or an animal number' }],
        );
      }
      const by = labelled === undefined ? 'id' : 'label';
      const pet = animals.shownPet(id) ?? (await lookedUpElsewhere(() => animals.getPet(id)));
      if (pet === undefined) throw new ApiError('not_found', `No animal has the number ${id}.`);
      return { pet, by };
    },
  };
}

/** The animal from the server's getPet, or undefined when it has none by that number. */
async function lookedUpElsewhere(getPet: () => Promise<Pet> | Pet): Promise<Pet | undefined> {
  try {
    return await getPet();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return undefined;
    if (error instanceof RemoteError && error.details.status === 404) return undefined;
    throw error;
  }
}
