#!/usr/bin/env node
// Security checks run by CI:
// 1. Electronegativity over the sources: every finding must be fixed or explained in
//    .ci/electronegativity-explained.json (issue + file + reason); an unexplained one fails.
// 2. npm audit of the production dependencies: no high or critical advisory. Where the registry
//    does not serve the audit endpoint, it says so rather than pretending to have checked.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const electron = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
const explained = JSON.parse(readFileSync(join(root, '.ci/electronegativity-explained.json'), 'utf8'));

// Its downloads (translations, Electron's release notes) get no retries: see offline-got.cjs.
const offline = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${join(root, 'scripts/offline-got.cjs')}`.trim(),
};
let releasesUnchecked = false;

/** One Electronegativity run; null when its CSV came back cut short (it can exit before the file is complete). */
function analyse() {
  const csv = join(mkdtempSync(join(tmpdir(), 'electronegativity-')), 'findings.csv');
  const run = spawnSync('npx', ['electronegativity', '-i', 'src', '-e', electron, '-o', csv], {
    cwd: root,
    encoding: 'utf8',
    env: offline,
  });
  releasesUnchecked ||= /fetching Electron's releases/.test(`${run.stdout}${run.stderr}`);
  if (run.status !== 0 || !existsSync(csv)) {
    console.error(`electronegativity failed:\n${run.stdout}${run.stderr}`);
    process.exit(1);
  }
  const rows = readFileSync(csv, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
  if (rows.some((cells) => cells.length < 8)) return null;
  return rows.map(([issue, severity, , file, location]) => ({ issue, severity, file: relative(root, file), location }));
}

let findings = null;
for (let attempt = 0; attempt < 3 && findings === null; attempt++) findings = analyse();
if (findings === null) {
  console.error('electronegativity: its report was cut short three times; no verdict.');
  process.exit(1);
}
let unexplained = 0;
for (const finding of findings) {
  const why = explained.find((e) => e.issue === finding.issue && e.file === finding.file);
  console.log(
    `${why ? 'explained  ' : 'UNEXPLAINED'} ${finding.severity.padEnd(6)} ${finding.issue} ${finding.file}:${finding.location}${why ? ` (${why.reason})` : ''}`,
  );
  if (!why) unexplained++;
}
console.log(`electronegativity: ${findings.length} findings, ${unexplained} unexplained`);
if (releasesUnchecked) {
  console.log(
    `electronegativity: NOT CHECKED whether Electron ${electron} lacks security fixes of later releases: their notes are on GitHub, which cannot be reached here.`,
  );
}

// `npm run -s` hands its silence down (npm_config_loglevel); the audit's own messages are needed here.
const env = { ...process.env, npm_config_loglevel: 'warn' };
const audit = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high'], { cwd: root, encoding: 'utf8', env });
const auditOutput = `${audit.stdout}${audit.stderr}`;
let auditFailed = false;
if (/audit endpoint returned an error|ENOTFOUND|ECONNREFUSED|ETIMEDOUT/.test(auditOutput)) {
  console.log(
    'npm audit: NOT CHECKED: this registry does not serve the audit endpoint (it answered with an error), so advisories could not be read here.',
  );
} else if (audit.status !== 0) {
  console.error(`npm audit: high or critical advisories in production dependencies:\n${auditOutput}`);
  auditFailed = true;
} else {
  console.log('npm audit: no high or critical advisory in production dependencies');
}
process.exit(unexplained > 0 || auditFailed ? 1 : 0);
