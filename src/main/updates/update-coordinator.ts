import type { UpdateActivity, UpdateView, WaitingWork } from '../../shared/contract/updates';
import { bounded } from '../remote/service-error';
import { decideAtQuit, shouldCheck, shouldDownload, type QuitDecision, type UpdateFacts } from './update-policy';
import type { UpdateSettings } from './update-settings';

/**
 * What the coordinator asks of the updater (the shell's adapter over electron-updater, in the
 * installed app only). Nothing here installs: only the shell does, at a quit, when `atQuit` says so.
 */
export interface UpdateFeed {
  setFeed(url: string): void;
  /** Asks the feed: the newer version it offers, or null when this one is the newest. */
  check(): Promise<string | null>;
  /** Downloads what the last check found, in the background; resolves once it is downloaded and checked. */
  download(onProgress: (percent: number) => void): Promise<void>;
}

export interface UpdateLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface UpdateCoordinatorParts {
  settings: UpdateSettings;
  version: string;
  /** The servers with work waiting to be sent, from the core's queues. */
  waiting: () => WaitingWork[];
  now: () => number;
  changed: (view: UpdateView) => void;
}

/** The first check waits for the app to settle; then one every few hours. */
export const FIRST_CHECK_AFTER_MS = 60_000;
export const CHECK_EVERY_MS = 4 * 3_600_000;

const VERSION = /^[0-9A-Za-z.+-]{1,64}$/;

/** An updater's failure in words fit for the window: one line, no control characters, bounded. */
const problemInWords = (error: unknown) =>
  bounded(
    String(error instanceof Error ? error.message : error)
      .split('\n')[0]!
      .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, ' '),
    300,
  );

/**
 * Main's one account of updates: the updater's state as its answers leave it, the policy's
 * decisions over it (update-policy.ts), checks on a timer, and the window told of each change.
 */
export function createUpdateCoordinator({ settings, version, waiting, now, changed }: UpdateCoordinatorParts) {
  let feed: UpdateFeed | null = null;
  let log: UpdateLog | undefined;
  let feedGiven: string | null = null;
  let activity: UpdateActivity = 'idle';
  let available: string | null = null;
  let downloaded: string | null = null;
  let progress: number | null = null;
  let checkedAt: string | null = null;
  let problem: string | null = null;
  let dialogOpen = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let lastSent = '';
  let revision = 0;

  const facts = (): UpdateFacts => ({
    canUpdate: feed !== null,
    feed: settings.feed(),
    held: settings.held(),
    activity,
    available,
    downloaded,
    // Read from the queues only when a decision needs them.
    waiting: downloaded === null ? [] : waiting(),
    dialogOpen,
  });

  function view(): UpdateView {
    const known = facts();
    const decision = decideAtQuit(known);
    return {
      version,
      canUpdate: known.canUpdate,
      held: known.held,
      feed: known.feed,
      activity,
      progress,
      checkedAt,
      available,
      downloaded,
      atQuit: downloaded === null ? null : decision.install ? { install: true } : decision,
      problem,
      revision,
    };
  }

  /**
   * Tells the window, when what it would show changed. An answer to the window's own call may reach
   * it after the events that followed: the revision lets it keep the newest.
   */
  function tell(): void {
    const current = view();
    const text = JSON.stringify({ ...current, revision: 0 });
    if (text === lastSent) return;
    lastSent = text;
    changed({ ...current, revision: ++revision });
  }

  async function step(): Promise<void> {
    if (feed === null) return;
    const address = settings.feed();
    if (address !== null && address !== feedGiven) {
      feed.setFeed(address);
      feedGiven = address;
    }
    if (shouldCheck(facts())) await check(feed);
    if (shouldDownload(facts())) await download(feed);
  }

  async function check(updater: UpdateFeed): Promise<void> {
    activity = 'checking';
    tell();
    try {
      const offered = await updater.check();
      if (offered !== null && !VERSION.test(offered)) throw new Error('The feed offered a version that is not one.');
      available = offered;
      checkedAt = new Date(now()).toISOString();
      problem = null;
      log?.info({ offered }, 'update check');
    } catch (error) {
      problem = problemInWords(error);
      log?.warn({ err: error }, 'update check failed');
    } finally {
      activity = 'idle';
      tell();
    }
  }

  async function download(updater: UpdateFeed): Promise<void> {
    const wanted = available;
    activity = 'downloading';
    progress = 0;
    tell();
    try {
      await updater.download((percent) => {
        progress = Math.max(0, Math.min(100, Math.round(percent)));
        tell();
      });
      downloaded = wanted;
      problem = null;
      log?.info({ version: wanted }, 'update downloaded');
    } catch (error) {
      problem = problemInWords(error);
      log?.warn({ err: error }, 'update download failed');
    } finally {
      activity = 'idle';
      progress = null;
      tell();
    }
  }

  /** One step at a time, after any under way: a check and a download never overlap another. */
  function runStep(): Promise<void> {
    running = running.then(step, step);
    return running;
  }

  function schedule(after: number): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      void runStep().finally(() => feed !== null && schedule(CHECK_EVERY_MS));
    }, after).unref();
  }

  return {
    view,

    /** The installed app's updater (and its log): checks start, the first after FIRST_CHECK_AFTER_MS. */
    attach(updater: UpdateFeed, updateLog?: UpdateLog): void {
      feed = updater;
      log = updateLog;
      schedule(FIRST_CHECK_AFTER_MS);
      tell();
    },

    /** A manager held or released the counter, or changed the feed: the next check runs now (if allowed). */
    settingsChanged(): Promise<void> {
      tell();
      return runStep();
    },

    /** Whether a dialog is open in the window, as the window reports it. */
    dialogs(open: boolean): void {
      dialogOpen = open;
      tell();
    },

    /** The queues' counts changed: what the window says about the quit may too. */
    workChanged(): void {
      if (downloaded !== null) tell();
    },

    /** The decision at a quit a person asked for, logged with its reason. */
    atQuit(): QuitDecision {
      const decision = decideAtQuit(facts());
      if (downloaded !== null) log?.info({ decision }, 'update at quit');
      return decision;
    },

    /** Stops the timer, and waits for a step under way. */
    async close(): Promise<void> {
      feed = null;
      clearTimeout(timer);
      await running;
    },
  };
}

export type UpdateCoordinator = ReturnType<typeof createUpdateCoordinator>;
