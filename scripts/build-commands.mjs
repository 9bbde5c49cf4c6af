#!/usr/bin/env node
// Builds the command line and the service into plain JavaScript (out/commands/), so they start
// without a TypeScript compiler: `petstore` (src/main/cli/main.ts) and `petstore-serve`
// (src/main/server/serve.ts). One bundle each, ESM for Node 24; code they share, and what only
// some commands need, in chunks loaded when used. Only the native modules stay outside, loaded
// from node_modules as built for this Node (scripts/native-modules.mjs).
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const outdir = join(root, 'out', 'commands');
rmSync(outdir, { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: { petstore: 'src/main/cli/main.ts', 'petstore-serve': 'src/main/server/serve.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  external: ['better-sqlite3', 'keytar'],
  // Bundled CommonJS dependencies call require(); an ES module has none of its own.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __petstoreRequire } from 'node:module';\nconst require = __petstoreRequire(import.meta.url);",
  },
  define: { PETSTORE_VERSION: JSON.stringify(version) },
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'linked',
  logLevel: 'warning',
});
console.log(`commands built into ${outdir}`);
