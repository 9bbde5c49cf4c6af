// Composition root: the only place that knows both Electron and the core.
import { join } from 'node:path';
import { app, dialog, nativeImage, type BrowserWindow } from 'electron';
import { APP_ORIGIN } from './app-protocol';
import { appLogFile, openAppLog } from '../config/app-log';
import { toAppError } from '../app-error';
import type { Logger } from 'pino';
import { keyOriginQuestionInWords, type ConfirmKeyOrigin } from '../core/key-access';
import type { FilePurpose } from '../core/core-parts';
import { openPetstoreCore, type CoreOptions, type PetstoreCore } from '../core/petstore-core';
import type { ConfirmProductionWrite } from '../core/write-guard';
import { forwardCoreEvents } from '../ipc/core-events';
import { writeFileWhole } from '../support/write-whole';
import { createIpcRouter } from '../ipc/router';
import { bindIpc, sendEvent } from './ipc';
import type { ShellUpdates } from './updates';
import { electronPrinter, printInDialog } from './paper-window';
import { createMainWindow, installMenu, lockDownWebContents, registerAppScheme, serveRenderer } from './window';

const rendererDir = join(__dirname, '../renderer');
// electron-vite sets this in `npm run dev`: the renderer then comes from Vite's dev server. A packaged
// build never reads it (an environment variable must not choose the page that gets the bridge).
const devServer = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const development = devServer !== undefined;
const appUrls = devServer ? [`${new URL(devServer).origin}/`] : [`${APP_ORIGIN}/`];

let window: BrowserWindow | undefined;
let core: PetstoreCore | undefined;

/** Main's own dialog, over the window: the page can ask for it but not answer it. Cancel is the default. */
const confirmKeyOrigin: ConfirmKeyOrigin = async (question) => {
  const words = keyOriginQuestionInWords(question);
  const options = {
    type: 'warning' as const,
    buttons: [words.cancelLabel, words.confirmLabel],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
    message: words.message,
    detail: words.detail,
  };
  const { response } = await (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
  return response === 1;
};

/** Main's own question before a write reaches production: the page can cause it, never answer it. Cancel is the default. */
const confirmProductionWrite: ConfirmProductionWrite = async ({ message, detail, confirmLabel, animal }) => {
  // The animal's photo, where it has one, so the person sees which animal they confirm.
  const photo = animal && (await core?.questionThumbnail(animal.environment, animal.petId).catch(() => null));
  const options = {
    ...(photo ? { icon: nativeImage.createFromBuffer(photo) } : {}),
    type: 'warning' as const,
    title: 'Production',
    buttons: ['Cancel', confirmLabel],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
    message,
    detail,
  };
  const { response } = await (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
  return response === 1;
};

const CSV_FILES = { name: 'CSV (spreadsheets)', extensions: ['csv'] };
const PDF_FILES = { name: 'PDF', extensions: ['pdf'] };
const ZIP_FILES = { name: 'Zip', extensions: ['zip'] };

/** Main's save dialog, over the window; the file is written by main, never by the page. */
async function saveFile(
  suggestedName: string,
  contents: string | Uint8Array,
  files = CSV_FILES,
): Promise<string | null> {
  const options = { defaultPath: join(app.getPath('documents'), suggestedName), filters: [files] };
  const { canceled, filePath } = await (window
    ? dialog.showSaveDialog(window, options)
    : dialog.showSaveDialog(options));
  if (canceled || !filePath) return null;
  await writeFileWhole(filePath, contents);
  return filePath;
}

const OPEN_DIALOGS: Record<FilePurpose, Electron.OpenDialogOptions> = {
  photo: {
    title: 'Choose a photo',
    properties: ['openFile'],
    filters: [
      { name: 'Photos (JPEG, PNG, WebP, GIF, AVIF)', extensions: ['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif'] },
    ],
  },
  animals: {
    title: 'Import animals',
    properties: ['openFile'],
    filters: [{ name: 'CSV (spreadsheets)', extensions: ['csv', 'txt'] }],
  },
  'category names': {
    title: 'Import category names',
    properties: ['openFile'],
    filters: [{ name: 'CSV (spreadsheets)', extensions: ['csv', 'txt'] }],
  },
  backup: {
    title: 'Choose a backup to restore',
    properties: ['openFile'],
    filters: [{ name: 'Petstore Desk backups', extensions: ['db'] }],
  },
  'backup folder': { title: 'Choose where backups are kept', properties: ['openDirectory', 'createDirectory'] },
};

/** Main's open dialog: the page never reads a file itself. */
async function openFile(purpose: FilePurpose): Promise<string | null> {
  const options = OPEN_DIALOGS[purpose];
  const { canceled, filePaths } = await (window
    ? dialog.showOpenDialog(window, options)
    : dialog.showOpenDialog(options));
  const [path] = filePaths;
  if (canceled || path === undefined) return null;
  return path;
}

/**
 * The core, or null when a data file cannot be opened (from a newer version, damaged, not
 * writable): the reason in main's own dialog, in the core's words (a newer version's file names the
 * version to install), and the app quits rather than show a window it cannot fill.
 */
function openCoreOrSayWhy(log: Logger, options: CoreOptions): PetstoreCore | null {
  try {
    return openPetstoreCore(options);
  } catch (error) {
    dialog.showErrorBox('Petstore Desk cannot open its data', toAppError(error, log).message);
    app.exit(1);
    return null;
  }
}

// One instance only: two would share (and race on) the same outbox.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  void app.whenReady().then(() => {
    const dataDir = app.getPath('userData');
    const log = openAppLog(dataDir);
    log.info({ version: app.getVersion(), development }, 'starting');
    process.on('uncaughtException', (error) => log.error({ err: error }, 'uncaught exception'));
    process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));
    const opened = openCoreOrSayWhy(log, {
      dataDir,
      syncInThread: true,
      log,
      confirmKeyOrigin,
      confirmProductionWrite,
      saveFile,
      saveZip: (suggestedName, zip) => saveFile(suggestedName, zip, ZIP_FILES),
      openFile,
      // A restore asked for in the window runs as the app opens again; quitting first closes every file.
      restart: () => {
        app.relaunch();
        app.quit();
      },
      paper: {
        printer: () => electronPrinter,
        printPage: printInDialog,
        savePdf: (suggestedName, pdf) => saveFile(suggestedName, pdf, PDF_FILES),
      },

      onDeprecation: (environment, notice) =>
        log.warn({ environment, ...notice }, 'getPet is deprecated by the server'),
    });
    if (opened === null) return;
    core = opened;
    forwardCoreEvents(opened, (event, payload) => sendEvent(window?.webContents, event, payload));
    bindIpc(createIpcRouter(opened, log), appUrls, log);
    lockDownWebContents(appUrls);
    if (!development) serveRenderer(rendererDir);
    installMenu({
      development,
      logFile: appLogFile(dataDir),
      runCommand: (command) => sendEvent(window?.webContents, 'command', { command }),
    });
    window = createMainWindow({
      preload: join(__dirname, '../preload/index.cjs'),
      bounds: { remembered: opened.windowBounds(), remember: opened.setWindowBounds },
      load: (created) => void created.loadURL(devServer ?? `${APP_ORIGIN}/index.html`),
    });
    opened.startSync();
    opened.startPaperPhotos();
    // Only the installed app updates itself: electron-updater needs the packaged binary (docs/updates.md).
    let updates: ShellUpdates | undefined;
    if (app.isPackaged)
      void import('./updates')
        .then(({ startUpdates }) => (updates = startUpdates(opened, log)))
        .catch((error: unknown) => log.error({ err: error }, 'updates not started'));
    // A clean quit waits for the core: passes under way finish, and nothing is left on its way.
    let closing = false;
    app.on('will-quit', (event) => {
      if (closing) return;
      closing = true;
      event.preventDefault();
      // Asked while the core still counts the work waiting; an update installs only on its word.
      const install = updates !== undefined && opened.updateAtQuit().install;
      void opened
        .close()
        .catch((error: unknown) => log.error({ err: error }, 'closing failed'))
        .finally(() => (install ? updates!.installAndQuit(() => app.exit(0)) : app.exit(0)));
    });
  });
  app.on('window-all-closed', () => app.quit());
}
