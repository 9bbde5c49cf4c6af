#!/usr/bin/env node
// Makes the native modules loadable by the runtime about to use them:
//   node      before tests, benchmarks, the CLI and the server (postinstall, pretest, prebench)
//   electron  before the app (prestart, predev)
// Node and Electron have different ABIs, so one build cannot serve both. This script loads each
// module in the target runtime; only if that fails with an ABI mismatch does it switch the build,
// from a cache of earlier builds when it has one, else with `npm rebuild` for that runtime.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const target = process.argv[2];
if (target !== 'node' && target !== 'electron') {
  console.error('usage: node scripts/native-modules.mjs <node|electron>');
  process.exit(2);
}

const root = join(import.meta.dirname, '..');
// Each probe makes the module load its binary (better-sqlite3 loads it lazily, on first open).
const PROBES = {
  'better-sqlite3': "new (require('better-sqlite3'))(':memory:').close()",
  keytar: "require('keytar')",
};
const modules = Object.keys(PROBES).filter((name) => existsSync(join(root, 'node_modules', name, 'package.json')));
const ABI_MISMATCH =
  /NODE_MODULE_VERSION|compiled against a different Node\.js version|Could not locate the bindings file|did not self-register|invalid ELF header|cannot open shared object|No such file or directory.*\.node/;

/** The Electron binary, found the way node_modules/electron/index.js finds it, minus its on-demand download. */
function electronBinary() {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const relative = readFileSync(pathFile, 'utf8');
  const binary = process.env.ELECTRON_OVERRIDE_DIST_PATH
    ? join(process.env.ELECTRON_OVERRIDE_DIST_PATH, relative)
    : join(dir, 'dist', relative);
  return existsSync(binary) ? binary : null;
}

function electronRuntime() {
  const binary = electronBinary();
  if (binary === null) {
    console.error(
      'Cannot start Petstore Desk: the Electron binary is not installed (node_modules/electron/dist is missing, ' +
        'as after ELECTRON_SKIP_BINARY_DOWNLOAD=1 or when its download host is unreachable); run ' +
        '`node node_modules/electron/install.js` on a network that reaches it, then `npm start` again.',
    );
    process.exit(1);
  }
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8'));
  return { command: binary, env: { ELECTRON_RUN_AS_NODE: '1' }, key: `electron-${version}`, version };
}

const runtime =
  target === 'electron'
    ? electronRuntime()
    : { command: process.execPath, env: {}, key: `node-${process.versions.modules}` };

function probe(name) {
  const result = spawnSync(runtime.command, ['-e', PROBES[name]], {
    cwd: root,
    env: { ...process.env, ...runtime.env },
    encoding: 'utf8',
  });
  return { ok: result.status === 0, error: `${result.stderr ?? ''}${result.error ?? ''}` };
}

const buildDir = (name) => join(root, 'node_modules', name, 'build', 'Release');
const cacheDir = (name) => join(root, 'node_modules', '.cache', 'petstore-native', runtime.key, name);

function rebuild(name) {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (/^npm_config_(runtime|target|disturl|nodedir)$/i.test(key)) delete env[key];
  if (target === 'node') {
    // Node's own headers, next to the binary that runs (as the official tarballs and the npm
    // registry's `node` package lay them out), rather than a machine-wide nodedir for another Node.
    const prefix = join(process.execPath, '..', '..');
    if (existsSync(join(prefix, 'include', 'node', 'node_version.h'))) env.npm_config_nodedir = prefix;
  }
  if (target === 'electron') {
    Object.assign(env, {
      npm_config_runtime: 'electron',
      npm_config_target: runtime.version,
      npm_config_disturl: 'https://electronjs.org/headers',
      npm_config_nodedir: '', // Node's own headers (a global nodedir) are the wrong ones for Electron
    });
  }
  console.log(`native-modules: building ${name} for ${runtime.key} (once; later switches use a cache)`);
  const result = spawnSync('npm', ['rebuild', name], { cwd: root, env, stdio: 'inherit' });
  return result.status === 0;
}

let failed = false;
for (const name of modules) {
  let result = probe(name);
  if (result.ok) {
    if (!existsSync(cacheDir(name)) && existsSync(buildDir(name)))
      cpSync(buildDir(name), cacheDir(name), { recursive: true });
    continue;
  }
  if (!ABI_MISMATCH.test(result.error)) {
    console.error(`native-modules: ${name} does not load under ${runtime.key}:\n${result.error}`);
    failed = true;
    continue;
  }
  if (existsSync(cacheDir(name))) {
    rmSync(buildDir(name), { recursive: true, force: true });
    cpSync(cacheDir(name), buildDir(name), { recursive: true });
    result = probe(name);
  }
  if (!result.ok && rebuild(name)) result = probe(name);
  if (!result.ok) {
    console.error(`native-modules: ${name} still does not load under ${runtime.key}:\n${result.error}`);
    failed = true;
  } else {
    rmSync(cacheDir(name), { recursive: true, force: true });
    cpSync(buildDir(name), cacheDir(name), { recursive: true });
    console.log(`native-modules: ${name} ready for ${runtime.key}`);
  }
}
process.exit(failed ? 1 : 0);
