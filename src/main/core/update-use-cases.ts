import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_ENVIRONMENTS } from '../../shared/contract';
import type { UpdateView, WaitingWork } from '../../shared/contract/updates';
import { APP_VERSION } from '../config/app-version';
import type { SqliteDatabase } from '../database/database';
import { replicaFileName } from '../sync/replica-file';
import { createUpdateCoordinator, type UpdateFeed, type UpdateLog } from '../updates/update-coordinator';
import type { QuitDecision } from '../updates/update-policy';
import { checkedFeed, createUpdateSettings } from '../updates/update-settings';
import type { CoreParts } from './core-parts';

export interface UpdateOptions {
  dataDir: string;
  /** The app database, where the manager's update settings are kept. */
  appDb: SqliteDatabase;
}

/**
 * Updates: how this counter stands (its version, held or not, the feed, a download and when it
 * installs), the manager's settings, the window's report of open dialogs, and the decision at a
 * quit. The updater itself is the installed app's (the shell attaches it); without it nothing is
 * checked, and the settings are kept all the same.
 */
export function createUpdateUseCases(
  { managerLock, events, server, now }: CoreParts,
  { dataDir, appDb }: UpdateOptions,
) {
  const settings = createUpdateSettings(appDb);
  // A server whose replica has never been opened here has nothing waiting: no file is made to ask.
  const waiting = (): WaitingWork[] =>
    REMOTE_ENVIRONMENTS.filter((environment) => existsSync(join(dataDir, replicaFileName(environment))))
      .map((environment) => ({ environment, count: server(environment).status().waiting }))
      .filter(({ count }) => count > 0);
  const coordinator = createUpdateCoordinator({
    settings,
    version: APP_VERSION,
    waiting,
    now,
    changed: (view) => events.emit('updateStatus', view),
  });
  const onStatus = () => coordinator.workChanged();
  events.on('serverStatus', onStatus);

  return {
    updateStatus: (): UpdateView => coordinator.view(),

    /** A manager holds this counter on its version (nothing checked, downloaded or installed), or lets it update. */
    holdUpdates({ hold }: { hold: boolean }): UpdateView {
      managerLock.require('hold-updates');
      settings.setHeld(hold);
      void coordinator.settingsChanged();
      return coordinator.view();
    },

    /** A manager sets where updates come from (an https address), or none (null). */
    setUpdateFeed({ feed }: { feed: string | null }): UpdateView {
      const url = checkedFeed(feed);
      managerLock.require('set-update-feed');
      settings.setFeed(url);
      void coordinator.settingsChanged();
      return coordinator.view();
    },

    /** The window says whether a dialog is open in it: no update installs at a quit while one is. */
    windowDialogs({ open }: { open: boolean }): void {
      coordinator.dialogs(open);
    },

    /** At a quit a person asked for: install the download now, or keep it for a later quit (and why). */
    updateAtQuit: (): QuitDecision => coordinator.atQuit(),

    /** The installed app's updater (the shell's, over electron-updater): checks begin. */
    attachUpdater: (feed: UpdateFeed, log?: UpdateLog): void => coordinator.attach(feed, log),

    async closeUpdates(): Promise<void> {
      events.off('serverStatus', onStatus);
      await coordinator.close();
    },
  };
}
