// Composition root: the only place that knows both Electron and the core.
import { join } from 'node:path';
import { app, BrowserWindow } from 'electron';
import { openDatabase } from './store/database';
import { createPetStore } from './store/pet-store';

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1100,
    height: 760,
    show: false,
    title: 'Petstore Desk',
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  if (process.env['ELECTRON_RENDERER_URL']) void window.loadURL(process.env['ELECTRON_RENDERER_URL']);
  else void window.loadFile(join(__dirname, '../renderer/index.html'));
  return window;
}

void app.whenReady().then(() => {
  const db = openDatabase(join(app.getPath('userData'), 'petstore.db'));
  createPetStore(db);
  app.on('will-quit', () => db.close());
  createWindow();
});

app.on('window-all-closed', () => app.quit());
