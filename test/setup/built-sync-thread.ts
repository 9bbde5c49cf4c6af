// The sync thread runs from built JavaScript only: product code compiles no TypeScript. Each test
// run builds it once, as the commands are built (scripts/build-commands.mjs), into a folder of its
// own (a build elsewhere never replaces a file a thread is loading), and start-sync-thread.ts, run
// from its source, looks for the thread there as if it had been built beside it.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const ROOT = join(import.meta.dirname, '../..');
const START_SYNC_THREAD = join(ROOT, 'src/main/sync/start-sync-thread.ts');
// The globalSetup and the plugin run in vitest's own process: its pid names the run.
const BUILT = join(ROOT, 'out/test-sync-thread', String(process.pid));

/** Vitest's globalSetup: builds the thread before the suites, and removes it after them. */
export default function buildSyncThread(): () => void {
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-commands.mjs'), '--sync-thread-into', BUILT], {
    stdio: 'pipe',
  });
  return () => rmSync(BUILT, { recursive: true, force: true });
}

/** start-sync-thread.ts's own URL, in the tests, is that of a build beside this run's thread. */
export function besideBuiltSyncThread(): Plugin {
  const builtUrl = JSON.stringify(pathToFileURL(join(BUILT, 'start-sync-thread.js')).href);
  return {
    name: 'petstore-beside-built-sync-thread',
    enforce: 'pre',
    transform(code, id) {
      if (id !== START_SYNC_THREAD) return undefined;
      if (!code.includes('import.meta.url')) throw new Error(`${id} no longer finds its thread from import.meta.url.`);
      return code.replaceAll('import.meta.url', builtUrl);
    },
  };
}
