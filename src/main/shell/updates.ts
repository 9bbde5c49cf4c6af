// electron-updater, wired to the core's update decisions (src/main/updates/). Loaded by the
// composition root in the installed app only: electron-updater needs the packaged binary, its
// app-update.yml and the installer beside it. Nothing here decides: it does what the core asks, and
// installs only when the composition root, at a quit, has the core's word for it.
import electronUpdater from 'electron-updater';
import type { Logger } from 'pino';
import type { PetstoreCore } from '../core/petstore-core';

export interface ShellUpdates {
  /** Installs the download as the app quits, without starting it again (the person quit); `exit` if that fails. */
  installAndQuit(exit: () => void): void;
}

export function startUpdates(core: PetstoreCore, log: Logger): ShellUpdates {
  const { autoUpdater } = electronUpdater;
  const updateLog = log.child({ part: 'updates' });
  // The core decides when to download and whether to install; electron-updater does neither by itself.
  autoUpdater.autoDownload = false;
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.allowDowngrade = false;
  autoUpdater.allowPrerelease = false;
  autoUpdater.logger = {
    info: (message: unknown) => updateLog.info(String(message)),
    warn: (message: unknown) => updateLog.warn(String(message)),
    error: (message: unknown) => updateLog.error(String(message)),
  };
  // Its failures reach the core through the promises below; without a listener an 'error' would throw.
  autoUpdater.on('error', (error) => updateLog.warn({ err: error }, 'updater error'));

  core.attachUpdater(
    {
      setFeed: (url) => autoUpdater.setFeedURL({ provider: 'generic', url }),
      async check() {
        const result = await autoUpdater.checkForUpdates();
        return result?.isUpdateAvailable ? result.updateInfo.version : null;
      },
      async download(onProgress) {
        const progress = ({ percent }: { percent: number }) => onProgress(percent);
        autoUpdater.on('download-progress', progress);
        try {
          await autoUpdater.downloadUpdate();
        } finally {
          autoUpdater.off('download-progress', progress);
        }
      },
    },
    updateLog,
  );

  return {
    installAndQuit(exit) {
      // A failed install is reported as an 'error' and does not quit: the app quits without it.
      autoUpdater.once('error', exit);
      autoUpdater.quitAndInstall(true, false);
    },
  };
}
