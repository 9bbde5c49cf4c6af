// SIGKILL at random moments of a backup and of a restore: a backup's name is only ever on a whole,
// checked file, and the app database is always there, whole, holding what it held or what a
// backup held; nothing the restore replaced is lost (each replaced file is kept aside, the newest few).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { listBackups } from '../../../src/main/database/backup-files';
import { readBackup } from '../../../src/main/database/backup-contents';
import { backupOnline } from '../../../src/main/database/backups';
import { openDatabase } from '../../../src/main/database/database';
import { KEPT_ASIDE_LIMIT } from '../../../src/main/database/restore-file';
import { runUntilKilled } from '../../helpers/killed-worker';
import { useTempDir } from '../../helpers/temp-dir';

const KILLS = 12;
const ANIMALS = 20_000;

/** How long after it is ready a worker may be killed: a backup of this file takes about a second. */
const KILL_WITHIN_MS = { backup: 1500, restore: 400 };

/** Runs the worker until it is ready, then kills it at a random moment; the lines it finished. */
async function killedAtRandom(mode: 'backup' | 'restore', dataDir: string, backups: string[] = []): Promise<string[]> {
  const { lines } = await runUntilKilled('backup-crash-worker.ts', [mode, dataDir, ...backups], (output) =>
    output.includes('#ready') ? Math.random() * KILL_WITHIN_MS[mode] : undefined,
  );
  return lines.filter((line) => !line.startsWith('#'));
}

/** The names of the animals in a database file, after an integrity check. */
function animalsOf(file: string): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    return db.prepare<[], string>('SELECT name FROM pets WHERE id = 1').pluck().all();
  } finally {
    db.close();
  }
}

function appDatabaseOf(dataDir: string, names: string[]) {
  const db = openDatabase(join(dataDir, 'petstore.db'));
  const add = db.prepare("INSERT INTO pets (name, category_id, status, search_text) VALUES (?, 1, 'available', ?)");
  db.transaction(() => {
    for (const name of names) add.run(name, name.toLowerCase());
    for (let i = 0; i < ANIMALS; i++) add.run(`Filler ${i}`, `filler ${i}`);
  })();
  return db;
}

describe('backups and restores killed at random moments', () => {
  const tempDir = useTempDir();

  it(`${KILLS} SIGKILLs while backing up: every file under a backup's name is whole and checked`, async () => {
    const dataDir = tempDir();
    appDatabaseOf(dataDir, ['Rex']).close();
    let finished = 0;
    for (let round = 0; round < KILLS; round++) {
      finished += (await killedAtRandom('backup', dataDir)).length;
      for (const { file } of listBackups(join(dataDir, 'backups')))
        expect(readBackup(file), file).toMatchObject({ environment: 'local', animals: ANIMALS + 1 });
      expect(animalsOf(join(dataDir, 'petstore.db'))).toEqual(['Rex']);
    }
    console.log(`${finished} backups finished across ${KILLS} kills`);
    expect(listBackups(join(dataDir, 'backups')).length).toBeGreaterThan(0);
  });

  it(`${KILLS} SIGKILLs while restoring: the file is always whole, and the files it replaced are kept aside`, async () => {
    const dataDir = tempDir();
    const db = appDatabaseOf(dataDir, ['Rex']);
    // Two folders: rotation keeps one backup of a day in each.
    const onlyRex = await backupOnline(db, { folder: join(dataDir, 'a'), environment: 'local', reason: 'daily' });
    db.prepare("UPDATE pets SET name = 'Tom', search_text = 'tom' WHERE id = 1").run();
    const onlyTom = await backupOnline(db, { folder: join(dataDir, 'b'), environment: 'local', reason: 'daily' });
    db.prepare("UPDATE pets SET name = 'Ada', search_text = 'ada' WHERE id = 1").run();
    db.close();
    const states = [['Rex'], ['Tom'], ['Ada']];
    const asideNow = () =>
      readdirSync(dataDir)
        .filter((name) => name.includes('.before-restore-'))
        .map((name) => animalsOf(join(dataDir, name)));
    let finished = 0;
    for (let round = 0; round < KILLS; round++) {
      finished += (await killedAtRandom('restore', dataDir, [onlyRex.file, onlyTom.file])).length;
      const current = animalsOf(join(dataDir, 'petstore.db'));
      expect(states).toContainEqual(current);
      openDatabase(join(dataDir, 'petstore.db')).close(); // the app opens it as ever
    }
    // Each restore kept the file it replaced, whole; the newest KEPT_ASIDE_LIMIT of them stay.
    const aside = asideNow();
    expect(aside.length).toBeGreaterThanOrEqual(Math.min(KEPT_ASIDE_LIMIT, finished));
    expect(aside.length).toBeLessThanOrEqual(KEPT_ASIDE_LIMIT + 1); // one more when killed before the rotation
    for (const kept of aside) expect(states).toContainEqual(kept);
    console.log(`${finished} restores finished across ${KILLS} kills`);
    expect(finished).toBeGreaterThan(0);
  });
});
