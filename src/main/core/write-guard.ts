import type { z } from 'zod';
import {
  ANIMAL_FIELDS,
  applyPetPatch,
  localToday,
  settleAnimal,
  describeCategory,
  ENVIRONMENT_LABELS,
  newPetSchema,
  parseOrThrow,
  PERSON_FIELD_NAMES,
  petPatchSchema,
  type EnvironmentName,
  type PersonField,
  type PersonFieldName,
  type NewPet,
  type Pet,
  type PetPatch,
  type RemoteEnvironment,
} from '../../shared/contract';
import { refuseSoldAgain, saleTermsSchema } from '../../shared/contract/orders';
import { ReportedError } from '../app-error';
import type { PetstoreCore } from './petstore-core';

/** What main asks a person before a write reaches production: its own dialog, or a terminal. */
export interface ProductionQuestion {
  message: string;
  detail: string;
  confirmLabel: string;
  /** The animal it is about, whose photo the question shows where it has one. */
  animal?: { environment: EnvironmentName; petId: string };
}
/** True only when a person said yes; the page never answers it. */
export type ConfirmProductionWrite = (question: ProductionQuestion) => Promise<boolean>;

export interface WritePolicy {
  /**
   * 'active': a write is for the active environment or refused (the window, whose page may be
   * anyone's); 'named': for the environment the caller names (the CLI, where a person typed it).
   */
  environments: 'active' | 'named';
  /** Asked before every write to production while production confirmations are on. */
  confirmProduction: ConfirmProductionWrite;
  /**
   * The window: when the shop has counter staff, a write needs someone signed in at the counter
   * (sign_in_required). The CLI names nobody: it is not the counter.
   */
  atCounter?: boolean;
}

/**
 * Main decides every write that comes from outside it: the IPC router and the CLI reach the
 * core's writing use cases only through these. A write is for the environment the policy allows,
 * and a write to production is confirmed by a person through main's own question, never by the
 * caller saying so. The window's own dialogs are a first step, not the guard.
 */
export function guardWrites(core: PetstoreCore, policy: WritePolicy) {
  function mustBeAllowed(environment: EnvironmentName): void {
    if (policy.atCounter) core.mustBeSignedIn();
    if (policy.environments === 'named') return;
    const active = core.activeEnvironment().environment;
    if (environment === active) return;
    throw new ReportedError({
      code: 'environment_not_active',
      message: `Not done: this was meant for ${ENVIRONMENT_LABELS[environment]}, but the app is working in ${ENVIRONMENT_LABELS[active]}. Nothing was changed.`,
      status: 409,
    });
  }

  /** Refused unless allowed; for production (confirmations on), asked first and allowed again after the answer. */
  async function permit(environment: EnvironmentName, question: () => ProductionQuestion): Promise<void> {
    mustBeAllowed(environment);
    if (environment !== 'production' || !core.preferences().confirmProductionAdds) return;
    if (!(await policy.confirmProduction(question()))) {
      throw new ReportedError({
        code: 'not_confirmed',
        message: 'Not done: nobody confirmed it for production. Nothing was sent.',
        status: 409,
      });
    }
    mustBeAllowed(environment); // the app may have switched while the question was open
  }

  const categoryWords = (environment: EnvironmentName, categoryId: string) =>
    describeCategory(
      categoryId,
      core.categoryNames(environment).find((named) => named.categoryId === categoryId)?.name,
    );
  const animalWords = (environment: EnvironmentName, pet: Pick<Pet, 'name' | 'categoryId'>) =>
    `${pet.name} (${categoryWords(environment, pet.categoryId)})`;
  /** A field's value in a question: a category as the environment names it, a field an animal lacks as "none". */
  const valueWords = (environment: EnvironmentName, name: PersonFieldName, value: unknown): string => {
    if (value === undefined || value === null) return 'none';
    const field: PersonField = ANIMAL_FIELDS[name];
    return field.form.input === 'category' ? categoryWords(environment, String(value)) : String(value);
  };

  function changeQuestion(environment: EnvironmentName, petId: string, patch: PetPatch): ProductionQuestion {
    const shown = core.shownPet(environment, petId);
    const who = shown ? animalWords(environment, shown) : `animal ${petId}`;
    // A status alone, or with the date sold that follows it.
    const onlyStatus =
      patch.status !== undefined && Object.keys(patch).every((name) => name === 'status' || name === 'soldOn');
    const treated = shown?.treatment === undefined ? '' : `\n${shown.name} is under treatment: ${shown.treatment}`;
    if (onlyStatus) {
      const status = patch.status ?? 'without a status';
      return {
        message: `Mark ${who} ${status} in PRODUCTION?`,
        detail: `The live shop's server will show ${who} as ${status}.${treated}`,
        confirmLabel: patch.status ? `Mark ${patch.status}` : 'Clear the status',
        animal: { environment, petId },
      };
    }
    // Each field changed, by its label: "Status: available → sold".
    const lines = PERSON_FIELD_NAMES.filter((name) => patch[name] !== undefined).map((name) => {
      const was = shown ? `${valueWords(environment, name, shown[name])} → ` : '';
      return `${ANIMAL_FIELDS[name].label}: ${was}${valueWords(environment, name, patch[name])}`;
    });
    return {
      message: `Change ${who} in PRODUCTION?`,
      detail: `${lines.join('\n')}${treated}`,
      confirmLabel: 'Change in production',
      animal: { environment, petId },
    };
  }

  /** An add or a change valid before anything is asked. */
  const validBody = <S extends z.ZodType>(schema: S, given: unknown): z.output<S> =>
    parseOrThrow(schema, given, 'invalid_body', 'body');

  const addQuestion = (environment: EnvironmentName, pet: NewPet, resend = false): ProductionQuestion => ({
    message: `${resend ? 'Resend' : 'Add'} ${animalWords(environment, pet)} to PRODUCTION?`,
    detail: `The live shop's server will list it${pet.status ? ` as ${pet.status}` : ''}.`,
    confirmLabel: resend ? 'Resend to production' : 'Add to production',
  });

  return {
    mustBeAllowed,
    permit,

    async addPet(environment: EnvironmentName, newPet: unknown, options: { anyway?: boolean } = {}) {
      const valid = validBody(newPetSchema('app'), newPet);
      // The look-alike question comes first: a person confirms production once, for an add that goes.
      if (!options.anyway) core.checkLookAlikes(environment, valid);
      await permit(environment, () => addQuestion(environment, valid));
      return core.addPet(environment, valid, options);
    },

    async changePet(environment: EnvironmentName, petId: string, patch: unknown, options: { revision?: number } = {}) {
      const valid = validBody(petPatchSchema('app'), patch);
      // What the store would refuse (a sale under treatment, an animal that has left marked sold) is
      // refused before anyone is asked.
      const shown = core.shownPet(environment, petId);
      if (shown) settleAnimal(shown, applyPetPatch(shown, valid), valid, localToday());
      await permit(environment, () => changeQuestion(environment, petId, valid));
      return core.changePet(environment, petId, valid, options);
    },

    /** A sale asks production's question as marking it sold does; what the store would refuse is refused first. */
    async sellPet(environment: EnvironmentName, petId: string, terms: unknown, options: { revision?: number } = {}) {
      const valid = validBody(saleTermsSchema, terms);
      const shown = core.shownPet(environment, petId);
      const sold = { status: 'sold' } as const;
      if (shown) {
        refuseSoldAgain(shown);
        settleAnimal(shown, applyPetPatch(shown, sold), sold, localToday());
      }
      await permit(environment, () => changeQuestion(environment, petId, sold));
      return core.sellPet(environment, petId, valid, options);
    },

    /** Undo asks production's question as any change does, naming it an undo. */
    async undoChange(environment: EnvironmentName, petId: string, seq: number) {
      const { patch, pet } = core.undoPatch(environment, petId, seq);
      await permit(environment, () => {
        const asked = changeQuestion(environment, pet.id, patch);
        return { ...asked, message: `Undo: ${asked.message}`, confirmLabel: 'Undo in production' };
      });
      return core.undoChange(environment, petId, seq);
    },

    async importAnimals(environment: EnvironmentName, importId: string, options: { lookAlikesToo?: boolean } = {}) {
      await permit(environment, () => {
        const pending = core.pendingImport(environment, importId, options);
        const rows = pending?.rows ?? 0;
        return {
          message: `Add ${rows} animal${rows === 1 ? '' : 's'}${pending ? ` from ${pending.fileName}` : ''} to PRODUCTION?`,
          detail: "The live shop's server will list them.",
          confirmLabel: 'Add to production',
        };
      });
      return await core.importAnimals(environment, importId, options);
    },

    async resendEntry(environment: RemoteEnvironment, entryId: string, fixed?: unknown) {
      const corrected = fixed === undefined ? undefined : validBody(newPetSchema('app'), fixed);
      const add = corrected ?? core.outboxEntry(environment, entryId);
      const change = core.changeEntry(environment, entryId);
      if (add) await permit(environment, () => addQuestion(environment, add, true));
      else if (change) await permit(environment, () => changeQuestion(environment, change.petId, change.patch));
      else mustBeAllowed(environment); // nothing by that id: the core says so
      return core.resendEntry(environment, entryId, corrected);
    },

    async correctEntry(environment: RemoteEnvironment, entryId: string, pet: unknown) {
      const valid = validBody(newPetSchema('app'), pet);
      await permit(environment, () => addQuestion(environment, valid));
      return core.correctEntry(environment, entryId, valid);
    },

    async resolveConflict(environment: RemoteEnvironment, entryId: string, choice: 'keep-mine' | 'keep-theirs') {
      const change = core.changeEntry(environment, entryId);
      // Keeping theirs sends nothing; keeping mine overwrites the server's version.
      if (choice === 'keep-mine' && change) {
        await permit(environment, () => {
          const asked = changeQuestion(environment, change.petId, change.patch);
          return { ...asked, message: asked.message.replace(/^(Mark|Change)/, 'Over another counter’s change: $1') };
        });
      } else mustBeAllowed(environment);
      return core.resolveConflict(environment, entryId, choice);
    },

    async uploadKeptDetails(environment: RemoteEnvironment) {
      const kept = core.serverStatus(environment).details.keptHere;
      await permit(environment, () => ({
        message: `Send ${kept === 1 ? 'one animal’s details' : `${kept} animals’ details`} to PRODUCTION?`,
        detail:
          "The live shop's server will keep the prices, dates, breeds and the rest kept on this computer until now.",
        confirmLabel: 'Send to production',
      }));
      return core.uploadKeptDetails(environment);
    },

    discardEntry(environment: RemoteEnvironment, entryId: string) {
      mustBeAllowed(environment);
      return core.discardEntry(environment, entryId);
    },

    /** Undo of a decision on an entry: what will be sent again asks production's question, named an undo. */
    async restoreEntry(environment: RemoteEnvironment, entryId: string) {
      const was = core.setAsideEntry(environment, entryId);
      if (was === undefined)
        mustBeAllowed(environment); // nothing to take back: the core says so
      else
        await permit(environment, () => {
          const asked =
            'patch' in was ? changeQuestion(environment, was.petId, was.patch) : addQuestion(environment, was);
          return { ...asked, message: `Undo: ${asked.message}`, confirmLabel: 'Undo in production' };
        });
      return core.restoreEntry(environment, entryId);
    },
  };
}

export type GuardedWrites = ReturnType<typeof guardWrites>;
