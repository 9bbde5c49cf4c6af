// Composition root: the only place that knows both Electron and the core.
import { join } from 'node:path';
import { app, type BrowserWindow } from 'electron';
import { APP_ORIGIN } from '../app-protocol';
import { appLogFile, openAppLog } from '../config/app-log';
import { bindIpc, sendEvent } from './ipc';
import { createIpcRouter } from '../ipc-router';
import { openPetstoreCore } from '../petstore-core';
import { createMainWindow, installMenu, lockDownWebContents, registerAppScheme, serveRenderer } from './window';

const rendererDir = join(__dirname, '../renderer');
// electron-vite sets this in `npm run dev` only: the renderer then comes from Vite's dev server.
const devServer = process.env['ELECTRON_RENDERER_URL'];
const development = devServer !== undefined;
const appUrls = devServer ? [`${new URL(devServer).origin}/`] : [`${APP_ORIGIN}/`];

let window: BrowserWindow | undefined;

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
    const core = openPetstoreCore({
      dataDir,
      syncInThread: true,
      onDeprecation: (environment, notice) =>
        log.warn({ environment, ...notice }, 'getPet is deprecated by the server'),
    });
    const router = createIpcRouter(core, (event, payload) => sendEvent(window?.webContents, event, payload));
    bindIpc(router, appUrls);
    lockDownWebContents(appUrls);
    if (!development) serveRenderer(rendererDir);
    installMenu({
      development,
      logFile: appLogFile(dataDir),
      runCommand: (command) => sendEvent(window?.webContents, 'command', { command }),
    });
    window = createMainWindow({
      preload: join(__dirname, '../preload/index.cjs'),
      settings: core.settings,
      load: (created) => void created.loadURL(devServer ?? `${APP_ORIGIN}/index.html`),
    });
    app.on('will-quit', () => void core.close());
  });
  app.on('window-all-closed', () => app.quit());
}
