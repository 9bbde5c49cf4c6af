#!/usr/bin/env node
// `npm test`: runs every suite, then prints one line summing them all:
//   N passed, N failed, N skipped
// Each suite writes a JSON report that this script reads, so the sum never depends on parsing
// a runner's human-readable output.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

// The keychain tests need a Secret Service: every suite runs inside a private one (with-test-keyring.mjs).
if (process.env.PETSTORE_TEST_KEYRING === undefined) {
  const result = spawnSync(
    process.execPath,
    [join(root, 'scripts/with-test-keyring.mjs'), process.execPath, ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
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
