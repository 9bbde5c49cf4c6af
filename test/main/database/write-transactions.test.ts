// A transaction that reads before it writes, on a file another connection writes too (the sync
// thread, the CLI, a second window), must wait for that writer, never fail with "database is
// locked": SQLite cannot upgrade a read snapshot that another writer has made stale
// (SQLITE_BUSY_SNAPSHOT, and no busy timeout helps). Every writing transaction therefore takes the
// write lock when it begins (IMMEDIATE): `writeTransaction`. A plain deferred one is for reads.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, readTransaction, writeTransaction } from '../../../src/main/database/database';
import { useTempDir } from '../../helpers/temp-dir';

/** Another process holds the write lock for `ms`, writing a row, then commits; resolves once it holds it. */
async function writerHolding(file: string, ms: number): Promise<{ done: Promise<void> }> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1], { timeout: 5000 });
    db.prepare('BEGIN IMMEDIATE').run();
    db.prepare("INSERT INTO t (v) VALUES ('other')").run();
    process.stdout.write('locked\\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
    db.prepare('COMMIT').run();
  `;
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const done = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`writer exited ${code}`)))),
  );
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return { done };
}

describe('transactions on a file other connections write', () => {
  const tempDir = useTempDir();

  it('a writing transaction that reads first waits for another writer instead of failing', async () => {
    const file = join(tempDir(), 'shared.db');
    const db = openDatabase(file, [(d) => d.exec('CREATE TABLE t (v TEXT)')]);
    const readThenWrite = () => {
      const seen = db.prepare<[], number>('SELECT count(*) FROM t').pluck().get()!;
      db.prepare('INSERT INTO t (v) VALUES (?)').run(`after ${seen}`);
    };
    // What it guards against: a deferred transaction fails when the other writer commits first.
    const deferred = await writerHolding(file, 300);
    expect(() => db.transaction(readThenWrite)()).toThrow(/database is locked/);
    await deferred.done;
    const other = await writerHolding(file, 300);
    writeTransaction(db, readThenWrite)();
    await other.done;
    expect(db.prepare('SELECT v FROM t ORDER BY rowid').pluck().all()).toEqual(['other', 'other', 'after 2']);
    expect(readTransaction(db, () => db.prepare('SELECT count(*) FROM t').pluck().get())()).toBe(3);
    db.close();
  });

  it('the app opens no transaction but through writeTransaction or readTransaction', () => {
    const root = join(import.meta.dirname, '../../../src/main');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'));
    const direct = files.filter(
      (name) =>
        name !== join('database', 'database.ts') && /\bdb\.transaction\(/.test(readFileSync(join(root, name), 'utf8')),
    );
    expect(direct).toEqual([]);
  });

  it('every transaction of the app is synced as it commits, but a walk’s page: no other source lowers synchronous', () => {
    const root = join(import.meta.dirname, '../../../src/main');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'));
    const lowering = files.filter((name) =>
      /synchronous\s*=\s*(?!FULL\b)\w+/i.test(readFileSync(join(root, name), 'utf8')),
    );
    // The one exception, said where it is made: a page of a walk is the server's, fetched again if a
    // power cut takes it back; the connection's other writes stay FULL around it.
    expect(lowering).toEqual([join('sync', 'walk-store.ts')]);
    const db = openDatabase(join(tempDir(), 'synced.db'), [(d) => d.exec('CREATE TABLE t (v TEXT)')]);
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL: in WAL mode, each commit waits for its fsync
    db.close();
  });
});
