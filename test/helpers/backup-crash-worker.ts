// Backs up the app database, or restores one of two backups in turn, over and over until killed.
// It prints a line only after each has returned.
import { join } from 'node:path';
import { restoreBackup } from '../../src/main/core/restore-backup';
import { backupOnline } from '../../src/main/database/backups';
import { openDatabase } from '../../src/main/database/database';

const [mode, dataDir, ...backups] = process.argv.slice(2) as ['backup' | 'restore', string, ...string[]];
if (mode === 'backup') {
  const db = openDatabase(join(dataDir, 'petstore.db'));
  process.stdout.write('#ready\n');
  for (;;) {
    const made = await backupOnline(db, { folder: join(dataDir, 'backups'), environment: 'local', reason: 'daily' });
    process.stdout.write(`${made.file}\n`);
  }
} else {
  process.stdout.write('#ready\n');
  for (let round = 0; ; round++) {
    const backup = backups[round % backups.length]!;
    restoreBackup({ dataDir, backup });
    process.stdout.write(`${backup}\n`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
