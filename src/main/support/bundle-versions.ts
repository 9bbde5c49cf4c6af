import { release } from 'node:os';
import Database from 'better-sqlite3';
import { APP_VERSION } from '../config/app-version';

/** The versions of the app and what it runs on: Node, Electron and Chromium when present, SQLite, the OS. */
export function versionsInUse() {
  const probe = new Database(':memory:');
  try {
    return {
      app: APP_VERSION,
      node: process.versions.node,
      electron: process.versions['electron'] ?? null,
      chromium: process.versions['chrome'] ?? null,
      sqlite: probe.prepare<[], string>('SELECT sqlite_version()').pluck().get()!,
      platform: process.platform,
      arch: process.arch,
      osRelease: release(),
    };
  } finally {
    probe.close();
  }
}
