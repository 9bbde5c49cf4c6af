#!/usr/bin/env node
// `npm test`: runs every suite, then prints one line summing them all:
//   N passed, N failed, N skipped
// Each suite writes a JSON report that this script reads, so the sum never depends on parsing
// a runner's human-readable output.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

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
    failures: (r) =>
      r.testResults.flatMap((file) =>
        file.assertionResults
          .filter((test) => test.status === 'failed')
          .map((test) => ({
            name: `${file.name.replace(`${root}/`, '')} › ${test.fullName}`,
            why: test.failureMessages.join('\n'),
          })),
      ),
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
    failures: (r) => playwrightFailures(r.suites ?? []),
  },
];

/** Failed Playwright tests, searched through nested describe blocks. */
function playwrightFailures(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => ({
        name: `${spec.file}:${spec.line} › ${spec.title}`,
        why: spec.tests
          .flatMap((test) => test.results.map((result) => result.error?.message ?? result.errors?.[0]?.message ?? ''))
          .join('\n'),
      })),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

const total = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
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
  const report = JSON.parse(readFileSync(suite.report, 'utf8'));
  const counts = suite.count(report);
  failures.push(...suite.failures(report));
  for (const key of Object.keys(total)) total[key] += counts[key];
  if (result.status !== 0 && counts.failed === 0) {
    console.error(`${suite.name}: exited ${result.status} with no failed test; counting that as a failure.`);
    total.failed += 1;
    broken = true;
  }
}

// Named again here, at the end, where a CI log's tail is read.
if (failures.length > 0) {
  console.log('\n=== failed ===');
  for (const failure of failures) {
    console.log(`✗ ${failure.name}`);
    const why = stripVTControlCharacters(failure.why).trim().split('\n').slice(0, 12);
    for (const line of why) console.log(`    ${line}`);
  }
}

console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || broken ? 1 : 0);
