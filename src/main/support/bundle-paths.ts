import { homedir } from 'node:os';

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

/**
 * The data folder as `<data folder>` and the home folder as `~`, in every file: a path may hold a
 * person's account name. Both as written and as JSON escapes them (Windows' backslashes).
 */
export function withoutPersonalPaths(text: string, dataDir: string): string {
  let kept = text;
  for (const [path, shown] of [
    [dataDir, '<data folder>'],
    [homedir(), '~'],
  ] as const) {
    if (path.length < 2) continue;
    kept = kept.replaceAll(JSON.stringify(path).slice(1, -1), shown).replaceAll(path, shown);
  }
  return kept;
}
