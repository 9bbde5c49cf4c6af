// Help > Save a support bundle, through the IPC router and the core as the window reaches them:
// real cores over real SQLite files, a real keychain, the bundle read back from its zip.
import { describe, expect, it } from 'vitest';
import { createIpcRouter } from '../../../src/main/ipc/router';
import { itWithKeyring } from '../../helpers/keyring';
import { filesOfZip, plantedFoundIn, plantShop } from '../../helpers/planted-shop';
import { useTestCore } from './test-core';

describe('saving a support bundle from the window', () => {
  const { open, tempDir } = useTestCore();

  /** A core whose save dialog keeps each zip it is given, and answers with `chosen`. */
  function coreSaving(chosen: string | null) {
    const saved: Array<{ suggestedName: string; zip: Uint8Array }> = [];
    const core = open({
      now: () => Date.parse('2026-03-04T10:00:00Z'),
      saveZip: async (suggestedName, zip) => {
        saved.push({ suggestedName, zip });
        return chosen;
      },
    });
    return { core, saved };
  }

  itWithKeyring('saves where the person chose, with none of what was planted in it', async () => {
    const { core, saved } = coreSaving('/chosen/bundle.zip');
    const planted = await plantShop(core, tempDir());
    const outcome = await createIpcRouter(core).dispatch('saveSupportBundleToFile', undefined);
    expect(outcome).toEqual({ ok: true, value: { path: '/chosen/bundle.zip' } });
    expect(saved.map((file) => file.suggestedName)).toEqual(['petstore-support-2026-03-04.zip']);
    const { zip } = saved[0]!;
    expect(plantedFoundIn(zip, planted)).toEqual([]);

    const files = filesOfZip(zip);
    for (const name of Object.keys(files).filter((file) => file !== 'README.txt'))
      expect(files['README.txt'], name).toContain(name);
    expect(files['README.txt']).toContain('made 2026-03-04T10:00:00.000Z');
    expect(files['doctor.txt']).toMatch(/^ok {6}OS keychain reachable$/m);
    expect(files['doctor.txt']).toMatch(/^PROBLEM staging: /m);
    expect(JSON.parse(files['settings.json']!)).toMatchObject({
      activeEnvironment: 'local',
      staff: { managers: 1, others: 1, someoneSignedIn: false },
      managerPinSet: true,
      servers: { staging: { key: { set: true } }, production: { address: null, key: { set: false } } },
    });
    expect(JSON.parse(files['backups.json']!)).toMatchObject({ folder: '<data folder>/backups', chosen: false });
  });

  it('saves nothing and says so when the person chooses no file', async () => {
    const { core, saved } = coreSaving(null);
    expect(await core.saveSupportBundleToFile()).toEqual({ path: null });
    expect(saved).toHaveLength(1); // made, then offered: the dialog is what was cancelled
  });
});
