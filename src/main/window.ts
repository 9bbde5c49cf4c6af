// The main window and the rules every web page in the app lives by.
import { app, BrowserWindow, screen, session } from 'electron';
import type { Settings } from './config/settings';
import { restorableBounds, secureWebPreferences } from './window-options';

/** No page may navigate away, open windows, embed webviews or get a permission. */
export function lockDownWebContents(appUrls: readonly string[]): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!appUrls.some((prefix) => url.startsWith(prefix))) event.preventDefault();
    });
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}

export function createMainWindow(options: { preload: string; settings: Settings; load: (window: BrowserWindow) => void }): BrowserWindow {
  const bounds = restorableBounds(options.settings.windowBounds(), screen.getAllDisplays().map((display) => display.workArea));
  const window = new BrowserWindow({
    ...bounds,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Petstore Desk',
    webPreferences: secureWebPreferences(options.preload),
  });
  window.once('ready-to-show', () => window.show());
  window.on('close', () => options.settings.setWindowBounds(window.getNormalBounds()));
  options.load(window);
  return window;
}
