#!/usr/bin/env node
// `npm test`: runs every suite, then prints one line summing them all:
//   N passed, N failed, N skipped
// Each suite writes a JSON report that this script reads, so the sum never depends on parsing
// a runner's human-readable output.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

// The keychain tests need a Secret Service. Run every suite inside a private D-Bus session with a
// throwaway gnome-keyring whose files live in a temp dir: a developer's real keychain is never seen.
if (process.env.PETSTORE_TEST_KEYRING === undefined) {
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
  const command = haveKeyring
    ? ['dbus-run-session', '--', 'sh', '-c', unlock, 'sh', process.execPath, ...process.argv.slice(1)]
    : [process.execPath, ...process.argv.slice(1)];
  const result = spawnSync(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...xdg, PETSTORE_TEST_KEYRING: haveKeyring ? '1' : '0' },
  });
  rmSync(home, { recursive: true, force: true });
  process.exit(result.status ?? 1);
}
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** Each suite: how to run it, and how to count its JSON report. */
const suites = [
  {
    name: 'vitest (unit, integration, property)',
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'vitest.json')}`,
    ],
    report: join(reports, 'vitest.json'),
    count: (r) => ({
      passed: r.numPassedTests,
      failed: r.numFailedTests,
      skipped: r.numPendingTests + r.numTodoTests,
    }),
  },
  {
    name: 'playwright (end to end: the renderer in Chromium over the real core)',
    command: ['npx', 'playwright', 'test'],
    report: join(reports, 'playwright.json'),
    count: (r) => ({
      passed: r.stats.expected + r.stats.flaky,
      failed: r.stats.unexpected,
      skipped: r.stats.skipped,
    }),
  },
];

const total = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
for (const suite of suites) {
  console.log(`\n=== ${suite.name} ===`);
  const result = spawnSync(suite.command[0], suite.command.slice(1), { cwd: root, stdio: 'inherit' });
  if (!existsSync(suite.report)) {
    console.error(`${suite.name}: no report written (exit ${result.status}); counting the suite as failed.`);
    total.failed += 1;
    broken = true;
    continue;
  }
  const counts = suite.count(JSON.parse(readFileSync(suite.report, 'utf8')));
  for (const key of Object.keys(total)) total[key] += counts[key];
  if (result.status !== 0 && counts.failed === 0) {
    console.error(`${suite.name}: exited ${result.status} with no failed test; counting that as a failure.`);
    total.failed += 1;
    broken = true;
  }
}

console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || broken ? 1 : 0);
