// Paper in the app's shell, run as built with the stand-in for Electron: Save as PDF… prints main's
// page with Electron's printToPDF in a hidden window of its own (no preload, scripts off, its own
// session refusing every request but the page's file and data:), writes the PDF where main's save
// dialog says, and closes the window and its file; Print… hands the same window to the print dialog.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { paperWebPreferences } from '../../src/main/shell/window-options';
import { startShell, type Call, type Shell } from './electron-stand-in/shell-process';

let shell: Shell;
test.beforeAll(async () => {
  shell = await startShell({ STAND_IN_PACKAGED: '1' });
  await shell.ask('becomeReady');
});
test.afterAll(() => shell.stop());

const since = async (count: number): Promise<Call[]> => (await shell.calls()).slice(count);

test('Save as PDF… prints in a locked-down hidden window and writes where the dialog says', async () => {
  const added = await shell.invoke('addPet', {
    environment: 'local',
    pet: { name: 'Rex', categoryId: '1', status: 'available' },
  });
  const { id } = (added.value as { pet: { id: string } }).pet;
  const request = { kind: 'cards', environment: 'local', animals: { ids: [id] }, layout: 'a6' };
  const chosen = join(shell.userData, 'chosen.pdf');
  await shell.ask('answerSave', { path: chosen });
  const before = (await shell.calls()).length;
  expect(await shell.invoke('savePaper', request)).toEqual({
    ok: true,
    value: { path: chosen, animals: 1, leftOff: 0, gone: [] },
  });
  expect(readFileSync(chosen, 'latin1')).toBe('%PDF-1.7 stand-in');

  const calls = await since(before);
  const apis = calls.map((call) => call.api);
  expect(apis).toEqual([
    'session.fromPartition',
    'session.webRequest.onBeforeRequest',
    'new BrowserWindow',
    'BrowserWindow.loadURL',
    'webContents.printToPDF',
    'BrowserWindow.destroy',
    'app.getPath',
    'dialog.showSaveDialog',
  ]);
  const [options] = calls[2]!.args as [{ show: boolean; webPreferences: Record<string, unknown> }];
  expect(options.show).toBe(false);
  expect(options.webPreferences).toEqual(paperWebPreferences());
  expect(options.webPreferences).toMatchObject({ javascript: false, sandbox: true, contextIsolation: true });
  expect(options.webPreferences).not.toHaveProperty('preload');
  const [page] = calls[3]!.args as [string];
  expect(page).toMatch(/^file:\/\/.*\/paper\.html$/);
  expect(existsSync(fileURLToPath(page))).toBe(false); // the page's file went with its window
  expect(calls[4]!.args).toEqual([expect.objectContaining({ preferCSSPageSize: true, printBackground: true })]);
  expect(calls[7]!.args).toEqual([
    expect.objectContaining({
      overWindow: true,
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
      defaultPath: expect.stringMatching(/cage-cards-local-\d{4}-\d\d-\d\d\.pdf$/),
    }),
  ]);

  // The page's session lets through its own file and data: URLs, nothing else.
  const asks = (url: string) => shell.ask('request', { partition: 'petstore-paper', url });
  expect(await asks(page)).toEqual({ cancel: false });
  expect(await asks('data:image/webp;base64,UklGRg==')).toEqual({ cancel: false });
  for (const url of ['https://evil.example/x.png', 'http://127.0.0.1:9/', 'file:///etc/passwd', `${page}?more`])
    expect({ url, answer: await asks(url) }).toEqual({ url, answer: { cancel: true } });

  // The person cancels the save dialog: no file, and the outcome says so.
  await shell.ask('answerSave', { path: null });
  expect(await shell.invoke('savePaper', request)).toEqual({
    ok: true,
    value: { path: null, animals: 1, leftOff: 0, gone: [] },
  });
});

test('Print… gives the same page to the print dialog, and says whether the person printed', async () => {
  const pet = { name: 'Pip the lop', categoryId: '1', status: 'available' };
  expect(await shell.invoke('addPet', { environment: 'local', pet })).toMatchObject({ ok: true });
  const request = {
    kind: 'labels',
    environment: 'local',
    animals: { view: { search: 'pip the', sort: 'name' } },
    layout: '62mm',
  };
  await shell.ask('answerPrint', { printed: false });
  const before = (await shell.calls()).length;
  expect(await shell.invoke('printPaper', request)).toEqual({
    ok: true,
    value: { printed: false, animals: 1, leftOff: 0, gone: [] },
  });
  const calls = await since(before);
  expect(calls.map((call) => call.api)).toEqual([
    'session.fromPartition',
    'session.webRequest.onBeforeRequest',
    'new BrowserWindow',
    'BrowserWindow.loadURL',
    'webContents.print',
    'BrowserWindow.destroy',
  ]);
  expect(calls[2]!.args).toEqual([expect.objectContaining({ title: 'Labels', show: false })]);
  expect(calls[4]!.args).toEqual([{ silent: false, printBackground: true }]);
  await shell.ask('answerPrint', { printed: true });
  expect(await shell.invoke('printPaper', request)).toMatchObject({ ok: true, value: { printed: true } });
});
