// The support bundle through the shell as built, over the stand-in for Electron: Help > Save a
// support bundle… sends its command to the window, and the window's call is answered by main's
// save dialog for zips, which writes the bundle whole where the person chose.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { IPC_PREFIX } from '../../src/shared/ipc/prefix';
import { filesOfZip } from '../helpers/planted-shop';
import { startShell, type Call, type Shell } from './electron-stand-in/shell-process';

let shell: Shell;
test.beforeAll(async () => {
  shell = await startShell({ STAND_IN_PACKAGED: '1' });
  await shell.ask('becomeReady');
});
test.afterAll(() => shell.stop());

test('Help > Save a support bundle… reaches the window, and main saves the zip it asks for', async () => {
  type Sent = Array<{ channel: string; payload: unknown }>;
  const sentBefore = (await shell.ask<Array<{ sent: Sent }>>('windows'))[0]!.sent.length;
  await shell.ask('clickMenu', { path: ['help', 'Save a support bundle…'] });
  const [window] = await shell.ask<Array<{ sent: Sent }>>('windows');
  expect(window!.sent.slice(sentBefore).filter((sent) => sent.channel === `${IPC_PREFIX}command`)).toEqual([
    { channel: `${IPC_PREFIX}command`, payload: { command: 'save-support-bundle' } },
  ]);

  const chosen = join(shell.userData, 'for-support.zip');
  await shell.ask('answerSave', { path: chosen });
  expect(await shell.invoke('saveSupportBundleToFile', undefined)).toEqual({ ok: true, value: { path: chosen } });
  const asked = (await shell.calls()).filter((call: Call) => call.api === 'dialog.showSaveDialog').at(-1)!;
  expect(asked.args[0]).toMatchObject({
    overWindow: true,
    filters: [{ name: 'Zip', extensions: ['zip'] }],
    defaultPath: expect.stringMatching(/petstore-support-\d{4}-\d{2}-\d{2}\.zip$/),
  });
  const files = filesOfZip(readFileSync(chosen));
  expect(JSON.parse(files['versions.json']!)).toMatchObject({ app: expect.any(String), sqlite: expect.any(String) });
  expect(readdirSync(shell.userData).filter((name) => name.includes('.partial'))).toEqual([]);

  await shell.ask('answerSave', { path: null });
  expect(await shell.invoke('saveSupportBundleToFile', undefined)).toEqual({ ok: true, value: { path: null } });
});
