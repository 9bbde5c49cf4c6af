import { ENVIRONMENT_LABELS, isLoopbackHost, type RemoteEnvironment } from './environments';

/** The longest feed address taken. */
export const UPDATE_FEED_MAX_LENGTH = 2_048;

/** Work waiting to be sent to one server (its queues' waiting count). */
export interface WaitingWork {
  environment: RemoteEnvironment;
  count: number;
}

/** Why a downloaded update is kept for a later quit rather than installed at this one. */
export type KeepReason =
  | { kind: 'nothing-downloaded' }
  | { kind: 'held' }
  | { kind: 'dialog-open' }
  | { kind: 'work-waiting'; waiting: WaitingWork[] };

/** What the updater is doing. */
export type UpdateActivity = 'idle' | 'checking' | 'downloading';

/** How this counter stands with updates, as main decided it: the window shows it and never decides. */
export interface UpdateView {
  /** This copy's version. */
  version: string;
  /** The installed app updates itself; the command line and a copy run from its sources do not. */
  canUpdate: boolean;
  /** A manager holds this counter on its version: nothing is checked, downloaded or installed. */
  held: boolean;
  /** The feed's address (where the shop hosts latest*.yml and the installers), or null: no checks. */
  feed: string | null;
  activity: UpdateActivity;
  /** Percent of the download done, while downloading. */
  progress: number | null;
  /** When the feed last answered a check (ISO 8601). */
  checkedAt: string | null;
  /** The newer version the feed offers. */
  available: string | null;
  /** The version downloaded and checked, ready to install when the app quits. */
  downloaded: string | null;
  /** With a download: installed at the next quit, or kept for a later quit and why. */
  atQuit: { install: true } | { install: false; because: KeepReason } | null;
  /** The last check's or download's failure, in words; null once one succeeds. */
  problem: string | null;
  /** Main's count of changes told: of two views, the window keeps the one with the higher. */
  revision: number;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A reason to keep a download for a later quit, as the window says it. */
export function keepReasonInWords(reason: KeepReason): string {
  switch (reason.kind) {
    case 'nothing-downloaded':
      return 'No update is downloaded.';
    case 'held':
      return 'A manager holds this counter on its version.';
    case 'dialog-open':
      return 'A dialog is open: it installs at a quit with no dialog open.';
    case 'work-waiting': {
      const where = reason.waiting
        .map(({ environment, count: n }) => `${count(n, 'entry', 'entries')} for ${ENVIRONMENT_LABELS[environment]}`)
        .join(' and ');
      return `Waiting for work to be sent (${where}): it installs at a quit once nothing waits.`;
    }
  }
}

export type FeedCheck = { ok: true; url: string } | { ok: false; problem: string };

/**
 * A feed address: https (plain http only for this computer, as in the tests), no user name or
 * password, no query or fragment; normalised to end with a slash (the feed's files are beside it).
 */
export function checkFeedUrl(input: string): FeedCheck {
  const text = input.trim();
  if (text.length > UPDATE_FEED_MAX_LENGTH)
    return { ok: false, problem: `the address is longer than ${UPDATE_FEED_MAX_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      ok: false,
      problem: `"${text.slice(0, 80)}" is not an absolute address; write it like https://updates.shop.example/petstore/`,
    };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
    return {
      ok: false,
      problem: `the address must start with https:// (plain http:// only for this computer: localhost, 127.x.x.x, ::1), got ${url.protocol}//${url.host}`,
    };
  if (url.username !== '' || url.password !== '')
    return { ok: false, problem: 'the address must not contain a user name or password' };
  if (url.search !== '' || url.hash !== '')
    return { ok: false, problem: 'the address must not contain a query (?...) or a fragment (#...)' };
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  return { ok: true, url: `${url.origin}${path}` };
}
