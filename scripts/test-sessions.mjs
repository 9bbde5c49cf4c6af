#!/usr/bin/env node
// `npm run test:sessions -- [minutes] [seed]`: the randomized sessions of test/e2e/model-sessions.spec.ts
// for as long as asked (10 minutes by default), in the throwaway keyring; prints the seed, how many
// sessions and steps ran, and how many of each kind of command. PETSTORE_SESSION_LEAVE_OUT=find,add
// leaves kinds of command out, to look past a failure already known.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const [minutes = '10', seed] = process.argv.slice(2);
if (!/^\d+$/.test(minutes) || (seed !== undefined && !/^\d+$/.test(seed))) {
  console.error('usage: npm run test:sessions -- [minutes] [seed]');
  process.exit(2);
}
const result = spawnSync(
  process.execPath,
  [
    join(root, 'scripts/with-test-keyring.mjs'),
    'npx',
    'playwright',
    'test',
    'test/e2e/model-sessions.spec.ts',
    '--reporter=list',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PETSTORE_SESSION_MINUTES: minutes, ...(seed ? { PETSTORE_SESSION_SEED: seed } : {}) },
  },
);
process.exit(result.status ?? 1);
