// Main's account of updates over a real settings table, with a stand-in for electron-updater (which
// needs the Electron binary): what it asks of the feed, what it tells the window, and the decision
// at a quit, whatever happens in between.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RemoteEnvironment } from '../../../src/shared/contract';
import type { UpdateView, WaitingWork } from '../../../src/shared/contract/updates';
import { openDatabase } from '../../../src/main/database/database';
import { createUpdateCoordinator, type UpdateFeed } from '../../../src/main/updates/update-coordinator';
import { createUpdateSettings, type UpdateSettings } from '../../../src/main/updates/update-settings';
import { useTempDir } from '../../helpers/temp-dir';

const FEED = 'https://updates.shop.example/petstore/';

/**
 * electron-updater's part, answering as told; it records what it was asked, and anything asked
 * that should not have been (its errors would be caught as the updater's own).
 */
interface StandInFeed extends UpdateFeed {
  offers: string | null;
  fails: boolean;
  asked: string[];
  wrong: string[];
}

function standInFeed(settings: UpdateSettings): StandInFeed {
  const asked: string[] = [];
  const wrong: string[] = [];
  const feed: StandInFeed = {
    offers: null as string | null,
    fails: false,
    asked,
    wrong,
    setFeed: (url: string) => void asked.push(`feed ${url}`),
    async check() {
      if (settings.held()) wrong.push('checked a held counter');
      if (settings.feed() === null) wrong.push('checked without a feed');
      asked.push('check');
      if (feed.fails) throw new Error('net::ERR_CONNECTION_REFUSED\n    at a stack line');
      return feed.offers;
    },
    async download(onProgress: (percent: number) => void) {
      if (settings.held()) wrong.push('downloaded on a held counter');
      asked.push('download');
      onProgress(50);
      if (feed.fails) throw new Error('sha512 checksum mismatch');
    },
  };
  return feed;
}

function useCoordinator() {
  const tempDir = useTempDir();
  return () => {
    const db = openDatabase(join(tempDir(), 'petstore.db'));
    const settings = createUpdateSettings(db);
    const work = new Map<RemoteEnvironment, number>();
    const told: UpdateView[] = [];
    const coordinator = createUpdateCoordinator({
      settings,
      version: '0.1.0',
      waiting: (): WaitingWork[] => [...work].map(([environment, count]) => ({ environment, count })),
      now: () => Date.UTC(2026, 10, 27, 9),
      changed: (view) => told.push(view),
    });
    const feed = standInFeed(settings);
    return { db, settings, work, told, coordinator, feed };
  };
}

describe('updates, as main decides them', () => {
  const open = useCoordinator();

  it('downloads what the feed offers and installs it at a quit once nothing waits and no dialog is open', async () => {
    const { settings, work, told, coordinator, feed, db } = open();
    settings.setFeed(FEED);
    feed.offers = '0.2.0';
    coordinator.attach(feed);
    await coordinator.settingsChanged();
    expect(feed.asked).toEqual([`feed ${FEED}`, 'check', 'download']);
    expect(feed.wrong).toEqual([]);
    expect(told.map((view) => view.activity)).toContain('downloading');
    expect(coordinator.view()).toMatchObject({ downloaded: '0.2.0', atQuit: { install: true }, problem: null });

    work.set('production', 2);
    coordinator.workChanged();
    expect(told.at(-1)!.atQuit).toEqual({
      install: false,
      because: { kind: 'work-waiting', waiting: [{ environment: 'production', count: 2 }] },
    });
    expect(coordinator.atQuit()).toMatchObject({ install: false });
    work.clear();
    coordinator.dialogs(true);
    expect(coordinator.atQuit()).toEqual({ install: false, because: { kind: 'dialog-open' } });
    coordinator.dialogs(false);
    expect(coordinator.atQuit()).toEqual({ install: true, version: '0.2.0' });
    await coordinator.close();
    db.close();
  });

  it('a held counter neither checks nor installs; releasing it lets the next check run', async () => {
    const { settings, coordinator, feed, db } = open();
    settings.setFeed(FEED);
    settings.setHeld(true);
    feed.offers = '0.2.0';
    coordinator.attach(feed);
    await coordinator.settingsChanged();
    expect(feed.asked).toEqual([`feed ${FEED}`]);
    expect(feed.wrong).toEqual([]);
    expect(coordinator.view()).toMatchObject({ held: true, available: null });

    settings.setHeld(false);
    await coordinator.settingsChanged();
    expect(feed.asked).toEqual([`feed ${FEED}`, 'check', 'download']);
    settings.setHeld(true);
    expect(coordinator.atQuit()).toEqual({ install: false, because: { kind: 'held' } });
    await coordinator.close();
    db.close();
  });

  it('a failure is said in one bounded line, and the next check tries again', async () => {
    const { settings, coordinator, feed, db } = open();
    settings.setFeed(FEED);
    feed.fails = true;
    coordinator.attach(feed);
    await coordinator.settingsChanged();
    expect(coordinator.view().problem).toBe('net::ERR_CONNECTION_REFUSED');
    feed.fails = false;
    feed.offers = null;
    await coordinator.settingsChanged();
    expect(coordinator.view()).toMatchObject({ problem: null, available: null, checkedAt: '2026-11-27T09:00:00.000Z' });
    await coordinator.close();
    db.close();
  });

  it('without the installed app’s updater nothing is checked, and a quit installs nothing', async () => {
    const { settings, coordinator, db } = open();
    settings.setFeed(FEED);
    await coordinator.settingsChanged();
    expect(coordinator.view()).toMatchObject({ canUpdate: false, feed: FEED, version: '0.1.0' });
    expect(coordinator.atQuit()).toEqual({ install: false, because: { kind: 'nothing-downloaded' } });
    db.close();
  });

  it('never installs with work waiting or a dialog open, nor on a held counter, whatever happens before the quit', async () => {
    const { settings, work, coordinator, feed, db } = open();
    coordinator.attach(feed);
    const event = fc.oneof(
      fc.record({ kind: fc.constant('feed' as const), url: fc.constantFrom(FEED, null) }),
      fc.record({ kind: fc.constant('hold' as const), held: fc.boolean() }),
      fc.record({ kind: fc.constant('dialog' as const), open: fc.boolean() }),
      fc.record({
        kind: fc.constant('work' as const),
        environment: fc.constantFrom<RemoteEnvironment>('production', 'staging'),
        count: fc.nat(3),
      }),
      fc.record({ kind: fc.constant('offer' as const), version: fc.constantFrom('0.2.0', '0.3.0', null) }),
      fc.record({ kind: fc.constant('fails' as const), fails: fc.boolean() }),
      fc.constant({ kind: 'step' as const }),
      fc.constant({ kind: 'quit' as const }),
    );
    const decided = { install: 0, keep: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 40 }), async (events) => {
        db.exec("DELETE FROM settings WHERE name IN ('updates_held', 'update_feed')");
        work.clear();
        let dialogOpen = false;
        coordinator.dialogs(false);
        for (const happened of events) {
          if (happened.kind === 'feed') settings.setFeed(happened.url);
          else if (happened.kind === 'hold') settings.setHeld(happened.held);
          else if (happened.kind === 'dialog') coordinator.dialogs((dialogOpen = happened.open));
          else if (happened.kind === 'work') work.set(happened.environment, happened.count);
          else if (happened.kind === 'offer') feed.offers = happened.version;
          else if (happened.kind === 'fails') feed.fails = happened.fails;
          else if (happened.kind === 'step') await coordinator.settingsChanged();
          else {
            const decision = coordinator.atQuit();
            const view = coordinator.view();
            decided[decision.install ? 'install' : 'keep']++;
            if (decision.install) {
              expect([...work.values()].every((count) => count === 0)).toBe(true);
              expect(dialogOpen).toBe(false);
              expect(settings.held()).toBe(false);
              expect(decision.version).toBe(view.downloaded);
            }
            expect(view.atQuit?.install ?? false).toBe(decision.install);
          }
        }
        expect(feed.wrong).toEqual([]);
      }),
      { numRuns: 200 },
    );
    // Both outcomes were met: the property held over quits that installed, not only over refusals.
    expect(decided.install).toBeGreaterThan(0);
    expect(decided.keep).toBeGreaterThan(0);
    // The dialog was open for some quits: the decision said so rather than install.
    coordinator.dialogs(true);
    expect(coordinator.atQuit().install).toBe(false);
    await coordinator.close();
    db.close();
  });
});
