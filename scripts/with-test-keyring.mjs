#!/usr/bin/env node
// `node scripts/with-test-keyring.mjs <command> [args...]`: runs the command inside a private D-Bus
// session with a throwaway, unlocked gnome-keyring whose files live in a temp dir, so keychain
// code meets a real Secret Service and a developer's real keychain is never seen. The command sees
// PETSTORE_TEST_KEYRING=1 (or 0 where there is no Secret Service to start: those tests skip, saying so).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  console.error('usage: node scripts/with-test-keyring.mjs <command> [args...]');
  process.exit(2);
}
const home = mkdtempSync(join(tmpdir(), 'petstore-keyring-'));
const xdg = Object.fromEntries(
  ['DATA', 'CONFIG', 'CACHE', 'RUNTIME'].map((kind) => {
    mkdirSync(join(home, kind.toLowerCase()), { mode: 0o700 });
    return [`XDG_${kind}_${kind === 'RUNTIME' ? 'DIR' : 'HOME'}`, join(home, kind.toLowerCase())];
  }),
);
const haveKeyring = ['dbus-run-session', 'gnome-keyring-daemon'].every(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0,
);
if (!haveKeyring) {
  console.log(
    'No dbus-run-session or gnome-keyring-daemon: keychain tests will skip (apt-get install dbus gnome-keyring).',
  );
}
const unlock = 'printf petstore-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"';
const argv = haveKeyring ? ['dbus-run-session', '--', 'sh', '-c', unlock, 'sh', command, ...args] : [command, ...args];
const result = spawnSync(argv[0], argv.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, ...xdg, PETSTORE_TEST_KEYRING: haveKeyring ? '1' : '0' },
});
rmSync(home, { recursive: true, force: true });
process.exit(result.status ?? 1);
