// Updates at the core: the manager's settings (kept, validated, behind the lock), and the decision
// at a quit over the real queues of a replica. electron-updater needs the Electron binary: a
// stand-in answers in its place.
import { describe, expect, it } from 'vitest';
import type { UpdateView } from '../../../src/shared/contract/updates';
import type { UpdateFeed } from '../../../src/main/updates/update-coordinator';
import { refusal } from '../../helpers/refusal';
import { useTestCore } from './test-core';

const FEED = 'https://updates.shop.example/petstore/';

/** Offers 0.2.0 and downloads it at once. */
const offering: UpdateFeed = {
  setFeed: () => {},
  check: async () => '0.2.0',
  download: async (onProgress) => onProgress(100),
};

describe('updates at the core', () => {
  const { open, tempDir } = useTestCore();

  it('keeps the feed as an https address, normalised, and refuses anything else naming the field', async () => {
    const core = open();
    expect(core.updateStatus()).toMatchObject({ canUpdate: false, held: false, feed: null, downloaded: null });
    expect(core.setUpdateFeed({ feed: ' https://updates.shop.example/petstore ' }).feed).toBe(FEED);
    for (const [feed, said] of [
      ['http://updates.shop.example/', /must start with https:\/\//],
      ['ftp://updates.shop.example/', /must start with https:\/\//],
      ['https://ann:secret@updates.shop.example/', /user name or password/],
      ['https://updates.shop.example/?channel=beta', /query/],
      ['updates.shop.example', /not an absolute address/],
    ] as const) {
      const refused = await refusal(() => core.setUpdateFeed({ feed }));
      expect(refused).toMatchObject({ code: 'invalid_parameter', fields: [{ field: 'feed' }] });
      expect(refused.message).toMatch(said);
    }
    // A feed on this computer (the tests') may be plain http.
    expect(core.setUpdateFeed({ feed: 'http://127.0.0.1:8123/feed' }).feed).toBe('http://127.0.0.1:8123/feed/');
    expect(core.holdUpdates({ hold: true }).held).toBe(true);
    // Another process on the same data folder (the CLI) reads the same settings.
    const other = open({ dataDir: tempDir() });
    expect(other.updateStatus()).toMatchObject({ held: true, feed: 'http://127.0.0.1:8123/feed/' });
    expect(core.setUpdateFeed({ feed: null }).feed).toBeNull();
  });

  it('holding the counter and setting the feed are the manager’s, behind the lock', async () => {
    const core = open();
    await core.setManagerPin('2468');
    const hold = await refusal(() => core.holdUpdates({ hold: true }));
    expect(hold).toMatchObject({ code: 'manager_pin_required', permit: { task: 'hold-updates' } });
    const feed = await refusal(() => core.setUpdateFeed({ feed: FEED }));
    expect(feed).toMatchObject({ code: 'manager_pin_required', permit: { task: 'set-update-feed' } });
    expect(core.updateStatus()).toMatchObject({ held: false, feed: null });
    await core.unlockManager('2468', { task: 'set-update-feed' });
    expect(core.setUpdateFeed({ feed: FEED }).feed).toBe(FEED);
    // A bad address is refused before the PIN is asked for: the permit is not used up on it.
    expect((await refusal(() => core.setUpdateFeed({ feed: 'nonsense' }))).code).toBe('invalid_parameter');
  });

  it('keeps a download for a later quit while work waits to be sent, and says so; installs once it is gone', async () => {
    const core = open();
    await core.setBaseUrl('staging', 'http://127.0.0.1:9/v1'); // nobody answers there
    const added = core.addPet('staging', { name: 'Rex', categoryId: '1', status: 'available' });
    if (!('entry' in added)) throw new Error('a server environment queues the add');
    const told: UpdateView[] = [];
    core.on('updateStatus', (view) => told.push(view));
    core.setUpdateFeed({ feed: FEED });
    core.attachUpdater(offering);
    core.holdUpdates({ hold: false }); // a setting changed: the next check runs now
    await expect.poll(() => core.updateStatus().downloaded).toBe('0.2.0');

    const keep = { install: false, because: { kind: 'work-waiting', waiting: [{ environment: 'staging', count: 1 }] } };
    expect(core.updateStatus().atQuit).toEqual(keep);
    expect(told.at(-1)!.atQuit).toEqual(keep);
    expect(core.updateAtQuit()).toEqual(keep);
    core.windowDialogs({ open: true });
    await core.discardEntry('staging', added.entry.entryId);
    expect(core.updateAtQuit()).toEqual({ install: false, because: { kind: 'dialog-open' } });
    core.windowDialogs({ open: false });
    expect(core.updateAtQuit()).toEqual({ install: true, version: '0.2.0' });
    expect(told.at(-1)!.atQuit).toEqual({ install: true });
  });
});
