import { applyPetPatch, DETAIL_FIELD_NAMES, pickFields, type Pet, type PetPatch } from '../../shared/contract';
import { animalParams, setEach } from '../database/animal-columns';
import type { SqliteDatabase } from '../database/database';
import { animalSearchText } from '../database/search-text';
import type { createShownAnimals } from './shown-animals';

const ID_AND_DETAILS = ['id' as const, ...DETAIL_FIELD_NAMES];

/**
 * An animal's details (and its photo, marked apart: `photo_here`) kept on this computer only, for
 * a server that does not take them (or not yet: see server-extensions.ts): written to the animal as shown and to the server's version kept
 * aside, so that changes on their way and the server's answers leave them, and the animal marked
 * `details_here` until they are uploaded.
 */
export function createKeptDetails(db: SqliteDatabase, shown: ReturnType<typeof createShownAnimals>) {
  // search_text only when what search reads changes: an UPDATE naming it rewrites its indexes.
  const writeShown = db.prepare<Record<string, unknown>>(
    `UPDATE pets SET ${setEach(DETAIL_FIELD_NAMES)}, details_here = 1 WHERE id = @id AND search_text = @searchText`,
  );
  const writeShownResearched = db.prepare<Record<string, unknown>>(
    `UPDATE pets SET ${setEach(DETAIL_FIELD_NAMES)}, search_text = @searchText, details_here = 1 WHERE id = @id`,
  );
  const writeServer = db.prepare<Record<string, unknown>>(
    `UPDATE server_pets SET ${setEach(DETAIL_FIELD_NAMES)} WHERE id = @id`,
  );
  const keptIds = db
    .prepare<[], bigint>('SELECT id FROM pets INDEXED BY pets_details_here WHERE details_here = 1 ORDER BY id')
    .pluck()
    .safeIntegers();
  const unmark = db.prepare('UPDATE pets SET details_here = 0 WHERE details_here = 1');
  const showPhoto = db.prepare<[string | null, bigint]>('UPDATE pets SET photo = ?, photo_here = 1 WHERE id = ?');
  const serverPhoto = db.prepare<[string | null, bigint]>('UPDATE server_pets SET photo = ? WHERE id = ?');
  const keptPhotos = db
    .prepare<[], { id: bigint; photo: string | null }>(
      'SELECT id, photo FROM pets INDEXED BY pets_photo_here WHERE photo_here = 1 ORDER BY id',
    )
    .safeIntegers();
  const unmarkPhotos = db.prepare('UPDATE pets SET photo_here = 0 WHERE photo_here = 1');

  return {
    /** The details `patch` sets, kept here for the animal (it must be known here): as shown, and as the server's version. */
    keep(id: bigint, patch: PetPatch): void {
      const details = pickFields(patch, DETAIL_FIELD_NAMES);
      if (Object.keys(details).length === 0) return;
      const after = applyPetPatch(shown.shown(id)!, details);
      const params = { ...animalParams(after, ID_AND_DETAILS), searchText: animalSearchText(after) };
      if (writeShown.run(params).changes === 0) writeShownResearched.run(params);
      writeServer.run(animalParams(applyPetPatch(shown.serverVersion(id)!, details), ID_AND_DETAILS));
    },

    /**
     * Each animal whose details are kept here: its id, the server's version as kept here, and its
     * details as a patch that makes the server's the same: each one it lacks here is removed (null),
     * for the server may have had it before it was kept here (a treatment cleared while kept here).
     */
    *each(): Generator<{ id: bigint; server: Pet; details: PetPatch }> {
      for (const id of keptIds.all()) {
        const server = shown.serverVersion(id);
        if (server === undefined) continue;
        const details: Record<string, unknown> = {};
        for (const name of DETAIL_FIELD_NAMES) details[name] = server[name] ?? null;
        yield { id, server, details: details as PetPatch };
      }
    },

    /** No animal's details are kept here any more: the server decides them from now on. */
    unmarkAll: (): void => void unmark.run(),

    /** The animal's photo (its digest; null: none) kept here, as shown and as the server's version, the animal marked `photo_here`. */
    keepPhoto(id: bigint, digest: string | null): void {
      showPhoto.run(digest, id);
      serverPhoto.run(digest, id);
    },
    /** Each animal whose photo is kept here, and that photo's digest (null: removed here). */
    photos: () => keptPhotos.all(),
    /** No photo is kept here any more: the server decides them from now on. */
    unmarkPhotos: (): void => void unmarkPhotos.run(),
  };
}
