import {
  CHANGE_ENTRY_PREFIX,
  pickFields,
  REMOTE_PERSON_FIELD_NAMES,
  sentApartIn,
  type ChangeEntry,
  type ClientAct,
  type ChangeState,
  type FieldProblem,
  type Pet,
  type QueuedPatch,
} from '../../shared/contract';
import type { SaleTerms } from '../../shared/contract/orders';
import type { PetsTable } from '../database/pets-table';
import { saleTermsIn } from './sales-to-send';
import type { ReplicaPhotos } from './replica-photos';
import type { createShownAnimals } from './shown-animals';
import type { ClaimedBase, QueueKind, QueueRow } from './write-queue';

/** A change as read from `pet_changes`: the shared columns, the animal, the patch and what it is to. */
export interface ChangeRow extends QueueRow<ChangeState> {
  pet_id: string;
  patch: string;
  base_revision: number | null;
  base_pet: string;
  theirs: string | null;
  details_here: 0 | 1;
  act: string | null;
}

interface ChangeSent {
  petId: string;
  patch: QueuedPatch;
  /** The server's revision the change is to (its If-Match); null when the server gives none. */
  revision: number | null;
  /** A change of the photo: its bytes (null: removed), sent apart from the other fields (undefined: bytes gone). */
  photo?: Buffer | null;
  /** Who made it and when, for a server that records them (our history extension); undefined for any other. */
  act?: ClientAct;
  /** A sale's terms, when the change is one (sales-to-send.ts): sent as an order to a server that takes them. */
  order?: SaleTerms;
}

/** A due change as claimed for sending. */
export type ClaimedChange = ClaimedBase & ChangeSent;

/**
 * Changes as a kind of write (see write-queue.ts): a change of one of the server's animals, sent
 * in order per animal. A conflict (another counter changed it first) and a server that takes no
 * changes wait for a person as a refusal does.
 */
export function changeKind(
  pets: PetsTable,
  photos: ReplicaPhotos,
  shown: ReturnType<typeof createShownAnimals>,
  rebase: (revision: number | null, base: string, at: number, petId: bigint, after: number) => void,
  afterAccepted: (rowId: number, answer: Pet) => void,
  actSent: (act: string | null) => ClientAct | undefined,
): QueueKind<ChangeRow, ChangeEntry, ChangeSent> {
  // The changes of an acceptance, whose details (if they stay here) become the server's version as kept here.
  const accepted: Array<{ id: number; pet: Pet }> = [];
  return {
    table: 'pet_changes',
    indexes: { waiting: 'pet_changes_waiting', open: 'pet_changes_open' },
    columns: `CAST(pet_id AS TEXT) AS pet_id, patch, base_revision, base_pet, theirs, details_here, act`,
    idPrefix: CHANGE_ENTRY_PREFIX,
    ownStates: { conflict: 'conflicts', unsupported: 'refused' },
    inOrderOf: 'pet_id',
    words: { made: 'this change was made', mayAlready: 'have made this change', check: 'the animal on the server' },
    entryOf: (row, environment) => ({
      entryId: `${CHANGE_ENTRY_PREFIX}${row.id}`,
      environment,
      baseUrl: row.base_url,
      petId: row.pet_id,
      patch: JSON.parse(row.patch) as QueuedPatch,
      base: JSON.parse(row.base_pet) as Pet,
      theirs: row.theirs === null ? null : (JSON.parse(row.theirs) as Pet),
      state: row.state,
      attempts: row.attempts,
      lastError: row.last_error,
      ...(row.last_error_fields === null
        ? {}
        : { lastErrorFields: JSON.parse(row.last_error_fields) as FieldProblem[] }),
      mayBeOnServer: row.may_be_on_server === 1,
      createdAt: new Date(row.created_at).toISOString(),
    }),
    // A server that did not take details when the change was made is not sent them: they stay here.
    sent(row) {
      const patch = JSON.parse(row.patch) as QueuedPatch;
      const revision = row.base_revision;
      const act = actSent(row.act);
      if (sentApartIn(patch) !== undefined) {
        const photo = patch.photo == null ? null : photos.image(BigInt(row.pet_id), patch.photo);
        return { petId: row.pet_id, patch, revision, photo, act };
      }
      const sent = row.details_here === 1 ? pickFields(patch, REMOTE_PERSON_FIELD_NAMES) : patch;
      const order = saleTermsIn(row.act);
      return { petId: row.pet_id, patch: sent, revision, act, ...(order === undefined ? {} : { order }) };
    },
    // The server's answers become the animals' server versions. The revision it answered is kept:
    // a change it made moved the revision past the base. What follows an accepted change of the
    // same animal was made on top of it: it is to the new revision.
    accept: {
      set: 'answer_revision = @revision, theirs = NULL',
      params: (pet) => ({ revision: pet.revision ?? null }),
      each(id, pet, at) {
        rebase(pet.revision ?? null, JSON.stringify(pet), at, BigInt(pet.id), id);
        accepted.push({ id, pet });
      },
      then(sent) {
        pets.upsertPets(sent);
        for (const { id, pet } of accepted.splice(0)) afterAccepted(id, pet);
        for (const pet of sent) shown.settle(pet);
        for (const pet of sent) photos.tidy(BigInt(pet.id));
      },
    },
    // Sent again to `baseUrl`; a conflict to the server's version now (a person's "keep mine").
    resend: {
      set: `theirs = NULL, base_revision = CASE WHEN @base IS NULL THEN base_revision ELSE @revision END,
        base_pet = coalesce(@base, base_pet), base_url = @baseUrl`,
      params(row) {
        const theirs = row.state === 'conflict' && row.theirs !== null ? (JSON.parse(row.theirs) as Pet) : null;
        return { revision: theirs?.revision ?? null, base: theirs === null ? null : row.theirs };
      },
    },
    reshow(row) {
      shown.reshow(BigInt(row.pet_id));
      photos.tidy(BigInt(row.pet_id));
    },
  };
}
