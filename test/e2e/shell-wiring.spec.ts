// The shell's wiring, run. The built main bundle (out/main/index.js, as
// the app ships it) is loaded by Node with `electron` resolved to a stand-in that records what the
// app asks of Electron and keeps the handlers it registers (test/e2e/electron-stand-in/). Then the
// handlers are driven as Electron would drive them: IPC calls from trusted and untrusted frames,
// app:// requests, navigations, menu clicks, a second instance, a quit. The core, the database, the
// keychain (the test keyring) and the log file are the real ones.
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { IPC_CHANNELS } from '../../src/shared/ipc/contract';
import { CONTENT_SECURITY_POLICY, secureWebPreferences } from '../../src/main/shell/window-options';
import { createPetPhotos } from '../../src/main/database/pet-photos';
import { preparePhoto } from '../../src/main/photos/prepare-photo';
import { startService, TEST_API_KEY } from '../helpers/http-service';
import { jpegOf } from './photo-helpers';
import { APP_FRAME, startShell, type Call, type Shell } from './electron-stand-in/shell-process';
import { IPC_PREFIX } from '../../src/shared/ipc/prefix';

const apis = (calls: Call[]) => calls.map((call) => call.api);
const openFiles = (pid: number) =>
  readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
    } catch {
      return [];
    }
  });

test.describe('the shell, loaded as built with a stand-in for Electron', () => {
  let shell: Shell;
  let beforeReady: Call[];
  let whenReady: Call[];
  test.beforeAll(async () => {
    // Packaged, with the variable a stranger might set to load their page with the bridge (item 13).
    shell = await startShell({ STAND_IN_PACKAGED: '1', ELECTRON_RENDERER_URL: 'https://evil.example/' });
    beforeReady = await shell.calls();
    whenReady = await shell.ask<Call[]>('becomeReady');
  });
  test.afterAll(() => shell.stop());

  test('before ready: one instance asked for, and app:// registered, nothing else', () => {
    const calls = beforeReady;

    expect(apis(calls)).toEqual([
      'app.requestSingleInstanceLock',
      'protocol.registerSchemesAsPrivileged',
      'app.whenReady',
    ]);
    expect(calls[1]).toEqual({
      api: 'protocol.registerSchemesAsPrivileged',
      args: [[{ scheme: 'app', privileges: { standard: true, secure: true, codeCache: true } }]],
      afterReady: false,
    });
  });

  test('when ready: every IPC channel bound once, the window locked down, the packaged page loaded', async () => {
    const calls = whenReady;
    const bound = calls.filter((call) => call.api === 'ipcMain.handle').map((call) => call.args[0]);
    expect(bound).toEqual(IPC_CHANNELS.map((channel) => `${IPC_PREFIX}${channel}`));
    expect(calls.filter((call) => call.api === 'protocol.handle')).toEqual([
      { api: 'protocol.handle', args: ['app'], afterReady: true },
    ]);
    expect(apis(calls)).toContain('session.setPermissionRequestHandler');
    const [window] =
      await shell.ask<
        Array<{ options: { webPreferences: { preload: string } }; loaded: string[]; guarded: Record<string, unknown> }>
      >('windows');
    const { preload } = window!.options.webPreferences;
    expect(window!.options).toMatchObject({ show: false, webPreferences: secureWebPreferences(preload) });
    expect(existsSync(preload) && preload.endsWith('out/preload/index.cjs')).toBe(true);
    // Item 13: packaged, ELECTRON_RENDERER_URL is not read: the app's own page, never the variable's.
    expect(window!.loaded).toEqual(['app://petstore/index.html']);
    expect(window!.guarded).toEqual({ willNavigate: 1, willRedirect: 1, willAttachWebview: 1, windowOpen: true });
    const view = (await shell.ask<Array<{ label?: string; submenu?: Array<{ role?: string }> }>>('menu')).find(
      (entry) => entry.label === '&View',
    );
    expect(view!.submenu!.map((entry) => entry.role)).not.toContain('toggleDevTools');
    expect(view!.submenu!.map((entry) => entry.role)).not.toContain('reload');
  });

  test('IPC: the app frame is answered by the real core; any other frame is refused on every channel, and logged', async () => {
    const added = await shell.invoke('addPet', {
      environment: 'local',
      pet: { name: 'Wired Wombat', categoryId: '7' },
    });
    expect(added).toMatchObject({ ok: true, value: { pet: { name: 'Wired Wombat' } } });
    const listed = await shell.invoke('listPets', { environment: 'local', query: {} });
    expect(listed).toMatchObject({ ok: true, value: { pets: [{ name: 'Wired Wombat' }] } });
    expect(await shell.invoke('addPet', { environment: 'local', pet: { name: '' } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_parameter' },
    });
    const strangers = [
      { url: 'https://evil.example/', parent: null },
      { url: 'app://petstore/index.html', parent: { url: 'app://petstore/index.html' } }, // a subframe
      { url: 'app://elsewhere/index.html', parent: null },
      { url: 'file:///etc/passwd', parent: null },
      null,
    ];
    for (const channel of IPC_CHANNELS) {
      for (const frame of strangers) {
        expect(await shell.invoke(channel, undefined, frame), `${channel} from ${JSON.stringify(frame)}`).toEqual({
          ok: false,
          error: { code: 'forbidden', message: 'This frame may not call Petstore Desk.' },
        });
      }
    }
    const log = readFileSync(join(shell.userData, 'logs/petstore.log'), 'utf8');
    expect(log.match(/IPC call refused: not the app frame/g)).toHaveLength(IPC_CHANNELS.length * strangers.length);
    expect(log).toContain('"frame":"https://evil.example/"');
    // What main decides reaches the window as events.
    const [window] = await shell.ask<Array<{ sent: Array<{ channel: string }> }>>('windows');
    expect(window!.sent.map((sent) => sent.channel)).toContain(`${IPC_PREFIX}dataChanged`);
  });

  test('app:// serves the renderer with its CSP, and nothing outside it', async () => {
    const index = await shell.ask<{ status: number; csp: string; start: string }>('appFile', {
      url: 'app://petstore/index.html',
    });
    expect(index).toMatchObject({ status: 200, csp: CONTENT_SECURITY_POLICY });
    expect(index.start.toLowerCase()).toContain('<!doctype html>');
    for (const url of [
      'app://petstore/../../../../etc/passwd',
      'app://petstore/%2e%2e/%2e%2e/etc/passwd',
      'app://other/index.html',
    ]) {
      expect((await shell.ask<{ status: number }>('appFile', { url })).status, url).toBeGreaterThanOrEqual(400);
    }
    expect(
      (await shell.ask<{ status: number }>('appFile', { url: 'app://petstore/index.html', method: 'POST' })).status,
    ).toBeGreaterThanOrEqual(400);
  });

  test('no page navigates away, opens a window, embeds a webview or gets a permission; later contents too', async () => {
    for (const name of ['main', 'later']) {
      if (name === 'later') await shell.ask('webContentsCreated', { name });
      const target = name === 'main' ? undefined : name;
      expect(await shell.ask('navigate', { name: target, url: 'https://evil.example/phish' })).toEqual({
        prevented: true,
      });
      expect(await shell.ask('navigate', { name: target, url: 'app://petstore.evil.example/' })).toEqual({
        prevented: true,
      });
      expect(await shell.ask('navigate', { name: target, url: 'app://petstore/index.html' })).toEqual({
        prevented: false,
      });
      expect(await shell.ask('redirect', { name: target, url: 'app://petstore/index.html' })).toEqual({
        prevented: true,
      });
      expect(await shell.ask('attachWebview', { name: target })).toEqual({ prevented: true });
      expect(await shell.ask('windowOpen', { name: target, url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    }
    expect(await shell.ask('permissions')).toEqual({ request: false, check: false });
  });

  test("a key moved to another origin is confirmed in main's own dialog, over the window, Cancel the default", async () => {
    const set = async (channel: string, argument: unknown) =>
      expect(await shell.invoke(channel, argument)).toMatchObject({ ok: true });
    await set('setBaseUrl', { environment: 'staging', url: 'http://127.0.0.1:9/v1' });
    await set('setKey', { environment: 'staging', key: 'shell-wiring-key-0123456789' });
    await set('setBaseUrl', { environment: 'staging', url: 'http://localhost:9/v1' });
    await shell.ask('answerMessageBox', { response: 0 });
    expect(await shell.invoke('confirmKeyForAddress', { environment: 'staging' })).toMatchObject({
      ok: true,
      value: { confirmed: false, key: { forCurrentAddress: false } },
    });
    const asked = (await shell.calls()).filter((call) => call.api === 'dialog.showMessageBox').at(-1)!;
    expect(asked.args[0]).toMatchObject({
      overWindow: true,
      type: 'warning',
      buttons: ['Cancel', 'Send the key to localhost:9'],
      defaultId: 0,
      cancelId: 0,
      message: 'Send the staging key to localhost:9?',
    });
    await shell.ask('answerMessageBox', { response: 1 });
    expect(await shell.invoke('confirmKeyForAddress', { environment: 'staging' })).toMatchObject({
      value: { confirmed: true, key: { origin: 'http://localhost:9', forCurrentAddress: true } },
    });
    await set('clearKey', { environment: 'staging' });
  });

  test("production's question about an animal shows its photo, from the server, as a PNG", async () => {
    const service = await startService();
    const ok = async (channel: string, argument: unknown) =>
      expect(await shell.invoke(channel, argument)).toMatchObject({ ok: true });
    try {
      const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
      createPetPhotos(service.db).setPhoto(rex.id, await preparePhoto(await jpegOf([60, 130, 200])), '*');
      await ok('setBaseUrl', { environment: 'production', url: `${service.baseUrl}/v1` });
      await ok('setKey', { environment: 'production', key: TEST_API_KEY });
      await ok('setActiveEnvironment', { environment: 'production' });
      await ok('syncNow', { environment: 'production' });
      const thumbnail = () =>
        shell.invoke('photoBytes', { environment: 'production', petId: rex.id, size: 'thumbnail' });
      await expect.poll(async () => ((await thumbnail()) as { value: unknown }).value).not.toBeNull();
      await shell.ask('answerMessageBox', { response: 0 });
      const change = { environment: 'production', petId: rex.id, patch: { status: 'sold' } };
      expect(await shell.invoke('changePet', change)).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
      const asked = (await shell.calls()).filter((call) => call.api === 'dialog.showMessageBox').at(-1)!;
      expect(asked.args[0]).toMatchObject({ message: expect.stringMatching(/^Mark Rex .*sold in PRODUCTION\?$/) });
      expect(asked.args[0]).toMatchObject({ icon: { kind: 'nativeImage', png: true } });
    } finally {
      await ok('setActiveEnvironment', { environment: 'local' });
      await service.close();
    }
  });

  test('the menu sends its commands to the window; Help > Show logs opens the log folder', async () => {
    type Sent = Array<{ channel: string; payload: unknown }>;
    const sentBefore = (await shell.ask<Array<{ sent: Sent }>>('windows'))[0]!.sent.length;
    await shell.ask('clickMenu', { path: ['&Sync', 'Sync now'] });
    const [window] = await shell.ask<Array<{ sent: Sent }>>('windows');
    // Status pushes may come and go meanwhile; the command is sent once.
    expect(window!.sent.slice(sentBefore).filter((sent) => sent.channel === `${IPC_PREFIX}command`)).toEqual([
      { channel: `${IPC_PREFIX}command`, payload: { command: 'sync-now' } },
    ]);

    await shell.ask('clickMenu', { path: ['help', 'Show logs'] });
    expect((await shell.calls()).at(-1)).toEqual({
      api: 'shell.showItemInFolder',
      args: [join(shell.userData, 'logs/petstore.log')],
      afterReady: true,
    });
  });

  test('a second instance focuses the window; a quit closes the core first, then exits', async () => {
    expect(await shell.ask('secondInstance')).toBe(1);
    const database = join(shell.userData, 'petstore.db');
    expect(openFiles(shell.pid)).toContain(database);
    expect(await shell.ask('quit')).toEqual({ prevented: true, exitCode: 0, preventedAgain: false });
    expect(openFiles(shell.pid).filter((file) => file.startsWith(shell.userData) && !file.endsWith('.log'))).toEqual(
      [],
    );
  });
});

test('in development (not packaged) the dev server page is loaded and trusted, and the dev menu is there', async () => {
  const shell = await startShell({ ELECTRON_RENDERER_URL: 'http://localhost:5173' });
  try {
    await shell.ask('becomeReady');
    const [window] = await shell.ask<Array<{ loaded: string[] }>>('windows');
    expect(window!.loaded).toEqual(['http://localhost:5173']);
    expect(
      await shell.invoke('activeEnvironment', undefined, { url: 'http://localhost:5173/', parent: null }),
    ).toMatchObject({ ok: true });
    expect(await shell.invoke('activeEnvironment', undefined, APP_FRAME)).toMatchObject({ ok: false });
    const view = (await shell.ask<Array<{ label?: string; submenu?: Array<{ role?: string }> }>>('menu')).find(
      (entry) => entry.label === '&View',
    );
    expect(view!.submenu!.map((entry) => entry.role)).toContain('toggleDevTools');
    await shell.ask('quit');
  } finally {
    shell.stop();
  }
});

test('a second copy of the app asks for the lock, is refused, and quits before touching anything', async () => {
  const shell = await startShell({ STAND_IN_LOCK: 'held-elsewhere' });
  try {
    await shell.ask('becomeReady');
    expect(apis(await shell.calls())).toEqual(['app.requestSingleInstanceLock', 'app.quit']);
    expect(existsSync(join(shell.userData, 'petstore.db'))).toBe(false);
  } finally {
    shell.stop();
  }
});
