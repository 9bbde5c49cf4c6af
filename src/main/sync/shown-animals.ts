import {
  applyPetPatch,
  fieldsServerDecides,
  QUEUED_FIELD_NAMES,
  type AnimalFieldName,
  type Pet,
  type QueuedFieldName,
  type QueuedPatch,
} from '../../shared/contract';
import {
  animalColumns,
  animalFromRowOf,
  animalParams,
  columnsOf,
  paramsOf,
  setEach,
  type AnimalParams,
  type AnimalSqlRow,
} from '../database/animal-columns';
import { writeTransaction, type SqliteDatabase } from '../database/database';
import { animalSearchText } from '../database/search-text';

/** Changes shown on the animal while they are on their way (a refused or conflicting one is not). */
export const SHOWN_STATES = `('pending', 'sending', 'unknown', 'held')`;

/** What a replica holds of an animal: what a server with our details and photos decides. */
const HELD = fieldsServerDecides({ details: true, photos: true });
const BUT_ID = HELD.filter((name) => name !== 'id');
/** What a change shows: the fields a person gives, and the photo (the name only with its search text, when it changes). */
const SHOWN = QUEUED_FIELD_NAMES;
const SHOWN_BUT_NAME = SHOWN.filter((name) => name !== 'name');
const ID_AND_SHOWN = ['id' as const, ...SHOWN];
const fromRow = animalFromRowOf(HELD);

type ShownParams = AnimalParams<'id' | QueuedFieldName> & { searchText: string };

/**
 * How the animals being changed here are shown: `pets` holds each as this counter sees it, the
 * server's version with the changes still on their way applied, while `server_pets` keeps the
 * server's own version aside, so that a change that does not go through leaves it showing again.
 */
export function createShownAnimals(db: SqliteDatabase, answersDecide: () => readonly AnimalFieldName[]) {
  const shownPatches = db
    .prepare<[bigint], string>(
      `SELECT patch FROM pet_changes INDEXED BY pet_changes_open WHERE pet_id = ? AND state <> 'accepted' AND state IN ${SHOWN_STATES} ORDER BY id`,
    )
    .pluck();
  const serverRow = db.prepare<[bigint], AnimalSqlRow>(
    `SELECT ${animalColumns('server_pets', HELD)} FROM server_pets WHERE server_pets.id = ?`,
  );
  const shownRow = db.prepare<[bigint], AnimalSqlRow>(
    `SELECT ${animalColumns('pets', HELD)} FROM pets WHERE pets.id = ?`,
  );
  const keepServer = db.prepare<AnimalParams>(
    `INSERT INTO server_pets (${columnsOf(HELD)}) VALUES (${paramsOf(HELD)})
     ON CONFLICT (id) DO UPDATE SET ${setEach(BUT_ID, (column) => `excluded.${column}`)}`,
  );
  const forgetServer = db.prepare<[bigint]>('DELETE FROM server_pets WHERE id = ?');
  const anyKept = db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM server_pets)').pluck();
  // Name and search_text only when what search reads changes: SQLite rewrites the name's indexes
  // whenever an UPDATE names the column, whatever the value.
  const showKeepingName = db.prepare<ShownParams>(
    `UPDATE pets SET ${setEach(SHOWN_BUT_NAME)} WHERE id = @id AND name = @name AND search_text = @searchText`,
  );
  const showRenamed = db.prepare<ShownParams>(
    `UPDATE pets SET ${setEach(SHOWN)}, search_text = @searchText WHERE id = @id`,
  );
  const keep = (pet: Pet) => keepServer.run(animalParams(pet, HELD));
  /** The server's version of an animal: kept aside while it is being changed, else the row itself. */
  const serverVersion = (id: bigint): Pet | undefined => {
    const row = serverRow.get(id) ?? shownRow.get(id);
    return row === undefined ? undefined : fromRow(row);
  };

  /** The server's version kept aside with what its answer `pet` decides (its details only from a server that sends them). */
  function decidedOver(kept: Pet, pet: Pet): Pet {
    const merged: Record<string, unknown> = { ...kept };
    for (const name of answersDecide()) {
      if (pet[name] === undefined) delete merged[name];
      else merged[name] = pet[name];
    }
    return merged as Pet;
  }

  /** Shows the animal as the server has it with the changes on their way applied; keeps the server's version aside while any are. */
  function reshow(id: bigint): void {
    const server = serverVersion(id);
    if (server === undefined) return;
    const patches = shownPatches.all(id).map((text) => JSON.parse(text) as QueuedPatch);
    if (patches.length === 0) forgetServer.run(id);
    else keep(server);
    const animal = patches.reduce<Pet>(applyPetPatch, server);
    const shown: ShownParams = { ...animalParams(animal, ID_AND_SHOWN), searchText: animalSearchText(animal) };
    if (showKeepingName.run(shown).changes === 0) showRenamed.run(shown);
  }

  /**
   * The server's animals as it sent them, just written to `pets`: kept aside for those being
   * changed, which are shown changed again.
   */

  function serverSentOne(pet: Pet): void {
    const id = BigInt(pet.id);
    const kept = serverRow.get(id);
    if (kept === undefined) return;
    const keptRevision = fromRow(kept).revision;
    // An older version (a page read before a change was accepted) does not replace a newer one.
    if (keptRevision !== undefined && pet.revision !== undefined && pet.revision < keptRevision) return reshow(id);
    // Shown as the server has it under what is still on its way (if nothing is, the version kept
    // aside is forgotten): what the server sent decides its fields, the version kept aside the rest.
    keep(decidedOver(fromRow(kept), pet));
    reshow(id);
  }

  const serverSent = writeTransaction(db, (sent: readonly Pet[]) => {
    if (anyKept.get() !== 1) return;
    for (const pet of sent) serverSentOne(pet);
  });

  // serverSentOne's usual end for an accepted change, in one statement: the version kept aside is
  // forgotten when the answer is not older than it and no change of the animal is left to show.
  const settled = db.prepare<{ id: bigint; revision: number | null }>(
    `DELETE FROM server_pets WHERE id = @id
       AND NOT (revision IS NOT NULL AND @revision IS NOT NULL AND @revision < revision)
       AND NOT EXISTS (SELECT 1 FROM pet_changes INDEXED BY pet_changes_open
                       WHERE pet_id = @id AND state <> 'accepted' AND state IN ${SHOWN_STATES})`,
  );

  return {
    serverVersion,
    /** The animal as shown here now. */
    shown(id: bigint): Pet | undefined {
      const row = shownRow.get(id);
      return row === undefined ? undefined : fromRow(row);
    },
    reshow,
    serverSentOne,
    /** The server's animals as it sent them (a list, a walk page, getPet). */
    serverSent: (sent: readonly Pet[]): void => serverSent(sent),
    /** The server's answer to an accepted change, just written to `pets`. */
    settle(pet: Pet): void {
      if (settled.run({ id: BigInt(pet.id), revision: pet.revision ?? null }).changes === 0) serverSentOne(pet);
    },
  };
}

/**
 * Which of these animals have their details or their photo kept on this computer only (marked so
 * by kept-details.ts until they are uploaded): what their rows on the animals screen say.
 */
export function createKeptHereMarks(db: SqliteDatabase): (petIds: readonly string[]) => Set<string> {
  const anyKept = db
    .prepare<[], number>(
      `SELECT EXISTS (SELECT 1 FROM pets INDEXED BY pets_details_here WHERE details_here = 1)
           OR EXISTS (SELECT 1 FROM pets INDEXED BY pets_photo_here WHERE photo_here = 1)`,
    )
    .pluck();
  const kept = db
    .prepare<[bigint], number>('SELECT 1 FROM pets WHERE id = ? AND (details_here = 1 OR photo_here = 1)')
    .pluck();
  return (petIds) => {
    const marked = new Set<string>();
    if (anyKept.get() !== 1) return marked; // a server that takes them: a window of rows costs one lookup
    for (const petId of petIds) if (kept.get(BigInt(petId)) !== undefined) marked.add(petId);
    return marked;
  };
}
