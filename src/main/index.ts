// Composition root: the only place that knows both Electron and the core.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, type BrowserWindow } from 'electron';
import { openAppLog } from './config/app-log';
import { bindIpc, sendEvent } from './ipc';
import { createIpcRouter } from './ipc-router';
import { openPetstoreCore } from './petstore-core';
import { createMainWindow, lockDownWebContents } from './window';

const rendererDir = join(__dirname, '../renderer');
const devServer = process.env['ELECTRON_RENDERER_URL'];
const appUrls = devServer ? [`${new URL(devServer).origin}/`] : [pathToFileURL(`${rendererDir}/`).href];

let window: BrowserWindow | undefined;

// One instance only: two would share (and race on) the same outbox.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  void app.whenReady().then(() => {
    const dataDir = app.getPath('userData');
    const log = openAppLog(dataDir);
    const core = openPetstoreCore({
      dataDir,
      onDeprecation: (environment, notice) => log.warn({ environment, ...notice }, 'getPet is deprecated by the server'),
    });
    const router = createIpcRouter(core, (event, payload) => sendEvent(window?.webContents, event, payload));
    bindIpc(router, appUrls);
    lockDownWebContents(appUrls);
    window = createMainWindow({
      preload: join(__dirname, '../preload/index.cjs'),
      settings: core.settings,
      load: (created) => void (devServer ? created.loadURL(devServer) : created.loadFile(join(rendererDir, 'index.html'))),
    });
    app.on('will-quit', () => void core.close());
  });
  app.on('window-all-closed', () => app.quit());
}
