// Runs the built main bundle (argv[2]) with `electron` resolved to the stand-in, then does what the
// parent process asks over the fork channel: become ready, call an IPC channel as a given frame,
// navigate a web contents, click a menu item, quit. Answers each request with data only.
import { registerHooks } from 'node:module';

const standInUrl = new URL('./electron.mjs', import.meta.url).href;
registerHooks({
  resolve: (specifier, context, next) =>
    specifier === 'electron' ? { url: standInUrl, shortCircuit: true, format: 'module' } : next(specifier, context),
});
const electron = await import(standInUrl);
const { app, calls, handlers, made, answers, StandInWebContents } = electron;

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const window = () => made.windows[0];
const contentsBy = new Map(); // contents made by `webContentsCreated`, by name

/** A menu entry, found by its labels or roles from the top (e.g. ['&Sync', 'Sync now']). */
function menuItem(path) {
  let items = made.menuTemplate;
  let item;
  for (const name of path) {
    item = items?.find((entry) => entry.label === name || entry.role === name);
    if (!item) throw new Error(`no menu item ${path.join(' > ')}`);
    items = item.submenu;
  }
  return item;
}
const menuAsData = (items) =>
  items.map(({ label, role, type, accelerator, registerAccelerator, click, submenu }) => ({
    label,
    role,
    type,
    accelerator,
    registerAccelerator,
    clicks: typeof click === 'function',
    ...(submenu ? { submenu: menuAsData(submenu) } : {}),
  }));

function navigationOutcome(contents, event, ...args) {
  let prevented = false;
  contents.emit(event, { preventDefault: () => (prevented = true) }, ...args);
  return { prevented };
}

const operations = {
  calls: () => calls,
  becomeReady: async () => {
    app.becomeReady();
    await settle();
    return calls;
  },
  invoke: async ({ channel, argument, frame }) => {
    const handler = handlers.ipc.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return await handler({ senderFrame: frame }, argument);
  },
  answerMessageBox: ({ response }) => void (answers.messageBox = response),
  answerPrint: ({ printed }) => void (answers.print = printed),
  answerSave: ({ path }) => void (answers.savePath = path),
  /** Whether a session's request filter lets a request through: Electron's callback answer. */
  request: ({ partition, url }) => {
    let answer = null;
    handlers.requestFilters.get(partition)({ url }, (given) => (answer = given));
    return answer;
  },
  appFile: async ({ url, method = 'GET' }) => {
    const response = await handlers.protocol.get('app')(new Request(url, { method }));
    const text = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      csp: response.headers.get('content-security-policy'),
      length: text.length,
      start: text.slice(0, 60),
    };
  },
  permissions: () => {
    let granted = null;
    handlers.permissionRequest({}, 'media', (answer) => (granted = answer));
    return { request: granted, check: handlers.permissionCheck({}, 'notifications', 'app://petstore') };
  },
  windows: () =>
    made.windows.map((made) => ({
      options: made.options,
      loaded: made.loaded,
      focused: made.focused,
      sent: made.webContents.sent,
      guarded: {
        willNavigate: made.webContents.listenerCount('will-navigate'),
        willRedirect: made.webContents.listenerCount('will-redirect'),
        willAttachWebview: made.webContents.listenerCount('will-attach-webview'),
        windowOpen: made.webContents.windowOpenHandler !== null,
      },
    })),
  /** A web contents made after start (a devtools window, a popup that slipped through): guarded too? */
  webContentsCreated: ({ name }) => {
    const contents = new StandInWebContents();
    contentsBy.set(name, contents);
    app.emit('web-contents-created', {}, contents);
  },
  navigate: ({ name, url }) => navigationOutcome(contentsBy.get(name) ?? window().webContents, 'will-navigate', url),
  redirect: ({ name, url }) => navigationOutcome(contentsBy.get(name) ?? window().webContents, 'will-redirect', url),
  attachWebview: ({ name }) =>
    navigationOutcome(contentsBy.get(name) ?? window().webContents, 'will-attach-webview', {}, { src: 'https://x' }),
  windowOpen: ({ name, url }) => (contentsBy.get(name) ?? window().webContents).windowOpenHandler({ url }),
  menu: () => menuAsData(made.menuTemplate),
  clickMenu: async ({ path }) => {
    menuItem(path).click();
    await settle();
  },
  secondInstance: () => {
    app.emit('second-instance', {}, [], '/');
    return window().focused;
  },
  quit: async () => {
    let prevented = false;
    app.emit('will-quit', { preventDefault: () => (prevented = true) });
    for (let waited = 0; made.exitCode === null && waited < 10_000; waited += 20) await settle();
    // A second will-quit (app.exit in real Electron does not emit one, but a quit during the close might) passes.
    let preventedAgain = false;
    app.emit('will-quit', { preventDefault: () => (preventedAgain = true) });
    return { prevented, exitCode: made.exitCode, preventedAgain };
  },
};

process.on('message', async ({ id, operation, input }) => {
  try {
    const value = await operations[operation](input ?? {});
    process.send({ id, ok: true, value: value === undefined ? null : JSON.parse(JSON.stringify(value)) });
  } catch (error) {
    process.send({ id, ok: false, error: String(error?.stack ?? error) });
  }
});

await import(process.argv[2]);
process.send({ loaded: true });
