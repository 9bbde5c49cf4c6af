import type { SupportBundleFile } from './bundle-paths';

const WHAT_EACH_HOLDS: Record<Exclude<SupportBundleFile, 'README.txt'>, string> = {
  'versions.json': "the app's version and what it runs on: Node, Electron and Chromium (in the app), SQLite, the OS",
  'settings.json':
    "the settings: the active environment, each server's address and whether a key is set (never the key), currencies, what cards show, how many managers and staff (never a name or a PIN)",
  'data-files.json': "each data file's schema version, beside the version this app understands",
  'queued-work.json': 'for each server, how many adds and changes wait to be sent, by state (accepted ones left out)',
  'backups.json': 'the backup folder, and for each environment its newest backup, the last failure and any warning',
  'doctor.txt': 'what `petstore doctor` found, line by line',
  'log.jsonl':
    "the app log's last lines, each with only the fields that cannot hold a person's or an animal's data (time, level, the app's fixed messages, codes, counts); `fieldsLeftOut` says how many were not kept",
};

/** What the bundle's README.txt says: when it was made, and what each file holds and leaves out. */
export function readmeText(madeAt: number): string {
  return [
    `Petstore Desk support bundle, made ${new Date(madeAt).toISOString()}.`,
    '',
    'For whoever helps this shop with the app. It holds no key, no PIN, no animal, buyer or staff',
    'member by name or detail: counts only. In paths the data folder reads <data folder>, the',
    "home folder ~, and this computer account's name <account>.",
    '',
    ...Object.entries(WHAT_EACH_HOLDS).map(([file, holds]) => `${file.padEnd(17)} ${holds}`),
    '',
  ].join('\n');
}
