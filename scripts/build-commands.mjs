#!/usr/bin/env node
// Builds the command line and the service into plain JavaScript (out/commands/), so they start
// without a TypeScript compiler: `petstore` (src/main/cli/main.ts) and `petstore-serve`
// (src/main/server/serve.ts). One bundle each, ESM for Node 24; code they share, and what only
// some commands need, in chunks loaded when used. Only the native modules stay outside, loaded
// from node_modules as built for this Node (scripts/native-modules.mjs), sharp, which loads
// its platform's libvips binary (@img/sharp-*) beside itself, and playwright-core, which finds its
// own files beside itself to drive the Chromium that prints paper.
// Beside them the sync thread (src/main/sync/sync-thread.ts), where start-sync-thread.ts looks for
// it. `--sync-thread-into <folder>`: the sync thread alone, into that folder (each test run has its own).
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

// Bundled CommonJS dependencies call require(); an ES module has none of its own.
const requireShim =
  "import { createRequire as __petstoreRequire } from 'node:module';\nconst require = __petstoreRequire(import.meta.url);";
const forNode = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  external: ['better-sqlite3', 'keytar', 'sharp', 'playwright-core'],
  banner: { js: requireShim },
  define: { PETSTORE_VERSION: JSON.stringify(version) },
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'linked',
  logLevel: 'warning',
};

/** `sync-thread.js`, the name the main build gives it (electron.vite.config.ts). */
const buildSyncThread = (outdir) =>
  build({ ...forNode, entryPoints: { 'sync-thread': 'src/main/sync/sync-thread.ts' }, outdir });

const [option, folder] = process.argv.slice(2);
if (option === '--sync-thread-into' && folder !== undefined) {
  await buildSyncThread(resolve(folder));
} else {
  // Built beside, then swapped in: a command started meanwhile (a test) finds the old build or the new, never none.
  const outdir = join(root, 'out', 'commands');
  const building = `${outdir}.building-${process.pid}`;
  try {
    await build({
      ...forNode,
      entryPoints: { petstore: 'src/main/cli/main.ts', 'petstore-serve': 'src/main/server/serve.ts' },
      outdir: building,
      outExtension: { '.js': '.mjs' },
      splitting: true,
      banner: { js: `#!/usr/bin/env node\n${requireShim}` },
    });
    await buildSyncThread(building);
    rmSync(outdir, { recursive: true, force: true });
    renameSync(building, outdir);
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  console.log(`commands built into ${outdir}`);
}
