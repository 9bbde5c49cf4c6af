import { strToU8, zipSync } from 'fflate';
import { appLogFile } from '../config/app-log';
import { schemaVersions, errorCode } from '../support/bundle-data-files';
import { withoutPersonalPaths, type SupportBundleFile } from '../support/bundle-paths';
import { queuedWork } from '../support/bundle-queues';
import { readmeText } from '../support/bundle-readme';
import { settingsWithoutSecrets, type SettingsCore } from '../support/bundle-settings';
import { versionsInUse } from '../support/bundle-versions';
import { allowedLogLine } from '../support/log-allow-list';
import { lastLines } from '../support/log-tail';
import { writeFileWhole } from '../support/write-whole';
import { checkInWords, runDoctorChecks, type DoctorCheck, type DoctorCore } from './doctor-checks';
import type { BackupStatus } from '../../shared/contract/backups';
import { PRIVATE_FILE_MODE } from '../config/private-files';

/** The app log's last lines a bundle keeps. */
export const BUNDLE_LOG_LINES = 300;

/** What a support bundle reads of an open core. */
export interface BundleCore extends SettingsCore, DoctorCore {
  backupStatus(): BackupStatus;
}

export interface BundleSources {
  dataDir: string;
  /** The open core, or null when a data file kept it closed (doctor's checks say which). */
  core: BundleCore | null;
  checks: DoctorCheck[];
  now: number;
}

const CORE_CLOSED = 'not read: the app database was not opened (doctor.txt says why)';
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A piece that fails says so in its file, in a code: the rest of the bundle is still made. */
async function piece(read: () => unknown): Promise<string> {
  try {
    return json(await read());
  } catch (error) {
    return json(`could not be gathered (${errorCode(error)})`);
  }
}

/** Each file of a support bundle, as text (see support/bundle-readme.ts for what each holds). */
export async function supportBundleFiles({ dataDir, core, checks, now }: BundleSources) {
  const files: Record<SupportBundleFile, string> = {
    'README.txt': readmeText(now),
    'versions.json': await piece(versionsInUse),
    'settings.json': await piece(() => (core === null ? CORE_CLOSED : settingsWithoutSecrets(core))),
    'data-files.json': await piece(() => schemaVersions(dataDir)),
    'queued-work.json': await piece(() => queuedWork(dataDir)),
    'backups.json': await piece(() => (core === null ? CORE_CLOSED : core.backupStatus())),
    'doctor.txt': checks.map((check) => `${checkInWords(check)}\n`).join(''),
    'log.jsonl': await lastLines(appLogFile(dataDir), BUNDLE_LOG_LINES).then(
      (lines) => lines.map((line) => `${JSON.stringify(allowedLogLine(line))}\n`).join(''),
      (error: unknown) => json(`could not be read (${errorCode(error)})`),
    ),
  };
  return Object.fromEntries(
    Object.entries(files).map(([name, text]) => [name, withoutPersonalPaths(text, dataDir)]),
  ) as Record<SupportBundleFile, string>;
}

/** The bundle as a zip (fflate): each file a small readable text. */
export async function supportBundleZip(sources: BundleSources): Promise<Uint8Array> {
  const files = await supportBundleFiles(sources);
  const mtime = new Date(sources.now);
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, [strToU8(text), { mtime }]])), {
    level: 6,
  });
}

/** Writes the bundle to `path`, whole or not at all (see write-whole.ts); the command line's road. */
export async function writeSupportBundle(path: string, sources: BundleSources): Promise<void> {
  await writeFileWhole(path, await supportBundleZip(sources), { mode: PRIVATE_FILE_MODE });
}

export interface SupportParts {
  dataDir: string;
  /** Main's save dialog for zips: the path the bundle was saved to, or null when a person chose none. */
  saveZip: (suggestedName: string, zip: Uint8Array) => Promise<string | null>;
  now: () => number;
  /** The core the bundle is made of, once it is assembled. */
  core: () => BundleCore;
}

/** The name a bundle is offered under: the day it was made. */
export const supportBundleName = (now: number) => `petstore-support-${new Date(now).toISOString().slice(0, 10)}.zip`;

/**
 * Help > Save a support bundle: doctor's checks run over this core, then the bundle saved where a
 * person chooses (main's save dialog, which writes it whole); null when they chose none.
 */
export function createSupportUseCases({ dataDir, saveZip, now, core }: SupportParts) {
  return {
    async saveSupportBundleToFile(): Promise<{ path: string | null }> {
      const { checks } = await runDoctorChecks(dataDir, core);
      const zip = await supportBundleZip({ dataDir, core: core(), checks, now: now() });
      return { path: await saveZip(supportBundleName(now()), zip) };
    },
  };
}
