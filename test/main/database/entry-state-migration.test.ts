// A replica written before adds and changes had one name for each state (needs_confirmation and
// rejected, since held and refused), opened by this version: a real file, every state in it.
import { createServerExtensions } from '../../../src/main/sync/server-extensions';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../../src/main/database/database';
import { REPLICA_MIGRATIONS } from '../../../src/main/database/migrations';
import { createPetsTable } from '../../../src/main/database/pets-table';
import { countAll, openWriteQueues } from '../../../src/main/sync/write-kinds';
import { thrown } from '../../helpers/store';
import { useTempDir } from '../../helpers/temp-dir';

const tempDir = useTempDir();

// Migrations are history, appended only: the version before the renaming, and the renaming's own.
const BEFORE = 10;
const RENAMED = 11;

const ADD_STATES = ['pending', 'sending', 'unknown', 'rejected', 'needs_confirmation', 'accepted'];
const CHANGE_STATES = [
  'pending',
  'sending',
  'unknown',
  'rejected',
  'needs_confirmation',
  'conflict',
  'unsupported',
  'accepted',
];
const NEW_NAME: Record<string, string> = { rejected: 'refused', needs_confirmation: 'held' };
const renamed = (state: string) => NEW_NAME[state] ?? state;

function fillEveryState(db: SqliteDatabase): void {
  const add = db.prepare(
    `INSERT INTO outbox (environment, base_url, idempotency_key, name, category_id, status, state, attempts,
       next_attempt_at, last_error, last_error_fields, maybe_sent, search_text, server_id, sent_at, unknown_since,
       retry_set_at, created_at, updated_at)
     VALUES ('staging', 'http://127.0.0.1:9/v1', @key, @name, 7, 'sold', @state, 2, 50, @error, '[{"field":"name","message":"too long"}]',
       1, @search, @server, 30, 40, 45, 10, 20)`,
  );
  ADD_STATES.forEach((state) =>
    add.run({
      key: `add-${state}`,
      name: `Rex ${state}`,
      search: `rex ${state}`,
      state,
      error: `why ${state}`,
      server: state === 'accepted' ? 900 : null,
    }),
  );
  // The newest add discarded: its id must never be handed out again.
  db.prepare(
    `INSERT INTO outbox (environment, base_url, idempotency_key, name, category_id, state, created_at, updated_at)
     VALUES ('staging', 'http://127.0.0.1:9/v1', 'add-discarded', 'Gone', 1, 'pending', 1, 1)`,
  ).run();
  db.prepare(`DELETE FROM outbox WHERE idempotency_key = 'add-discarded'`).run();

  const change = db.prepare(
    `INSERT INTO pet_changes (base_url, pet_id, patch, base_revision, base_pet, answer_revision, theirs, idempotency_key,
       state, attempts, next_attempt_at, last_error, last_error_fields, maybe_sent, sent_at, unknown_since, retry_set_at,
       created_at, updated_at)
     VALUES ('http://127.0.0.1:9/v1', @pet, '{"status":"sold"}', 3, '{"id":"5","name":"Tom","categoryId":"1"}', 4,
       '{"id":"5","name":"Tim","categoryId":"1"}', @key, @state, 1, 60, @error, NULL, 0, 31, NULL, 46, 11, 21)`,
  );
  CHANGE_STATES.forEach((state, at) =>
    change.run({ pet: 5 + at, key: `change-${state}`, state, error: `why ${state}` }),
  );
}

const rowsOf = (db: SqliteDatabase, table: string) =>
  db.prepare(`SELECT * FROM ${table} ORDER BY id`).safeIntegers().all() as Array<Record<string, unknown>>;
const indexesOf = (db: SqliteDatabase, table: string) =>
  db
    .prepare(`SELECT type, name, sql FROM sqlite_schema WHERE tbl_name = ? AND type <> 'table' ORDER BY name`)
    .all(table);
const declarationOf = (db: SqliteDatabase, table: string) =>
  db.prepare(`SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?`).pluck().get(table) as string;
const counterOf = (db: SqliteDatabase, table: string) =>
  db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(table);

describe('a replica from before entries had one name for each state', () => {
  it('opens with every add and change in its state under its new name, nothing else changed, its indexes as they were', () => {
    const file = join(tempDir(), 'replica-staging.db');
    const old = openDatabase(file, REPLICA_MIGRATIONS.slice(0, BEFORE));
    fillEveryState(old);
    const before = Object.fromEntries(
      ['outbox', 'pet_changes'].map((table) => [
        table,
        {
          declaration: declarationOf(old, table),
          rows: rowsOf(old, table),
          indexes: indexesOf(old, table),
          counter: counterOf(old, table),
        },
      ]),
    );
    old.close();

    const db = openDatabase(file, REPLICA_MIGRATIONS.slice(0, RENAMED));
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(RENAMED);
      for (const table of ['outbox', 'pet_changes']) {
        const { declaration, rows, indexes, counter } = before[table]!;
        // Renamed into place, the table is declared under its name in quotes (SQLite's way).
        expect(declarationOf(db, table)).toBe(
          declaration
            .replace(`CREATE TABLE ${table}`, `CREATE TABLE "${table}"`)
            .replace(`'rejected', 'needs_confirmation'`, `'refused', 'held'`),
        );
        expect(rowsOf(db, table)).toEqual(rows.map((row) => ({ ...row, state: renamed(row.state as string) })));
        expect(indexesOf(db, table)).toEqual(indexes);
        expect(counterOf(db, table)).toEqual(counter);
      }
      expect(rowsOf(db, 'outbox').map((row) => row.state)).toEqual([
        'pending',
        'sending',
        'unknown',
        'refused',
        'held',
        'accepted',
      ]);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      // The partial indexes still serve the queue's reads.
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN SELECT id FROM pet_changes WHERE state IN ('pending', 'unknown') ORDER BY id`)
        .all()
        .map((step) => (step as { detail: string }).detail)
        .join(' | ');
      expect(plan).toContain('pet_changes_waiting');
    } finally {
      db.close();
    }
  });

  it('takes only the new names from then on, and the queues count what waits by them', () => {
    const file = join(tempDir(), 'replica-staging.db');
    const old = openDatabase(file, REPLICA_MIGRATIONS.slice(0, BEFORE));
    fillEveryState(old);
    old.close();

    const db = openDatabase(file, REPLICA_MIGRATIONS);
    try {
      const setState = (table: string, state: string) =>
        db.prepare(`UPDATE ${table} SET state = ? WHERE idempotency_key LIKE '%-pending'`).run(state);
      for (const table of ['outbox', 'pet_changes']) {
        expect(String(thrown(() => setState(table, 'rejected')))).toMatch(/CHECK constraint failed/);
        expect(String(thrown(() => setState(table, 'needs_confirmation')))).toMatch(/CHECK constraint failed/);
        setState(table, 'pending');
      }
      const queues = openWriteQueues(
        db,
        createPetsTable(db),
        createServerExtensions(db, () => null),
        'staging',
      );
      // Waiting: pending, sending, unknown, of each kind; refused: an add, a change, and a change its server cannot take.
      expect(countAll(queues)).toEqual({ waiting: 6, held: 2, refused: 3, conflicts: 1 });
      const added = db
        .prepare(
          `INSERT INTO outbox (environment, base_url, idempotency_key, name, category_id, state, created_at, updated_at)
           VALUES ('staging', 'http://127.0.0.1:9/v1', 'add-new', 'New', 1, 'pending', 1, 1) RETURNING id`,
        )
        .pluck()
        .get();
      expect(added).toBe(ADD_STATES.length + 2); // after the discarded one's id, never it
    } finally {
      db.close();
    }
  });
});
