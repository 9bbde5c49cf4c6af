// The one write queue's life for a kind of write it has never seen, as the recipe at the top of
// write-queue.ts promises a new kind: a table with the shared columns and its own, and a
// descriptor. Here a photo upload, sent in order per animal, answered with where the photo is, with
// a state of its own that waits for a person. A real replica file.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/main/database/database';
import { REPLICA_MIGRATIONS } from '../../../src/main/database/migrations';
import { createWriteQueue, type QueueKind, type QueueRow } from '../../../src/main/sync/write-queue';
import { useCleanups } from '../../helpers/cleanups';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const tempDir = useTempDir();
const BASE_URL = 'http://127.0.0.1:9/v1';

const PHOTO_UPLOADS = `
  CREATE TABLE photo_uploads (
    id INTEGER PRIMARY KEY AUTOINCREMENT, base_url TEXT NOT NULL, idempotency_key TEXT NOT NULL UNIQUE,
    state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL DEFAULT 0,
    retry_set_at INTEGER, sent_at INTEGER, unknown_since INTEGER,
    maybe_sent INTEGER NOT NULL DEFAULT 0, last_error TEXT, last_error_fields TEXT,
    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
    pet_id INTEGER NOT NULL, file TEXT NOT NULL, photo_url TEXT
  ) STRICT;
  CREATE INDEX photo_uploads_waiting ON photo_uploads (id) WHERE state IN ('pending', 'unknown');
  CREATE INDEX photo_uploads_open ON photo_uploads (pet_id, id) WHERE state <> 'accepted';`;

interface PhotoRow extends QueueRow {
  pet_id: string;
  file: string;
  photo_url: string | null;
}
interface Photo {
  entryId: string;
  state: string;
  file: string;
  photoUrl: string | null;
  mayBeOnServer: boolean;
}

function openPhotoUploads() {
  let clock = 1_000;
  const db = track(openDatabase(join(tempDir(), 'replica-staging.db'), REPLICA_MIGRATIONS));
  db.exec(PHOTO_UPLOADS);
  const shownAgain: string[] = [];
  const kind: QueueKind<PhotoRow, Photo, { petId: string; file: string }, string, { url: string }> = {
    table: 'photo_uploads',
    indexes: { waiting: 'photo_uploads_waiting', open: 'photo_uploads_open' },
    columns: 'CAST(pet_id AS TEXT) AS pet_id, file, photo_url',
    idPrefix: 'p',
    ownStates: { too_large: 'refused' },
    inOrderOf: 'pet_id',
    words: { made: 'this photo was chosen', mayAlready: 'have it', check: "the animal's photos" },
    entryOf: (row) => ({
      entryId: `p${row.id}`,
      state: row.state,
      file: row.file,
      photoUrl: row.photo_url,
      mayBeOnServer: row.may_be_on_server === 1,
    }),
    sent: (row) => ({ petId: row.pet_id, file: row.file }),
    accept: { set: 'photo_url = @url', params: ({ url }) => ({ url }), then: () => undefined },
    resend: { set: 'file = coalesce(@file, file)', params: (_row, fix) => ({ file: fix ?? null }) },
    reshow: (row) => shownAgain.push(row.pet_id),
  };
  const queue = createWriteQueue(db, kind, 'staging', () => clock);
  const insert = db.prepare<[string, string, number, number, number]>(
    `INSERT INTO photo_uploads (base_url, idempotency_key, state, created_at, updated_at, pet_id, file)
     VALUES (?, ?, 'pending', ?, ?, ?, 'rex.jpg')`,
  );
  let keys = 0;
  const upload = (petId: number) =>
    queue.entryIdOf(Number(insert.run(BASE_URL, `key-${keys++}`, clock, clock, petId).lastInsertRowid));
  const keyOf = (entryId: string) => queue.row(entryId)!.idempotency_key;
  return { db, queue, upload, keyOf, shownAgain, later: (ms: number) => (clock += ms) };
}

describe('a kind of write the queue has never seen', () => {
  it('is claimed in order per animal, with what it sends, and accepted with its own answer', () => {
    const { queue, upload } = openPhotoUploads();
    const [first, second, other] = [upload(1), upload(1), upload(2)];
    const claimed = queue.claimDue(10);
    expect(claimed).toEqual([
      {
        entryId: first,
        baseUrl: BASE_URL,
        idempotencyKey: 'key-0',
        attempts: 1,
        previouslyUnknown: false,
        petId: '1',
        file: 'rex.jpg',
      },
      expect.objectContaining({ entryId: other, petId: '2' }),
    ]);
    queue.accept([{ entryId: first, pet: { url: 'https://photos/1.jpg' } }]);
    expect(queue.get(first)).toMatchObject({ state: 'accepted', photoUrl: 'https://photos/1.jpg' });
    expect(queue.claimDue(10).map((entry) => entry.entryId)).toEqual([second]);
    expect(queue.owns(first)).toBe(true);
    expect(queue.owns('12')).toBe(false);
  });

  it('is refused, retried later, held and resent, and counted under the status it waits in', () => {
    const { db, queue, upload, keyOf, shownAgain, later } = openPhotoUploads();
    const [refused, retried, held, large] = [upload(1), upload(2), upload(3), upload(4)];
    const behind = upload(1);
    queue.claimDue(10);
    queue.refuse(refused, 'not a photo');
    queue.retryLater(retried, 'unknown', 5_000, 'no answer');
    queue.hold(held, queue.addressChangedReason(BASE_URL, 'http://elsewhere/v1'));
    db.prepare(`UPDATE photo_uploads SET state = 'too_large' WHERE id = ?`).run(queue.rowIdOf(large));
    expect(queue.counts()).toEqual({ waiting: 2, refused: 2, held: 1, conflicts: 0 });
    expect(queue.behindAPerson()).toBe(1);
    expect(queue.nextDueAt()).toBe(6_000);
    expect(queue.get(held)).toMatchObject({ mayBeOnServer: false });
    expect(queue.row(held)!.last_error).toMatch(/after this photo was chosen: resend it to the new address/);

    const [refusedKey, heldKey] = [keyOf(refused), keyOf(held)];
    expect(queue.resend(refused, BASE_URL, 'rex-small.jpg')).toBe('resent');
    expect(queue.resend(held, BASE_URL)).toBe('resent');
    expect(queue.resend(retried, BASE_URL)).toBe('due now');
    expect(queue.resend(retried, BASE_URL, 'other.jpg')).toBe('on its way');
    expect(keyOf(refused)).not.toBe(refusedKey); // a refusal made nothing under the old key
    expect(keyOf(held)).toBe(heldKey); // the server may have it under this one
    expect(queue.get(refused)).toMatchObject({ state: 'pending', file: 'rex-small.jpg' });
    expect(shownAgain).toEqual(['1', '1', '3']); // refused, then resent; the held one resent
    later(1);
    expect(queue.claimDue(10).map((entry) => entry.entryId)).toEqual([refused, retried, held]);
    expect(queue.resend(behind, BASE_URL)).toBe('due now');
  });

  it('is reclaimed from a sender that is gone, held when unanswered for too long, and discarded', () => {
    const { queue, upload, later } = openPhotoUploads();
    const [sent, waiting] = [upload(1), upload(2)];
    queue.claimDue(1);
    queue.reclaimFromGoneSender();
    expect(queue.get(sent)).toMatchObject({ state: 'unknown', mayBeOnServer: true });
    later(24 * 60 * 60 * 1000);
    let held = 0;
    expect(queue.claimDue(10, (count) => (held += count)).map((entry) => entry.entryId)).toEqual([waiting]);
    expect(held).toBe(1);
    expect(queue.row(sent)).toMatchObject({ state: 'held' });
    expect(queue.row(sent)!.last_error).toMatch(/the staging server may already have it.*Check the animal's photos/);
    expect(queue.discard(sent)).toEqual({ discarded: true, mayBeOnServer: true });
    expect(queue.discard(sent)).toEqual({ discarded: false, mayBeOnServer: true });
    expect(queue.open().map((entry) => entry.entryId)).toEqual([waiting]);
  });
});
