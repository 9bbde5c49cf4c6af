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
import { getPetAnswer } from '../remote/get-pet-answer';
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
      const pet = animals.shownPet(id) ?? (await lookedUpElsewhere(id, () => animals.getPet(id)));
      if (pet === undefined) throw new ApiError('not_found', `No animal has the number ${id}.`);
      return { pet, by };
    },
  };
}

/**
 * The animal from the server's getPet, or undefined when it has none by that number. Its answer is
 * untrusted: another animal than the one asked for is not taken as it.
 */
async function lookedUpElsewhere(id: string, getPet: () => Promise<Pet> | Pet): Promise<Pet | undefined> {
  const notHere = `No animal has the number ${id} on this computer, and`;
  try {
    return await getPet();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return undefined;
    const answer = getPetAnswer(error);
    if (answer === 'not-found') return undefined;
    if (answer === 'withdrawn') {
      throw new ApiError(
        'not_found',
        `${notHere} the server no longer looks animals up by number: use Sync now to bring its animals here, then find it again.`,
      );
    }
    if (!(error instanceof RemoteError)) throw error;
    const why =
      error.kind === 'unreachable' || error.kind === 'timeout' ? 'could not be reached' : 'gave no answer to use';
    throw new RemoteError(error.kind, `${notHere} the server ${why}: ${error.message}`, error.details);
  }
}
