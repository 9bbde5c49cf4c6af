import { applyPetPatch, type Pet, type PetPatch, type PetStatus } from '../../shared/contract';
import { writeTransaction, type SqliteDatabase } from '../store/database';
import { toPet } from '../store/pet-store';
import { searchText } from '../store/search-text';

/** Changes shown on the animal while they are on their way (a refused or conflicting one is not). */
export const SHOWN_STATES = `('pending', 'sending', 'unknown', 'held')`;

type ServerRow = [id: string, name: string, categoryId: string, status: PetStatus | null, revision: number | null];

/**
 * How the animals being changed here are shown: `pets` holds each as this counter sees it, the
 * server's version with the changes still on their way applied, while `server_pets` keeps the
 * server's own version aside, so that a change that does not go through leaves it showing again.
 */
export function createShownAnimals(db: SqliteDatabase) {
  const shownPatches = db
    .prepare<[bigint], string>(
      `SELECT patch FROM pet_changes INDEXED BY pet_changes_open WHERE pet_id = ? AND state <> 'accepted' AND state IN ${SHOWN_STATES} ORDER BY id`,
    )
    .pluck();
  const serverRow = db
    .prepare<[bigint], ServerRow>(
      `SELECT CAST(id AS TEXT), name, CAST(category_id AS TEXT), status, revision FROM server_pets WHERE id = ?`,
    )
    .raw();
  const shownRow = db
    .prepare<[bigint], ServerRow>(
      `SELECT CAST(id AS TEXT), name, CAST(category_id AS TEXT), status, revision FROM pets WHERE id = ?`,
    )
    .raw();
  const keepServer = db.prepare<[bigint, string, bigint, string | null, number | null]>(
    `INSERT INTO server_pets (id, name, category_id, status, revision) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, category_id = excluded.category_id, status = excluded.status,
       revision = excluded.revision`,
  );
  const forgetServer = db.prepare<[bigint]>('DELETE FROM server_pets WHERE id = ?');
  const anyKept = db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM server_pets)').pluck();
  // Name and search_text only when the name shown changes: SQLite rewrites the name's indexes
  // whenever an UPDATE names the column, whatever the value.
  const showKeepingName = db.prepare<[bigint, string | null, bigint, string]>(
    'UPDATE pets SET category_id = ?, status = ? WHERE id = ? AND name = ?',
  );
  const showRenamed = db.prepare<[string, bigint, string | null, string, bigint]>(
    'UPDATE pets SET name = ?, category_id = ?, status = ?, search_text = ? WHERE id = ?',
  );
  /** The server's version of an animal: kept aside while it is being changed, else the row itself. */
  const serverVersion = (id: bigint): Pet | undefined => {
    const row = serverRow.get(id) ?? shownRow.get(id);
    return row === undefined ? undefined : toPet(row);
  };

  /** Shows the animal as the server has it with the changes on their way applied; keeps the server's version aside while any are. */
  function reshow(id: bigint): void {
    const server = serverVersion(id);
    if (server === undefined) return;
    const patches = shownPatches.all(id).map((text) => JSON.parse(text) as PetPatch);
    if (patches.length === 0) forgetServer.run(id);
    else keepServer.run(id, server.name, BigInt(server.categoryId), server.status ?? null, server.revision ?? null);
    const shown = patches.reduce<Pet>(applyPetPatch, server);
    const categoryId = BigInt(shown.categoryId);
    if (showKeepingName.run(categoryId, shown.status ?? null, id, shown.name).changes === 0)
      showRenamed.run(shown.name, categoryId, shown.status ?? null, searchText(shown.name), id);
  }

  /**
   * The server's animals as it sent them, just written to `pets`: kept aside for those being
   * changed, which are shown changed again.
   */

  function serverSentOne(pet: Pet): void {
    const id = BigInt(pet.id);
    const kept = serverRow.get(id);
    if (kept === undefined) return;
    const keptRevision = toPet(kept).revision;
    // An older version (a page read before a change was accepted) does not replace a newer one.
    if (keptRevision !== undefined && pet.revision !== undefined && pet.revision < keptRevision) return reshow(id);
    // Nothing of this counter's on it any more: `pets` already holds what the server sent.
    if (shownPatches.all(id).length === 0) return void forgetServer.run(id);
    keepServer.run(id, pet.name, BigInt(pet.categoryId), pet.status ?? null, pet.revision ?? null);
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
      return row === undefined ? undefined : toPet(row);
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
