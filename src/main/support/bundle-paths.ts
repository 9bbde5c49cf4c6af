import { homedir, userInfo } from 'node:os';

/** The files of a support bundle, by name. */
export type SupportBundleFile =
  | 'README.txt'
  | 'versions.json'
  | 'settings.json'
  | 'data-files.json'
  | 'queued-work.json'
  | 'backups.json'
  | 'doctor.txt'
  | 'log.jsonl';

/** This computer account's name, or null where the OS gives none. */
function accountName(): string | null {
  try {
    return userInfo().username;
  } catch {
    return null;
  }
}

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` wherever it stands whole between the given boundaries, replaced by `shown`. */
const replaceWhole = (within: string, text: string, shown: string, before: string, after: string) =>
  within.replace(new RegExp(`(?<=${before})${literally(text)}(?=${after})`, 'gm'), shown);

/**
 * The data folder as `<data folder>` and the home folder as `~` where a path begins, as written
 * and as JSON escapes them (Windows' backslashes); then the account's name wherever it is a
 * folder's (a disk mounted under /media/<account>/): a path may hold a person's name.
 */
export function withoutPersonalPaths(text: string, dataDir: string): string {
  const pathStart = `^|[\\s"'(=]`;
  const pathGoesOn = `[\\\\/\\s"')]|$`;
  let kept = text;
  for (const [path, shown] of [
    [dataDir, '<data folder>'],
    [homedir(), '~'],
  ] as const) {
    if (path.length < 2) continue;
    for (const written of [JSON.stringify(path).slice(1, -1), path])
      kept = replaceWhole(kept, written, shown, pathStart, pathGoesOn);
  }
  const account = accountName();
  return account === null || account.length < 2
    ? kept
    : replaceWhole(kept, account, '<account>', '[\\\\/]', `[\\\\/"]|$`);
}
