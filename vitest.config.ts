import { defineConfig } from 'vitest/config';
import { besideBuiltSyncThread } from './test/setup/built-sync-thread.js';

export default defineConfig({
  // The sync thread runs built, as in the app: built once for the run (see the setup).
  plugins: [besideBuiltSyncThread()],
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/setup/built-sync-thread.ts'],
    // Native modules and real files: separate processes keep one suite's database from another's.
    pool: 'forks',
    testTimeout: 60_000,
    // A poll waits for what a real process, thread or server does; CI shares two cores with it.
    expect: { poll: { timeout: 10_000 } },
  },
});
