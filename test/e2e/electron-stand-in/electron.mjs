// A stand-in for the `electron` module: what the built main bundle imports from it, recording every
// call (in order, and whether `ready` had fired) and keeping every handler the app registers, so
// that a test can assert the wiring and drive the handlers. No window is drawn; nothing is faked
// of the app's own code, which runs as built.
import { EventEmitter } from 'node:events';

/** Everything the app asked of Electron, in order. */
export const calls = [];
/** The handlers the app gave Electron, by what they handle. */
export const handlers = {
  ipc: new Map(),
  protocol: new Map(),
  permissionRequest: null,
  permissionCheck: null,
  /** Each session's request filter (webRequest.onBeforeRequest), by its partition. */
  requestFilters: new Map(),
};
/** Every BrowserWindow and web contents made, and what the menu was built from. */
export const made = { windows: [], menuTemplate: null, exitCode: null };
/** What the next native message box answers (the index of the button a person would click). */
export const answers = { messageBox: 0, print: true, savePath: null };

let isReady = false;
let becomeReady;
const ready = new Promise((resolve) => (becomeReady = resolve));

/** Arguments as data: functions and objects of ours become their names. */
function plain(value) {
  if (typeof value === 'function') return '[function]';
  if (value instanceof BrowserWindow) return '[BrowserWindow]';
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}
const record = (api, ...args) => calls.push({ api, args: plain(args), afterReady: isReady });

class StandInApp extends EventEmitter {
  get isPackaged() {
    return process.env.STAND_IN_PACKAGED === '1';
  }
  requestSingleInstanceLock() {
    record('app.requestSingleInstanceLock');
    return process.env.STAND_IN_LOCK !== 'held-elsewhere';
  }
  whenReady() {
    record('app.whenReady');
    return ready;
  }
  getPath(name) {
    record('app.getPath', name);
    if (name !== 'userData' && name !== 'documents')
      throw new Error(`the stand-in knows only userData and documents, not ${name}`);
    return process.env.STAND_IN_USER_DATA;
  }
  getVersion() {
    return '0.0.0-stand-in';
  }
  quit() {
    record('app.quit');
  }
  exit(code = 0) {
    record('app.exit', code);
    made.exitCode = code;
  }
  /** The test's: Electron is ready. */
  becomeReady() {
    isReady = true;
    becomeReady();
    this.emit('ready');
  }
}
export const app = new StandInApp();

/** A web contents: keeps its listeners and its window-open handler for the test to call. */
export class StandInWebContents extends EventEmitter {
  sent = [];
  windowOpenHandler = null;
  destroyed = false;
  send(channel, payload) {
    this.sent.push({ channel, payload });
  }
  isDestroyed() {
    return this.destroyed;
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
  /** A PDF of the page: a few bytes that say they are one. */
  printToPDF(options) {
    record('webContents.printToPDF', options);
    return Promise.resolve(Buffer.from('%PDF-1.7 stand-in'));
  }
  /** The print dialog: the person prints, or cancels (answers.print). */
  print(options, callback) {
    record('webContents.print', options);
    callback(answers.print, answers.print ? '' : 'Print job canceled');
  }
}

export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    record('new BrowserWindow', options);
    this.options = options;
    this.webContents = new StandInWebContents();
    this.loaded = [];
    this.focused = 0;
    made.windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url) {
    record('BrowserWindow.loadURL', url);
    this.loaded.push(url);
    return Promise.resolve();
  }
  show() {
    record('BrowserWindow.show');
  }
  destroy() {
    record('BrowserWindow.destroy');
    this.webContents.destroyed = true;
  }
  isMinimized() {
    return false;
  }
  restore() {}
  focus() {
    this.focused++;
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: 1000, height: 700 };
  }
}

export const ipcMain = {
  handle(channel, handler) {
    record('ipcMain.handle', channel);
    handlers.ipc.set(channel, handler);
  },
};

export const protocol = {
  registerSchemesAsPrivileged(schemes) {
    record('protocol.registerSchemesAsPrivileged', schemes);
  },
  handle(scheme, handler) {
    record('protocol.handle', scheme);
    handlers.protocol.set(scheme, handler);
  },
};

export const session = {
  fromPartition(partition) {
    record('session.fromPartition', partition);
    return {
      webRequest: {
        onBeforeRequest(handler) {
          record('session.webRequest.onBeforeRequest', partition);
          handlers.requestFilters.set(partition, handler);
        },
      },
    };
  },
  defaultSession: {
    setPermissionRequestHandler(handler) {
      record('session.setPermissionRequestHandler');
      handlers.permissionRequest = handler;
    },
    setPermissionCheckHandler(handler) {
      record('session.setPermissionCheckHandler');
      handlers.permissionCheck = handler;
    },
  },
};

export const Menu = {
  buildFromTemplate(template) {
    record('Menu.buildFromTemplate');
    made.menuTemplate = template;
    return { template };
  },
  setApplicationMenu(menu) {
    record('Menu.setApplicationMenu', menu === null ? null : '[menu]');
  },
};

export const dialog = {
  async showMessageBox(windowOrOptions, maybeOptions) {
    const options = maybeOptions ?? windowOrOptions;
    record('dialog.showMessageBox', { overWindow: maybeOptions !== undefined, ...options });
    return { response: answers.messageBox, checkboxChecked: false };
  },
  async showSaveDialog(windowOrOptions, maybeOptions) {
    const options = maybeOptions ?? windowOrOptions;
    record('dialog.showSaveDialog', { overWindow: maybeOptions !== undefined, ...options });
    return answers.savePath === null ? { canceled: true } : { canceled: false, filePath: answers.savePath };
  },
  showErrorBox(title, content) {
    record('dialog.showErrorBox', { title, content });
  },
};

/** An image for a native dialog, made of bytes: recorded by their size and whether they are a PNG. */
export const nativeImage = {
  createFromBuffer(buffer) {
    const image = {
      kind: 'nativeImage',
      bytes: buffer.length,
      png: buffer.subarray(1, 4).toString('latin1') === 'PNG',
    };
    record('nativeImage.createFromBuffer', image);
    return image;
  },
};

export const screen = {
  getAllDisplays() {
    return [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }];
  },
};

export const shell = {
  showItemInFolder(path) {
    record('shell.showItemInFolder', path);
  },
  openExternal(url) {
    record('shell.openExternal', url);
    return Promise.resolve();
  },
};

export default { app, BrowserWindow, dialog, ipcMain, Menu, protocol, screen, session, shell };
