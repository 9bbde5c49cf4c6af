import {
  describeCategory,
  historyPageQuerySchema,
  newPetSchema,
  petIdSchema,
  type HistoryEntry,
  type HistoryPage,
  type RemoteEnvironment,
  parseOrThrow,
  type AnimalsQuery,
  type AnimalsWindow,
  type ChangeEntry,
  type EnvironmentName,
  type ListPetsQuery,
  type NewPet,
  type OutboxEntry,
  type Pet,
  type PetsView,
  type SameAnimal,
} from '../../shared/contract';
import { ReportedError } from '../app-error';
import { RemoteError } from '../remote/remote-error';
import type { CoreParts } from './core-parts';

/** The animals of an environment: list, browse, add, change, look up; the same road for every environment. */
/** How many of the server's newest changes of an animal are asked for. */
const SERVER_HISTORY_SHOWN = 20;

export function createAnimalUseCases({ inventory, server, settings, categoryNames, events }: CoreParts) {
  /** Refused (possible_duplicate) when an animal of that name and category is already listed or waiting. */
  function checkLookAlikes(environment: EnvironmentName, pet: NewPet): void {
    const same = inventory(environment).lookAlikes(pet);
    if (same.length > 0)
      throw possibleDuplicate(environment, pet, same, categoryNames.nameOf(environment, pet.categoryId));
  }

  return {
    /**
     * listPets for an environment: at once, what this computer has; with `refresh`, the freshest
     * the environment can give (a server's answer, kept). When a server cannot answer, what this
     * computer has comes with the reason (`problem`): a list is never lost to the network.
     */
    async listPets(
      environment: EnvironmentName,
      query: Partial<ListPetsQuery> = {},
      { refresh = false } = {},
    ): Promise<PetsView> {
      const animals = inventory(environment);
      return refresh ? await animals.refreshPets(query) : animals.listPets(query);
    },

    /** The animals screen's window of every animal in the environment: at once. */
    animals: (environment: EnvironmentName, query: AnimalsQuery = {}): AnimalsWindow =>
      inventory(environment).animals(query),

    /**
     * Brings what this computer has up to every animal of the environment (a server's pages walked,
     * or the walk resumed); the outcome, and progress on the way, are in the server status.
     */
    async refreshAnimals(environment: EnvironmentName): Promise<void> {
      await inventory(environment)
        .walkEveryAnimal()
        .catch((error: unknown) => {
          if (!(error instanceof RemoteError)) throw error; // a fault of ours; a server's is in the status
        });
    },

    /**
     * createPet: at once in the local store; for a server, durably into its outbox, sent in the
     * background. Unless `anyway`, refused (possible_duplicate) when an animal of that name and
     * category is already listed or waiting. Its category is the next add's default.
     */
    addPet(
      environment: EnvironmentName,
      newPet: unknown,
      { anyway = false }: { anyway?: boolean } = {},
    ): { pet: Pet } | { entry: OutboxEntry } {
      const valid = parseOrThrow(newPetSchema('app'), newPet, 'invalid_body', 'body');
      // Checked where it is added: another process may be adding the same animal at this moment.
      const added = inventory(environment).addPet(
        valid,
        anyway ? undefined : () => checkLookAlikes(environment, valid),
      );
      settings.setLastCategory(environment, valid.categoryId);
      if (valid.price !== undefined) settings.keepCurrency(environment);
      events.emit('dataChanged', { environment });
      return added;
    },

    /** What the add form starts with in the environment: the category of the last animal added there. */
    addDefaults: (environment: EnvironmentName): { categoryId: string | null } => ({
      categoryId: settings.lastCategory(environment),
    }),

    checkLookAlikes,

    /** The animal as this computer shows it (with changes made here); undefined when not shown here. */
    shownPet: (environment: EnvironmentName, petId: string): Pet | undefined => inventory(environment).shownPet(petId),

    getPet: (environment: EnvironmentName, petId: string): Promise<Pet> | Pet => inventory(environment).getPet(petId),

    /**
     * Our extension: a change of one animal. In the local store at once, made only if the animal
     * is still at `revision` (what the person saw; absent: whatever it is now), else
     * precondition_failed with the animal as it is now. For a server: durably into its outbox,
     * shown at once, sent in the background; null when it undid a change not yet sent.
     * `historySeq`: the entry the change made in the animal's history (what an undo takes back), or
     * null when it changed nothing here (a status it already had).
     */
    changePet(
      environment: EnvironmentName,
      petId: string,
      patch: unknown,
      { revision }: { revision?: number } = {},
    ): ({ pet: Pet } | { change: ChangeEntry | null }) & { historySeq: number | null } {
      const animals = inventory(environment);
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      const newest = (limit: number) => animals.history(id, { limit }).entries;
      const before = newest(1)[0]?.seq ?? 0;
      const changed = animals.changePet(id, patch, revision);
      if (typeof (patch as { price?: unknown }).price === 'number') settings.keepCurrency(environment);
      events.emit('dataChanged', { environment });
      // The newest made here since: the sync thread may record what the server sent meanwhile.
      const made = newest(5).find((entry) => entry.seq > before && entry.where === 'here');
      return { ...changed, historySeq: made?.seq ?? null };
    },

    /**
     * A page of the animal's history as this computer keeps it, newest first: who, when, where, and
     * each field's value before and after. `before`: the page older than that entry.
     */
    /**
     * The animal's newest changes as a server recorded them (our history extension), to name who
     * made the other change of a conflict and when; null when the server lacks the extension.
     */
    async serverPetHistory(environment: RemoteEnvironment, petId: unknown): Promise<HistoryEntry[] | null> {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      const page = await server(environment).serverHistory(id, { limit: SERVER_HISTORY_SHOWN });
      return page?.entries ?? null;
    },

    petHistory(environment: EnvironmentName, petId: unknown, query: unknown = {}): HistoryPage {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      const page = parseOrThrow(historyPageQuerySchema, query, 'invalid_parameter', 'query');
      return inventory(environment).history(id, page);
    },
  };
}

/** Not added: what it would repeat, named so a person recognises it ("Rex (Dogs 5) is already listed as number 12"). */
function possibleDuplicate(
  environment: EnvironmentName,
  pet: NewPet,
  same: SameAnimal[],
  categoryName: string | undefined,
): ReportedError {
  const [first] = same;
  const where = first!.id !== undefined ? `already listed as number ${first!.id}` : 'already waiting to be sent';
  const more = same.length > 1 ? ` (and ${same.length - 1} more)` : '';
  return new ReportedError({
    code: 'possible_duplicate',
    // How to add it all the same is each road's own: the window's buttons, the command's --anyway.
    message: `${pet.name} (${describeCategory(pet.categoryId, categoryName)}) is ${where}${more} in ${environment}.`,
    status: 409,
    duplicates: same,
  });
}
