import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');

/** The commands as built by `npm run build` (scripts/build-commands.mjs): what a shop runs, not the sources. */
export const BUILT_COMMANDS = {
  petstore: join(ROOT, 'out/commands/petstore.mjs'),
  'petstore-serve': join(ROOT, 'out/commands/petstore-serve.mjs'),
} as const;

/** The path of a built command, or a failure that says how to build it. */
export function builtCommand(name: keyof typeof BUILT_COMMANDS): string {
  const file = BUILT_COMMANDS[name];
  if (!existsSync(file)) throw new Error(`${file} is not built: run npm run build (npm test builds it first).`);
  return file;
}

/**
 * The environment a command runs in for a test: this process's, without the app's own settings
 * (an address preset or key of the developer's must not leak in), plus the test's.
 */
export function commandEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('PETSTORE_') || name === 'PETSTORE_TEST_KEYRING'),
  );
  return { ...env, ...extra };
}
