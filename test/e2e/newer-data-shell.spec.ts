// The built shell over a data folder whose database a newer version wrote: main's own dialog names
// that version and what to install, and the app quits without touching the file.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { test, expect } from '@playwright/test';
import { openDatabase } from '../../src/main/database/database';
import { MIGRATIONS } from '../../src/main/database/migrations';
import { startShell } from './electron-stand-in/shell-process';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

test('a database from a newer version: main says which version wrote it and what to install, then quits', async () => {
  const userData = mkdtempSync(join(tmpdir(), 'petstore-newer-'));
  const file = join(userData, 'petstore.db');
  openDatabase(file).close();
  const db = new Database(file);
  db.prepare("UPDATE app_writer SET app_version = '0.4.0'").run();
  db.pragma(`user_version = ${MIGRATIONS.length + 4}`);
  db.close();
  const before = sha256(file);

  const shell = await startShell({ STAND_IN_PACKAGED: '1', STAND_IN_USER_DATA: userData });
  try {
    const calls = (await shell.ask<Array<{ api: string; args: unknown[] }>>('becomeReady')).filter(
      (call) => call.api === 'dialog.showErrorBox' || call.api === 'app.exit' || call.api === 'new BrowserWindow',
    );
    expect(calls.map((call) => call.api)).toEqual(['dialog.showErrorBox', 'app.exit']);
    expect(calls[0]!.args[0]).toEqual({
      title: 'Petstore Desk cannot open its data',
      content: expect.stringMatching(
        new RegExp(
          `^${file.replaceAll('.', '\\.')} was written by Petstore Desk 0\\.4\\.0 \\(database schema ${MIGRATIONS.length + 4};.*Install Petstore Desk 0\\.4\\.0 or newer to open it.*The file was not changed\\.$`,
        ),
      ),
    });
    expect(calls[1]!.args).toEqual([1]);
    expect(sha256(file)).toBe(before);
  } finally {
    shell.stop();
    rmSync(userData, { recursive: true, force: true });
  }
});
