import { readFileSync } from 'node:fs';

// Set by the build of the commands (scripts/build-commands.mjs); absent when run from the sources.
declare const PETSTORE_VERSION: string | undefined;

/** The app's version, as package.json says it. */
export const APP_VERSION: string =
  typeof PETSTORE_VERSION === 'string'
    ? PETSTORE_VERSION
    : (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string })
        .version;
