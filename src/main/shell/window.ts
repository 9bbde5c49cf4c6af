// The main window, the app:// scheme it loads from, the native menu, and the rules every web page in the app lives by.
import { readFile } from 'node:fs/promises';
import {
  app,
  BrowserWindow,
  dialog,
  Menu,
  protocol,
  screen,
  session,
  shell,
  type MenuItemConstructorOptions,
} from 'electron';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, resolveAppFile } from './app-protocol';
import { appMenuTemplate, type MenuEntry } from './app-menu';
import { NAVIGATION_POLICY } from './navigation-policy';
import { CONTENT_SECURITY_POLICY, restorableBounds, secureWebPreferences, type Bounds } from './window-options';

import type { CommandId } from '../../shared/commands';

/** Must run before `ready`. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);
}

/** Serves the renderer folder over app://petstore/, through the path-traversal guard. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const answer = resolveAppFile(rendererDir, request.url, request.method);
    if (answer.kind === 'refused') return new Response(answer.reason, { status: answer.status });
    try {
      return new Response(await readFile(answer.path), {
        headers: { 'content-type': answer.contentType, 'content-security-policy': CONTENT_SECURITY_POLICY },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });
}

/** No page may navigate away, open windows, embed webviews or get a permission (see NAVIGATION_POLICY). */
export function lockDownWebContents(appUrls: readonly string[]): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!NAVIGATION_POLICY.mayNavigate(url, appUrls)) event.preventDefault();
    });
    contents.on('will-redirect', (event) => {
      if (!NAVIGATION_POLICY.mayRedirect) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => {
      if (!NAVIGATION_POLICY.mayAttachWebview) event.preventDefault();
    });
    contents.setWindowOpenHandler(() => NAVIGATION_POLICY.windowOpen);
  });
}

export function createMainWindow(options: {
  preload: string;
  /** The bounds it had when last closed, and where to keep them when it closes. */
  bounds: { remembered: Bounds | null; remember(bounds: Bounds): void };
  load: (window: BrowserWindow) => void;
}): BrowserWindow {
  const bounds = restorableBounds(
    options.bounds.remembered,
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const window = new BrowserWindow({
    ...bounds,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Petstore Desk',
    webPreferences: secureWebPreferences(options.preload),
  });
  window.once('ready-to-show', () => window.show());
  window.on('close', () => options.bounds.remember(window.getNormalBounds()));
  options.load(window);
  return window;
}

/** Installs the native menu; menu commands go to the renderer, Help > Show logs opens the log folder. */
export function installMenu(options: {
  development: boolean;
  logFile: string;
  runCommand: (command: CommandId) => void;
}): void {
  const toElectron = (entry: MenuEntry): MenuItemConstructorOptions => {
    const { command, action, submenu, ...rest } = entry;
    const item = { ...rest } as MenuItemConstructorOptions;
    if (submenu) item.submenu = submenu.map(toElectron);
    if (command) item.click = () => options.runCommand(command);
    if (action === 'show-logs') item.click = () => shell.showItemInFolder(options.logFile);
    if (action === 'about') {
      item.click = () =>
        void dialog.showMessageBox({
          title: 'Petstore Desk',
          message: `Petstore Desk ${app.getVersion()}`,
          detail: `Logs: ${options.logFile}`,
        });
    }
    return item;
  };
  const template = appMenuTemplate({ mac: process.platform === 'darwin', development: options.development });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template.map(toElectron)));
}
