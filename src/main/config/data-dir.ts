import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'Petstore Desk';

/**
 * Where the app keeps its database and logs: PETSTORE_DATA_DIR when set (CLI, server, tests),
 * otherwise the folder Electron's app.getPath('userData') gives the desktop app, computed the
 * same way so that the CLI and the app share one database.
 */
export function dataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env['PETSTORE_DATA_DIR']) return env['PETSTORE_DATA_DIR'];
  const home = homedir();
  switch (platform) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', APP_NAME);
    case 'win32':
      return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), APP_NAME);
    default:
      return join(env['XDG_CONFIG_HOME'] ?? join(home, '.config'), APP_NAME);
  }
}

export const DATABASE_FILE_NAME = 'petstore.db';

/** The backups' folder inside the data folder, until a manager chooses another. */
export const BACKUP_FOLDER_NAME = 'backups';
