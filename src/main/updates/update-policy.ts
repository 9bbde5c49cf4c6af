import type { KeepReason, UpdateActivity, WaitingWork } from '../../shared/contract/updates';

/** What the update decisions are made from: main's settings, the updater's state, and the counter's work. */
export interface UpdateFacts {
  /** The installed app, with its updater loaded: a copy run otherwise neither checks nor installs. */
  canUpdate: boolean;
  feed: string | null;
  held: boolean;
  activity: UpdateActivity;
  /** The newer version the feed offers (from the last check). */
  available: string | null;
  /** The version downloaded and checked, ready to install. */
  downloaded: string | null;
  /** The servers that have work waiting to be sent, with how much. */
  waiting: readonly WaitingWork[];
  /** A dialog is open in the window (a person is in the middle of something). */
  dialogOpen: boolean;
}

export type QuitDecision = { install: true; version: string } | { install: false; because: KeepReason };

const mayUseFeed = (facts: UpdateFacts) =>
  facts.canUpdate && facts.feed !== null && !facts.held && facts.activity === 'idle';

/**
 * Whether to ask the feed now. Not without a feed, nor on a held counter, nor while the updater is
 * busy, nor with a download waiting for a quit (the next start asks again).
 */
export const shouldCheck = (facts: UpdateFacts): boolean => mayUseFeed(facts) && facts.downloaded === null;

/**
 * Whether to download what the feed offers, in the background: a download disturbs nobody (work
 * and dialogs do not matter here; they matter at the quit that would install it).
 */
export const shouldDownload = (facts: UpdateFacts): boolean =>
  mayUseFeed(facts) && facts.available !== null && facts.downloaded !== facts.available;

/**
 * At a quit a person asked for (the only moment the app is ever replaced: never a restart of its
 * own): install the download now, or keep it for a later quit, and why. Work waiting to be sent is
 * sent by this version first; an open dialog means a person is in the middle of something.
 */
export function decideAtQuit(facts: UpdateFacts): QuitDecision {
  if (!facts.canUpdate || facts.downloaded === null) return { install: false, because: { kind: 'nothing-downloaded' } };
  if (facts.held) return { install: false, because: { kind: 'held' } };
  if (facts.dialogOpen) return { install: false, because: { kind: 'dialog-open' } };
  const waiting = facts.waiting.filter(({ count }) => count > 0);
  if (waiting.length > 0) return { install: false, because: { kind: 'work-waiting', waiting } };
  return { install: true, version: facts.downloaded };
}
