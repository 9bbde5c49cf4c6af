import { it } from 'vitest';

/**
 * True inside `npm test`, which runs the suites in a private D-Bus session with an unlocked,
 * throwaway gnome-keyring (scripts/run-tests.mjs). Run alone (plain `npx vitest`), keychain
 * tests skip and say why.
 */
export const haveTestKeyring = process.env['PETSTORE_TEST_KEYRING'] === '1';

export const itWithKeyring = haveTestKeyring
  ? it
  : (name: string, ..._rest: unknown[]) =>
      it.skip(`${name} [skipped: no private Secret Service; run through npm test, which starts one]`, () => {});
