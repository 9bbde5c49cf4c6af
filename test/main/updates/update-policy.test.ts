// The update decisions, each on the facts it is made from: when to ask the feed, when to download,
// and at a quit whether to install or keep the download for a later quit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepReasonInWords } from '../../../src/shared/contract/updates';
import { decideAtQuit, shouldCheck, shouldDownload, type UpdateFacts } from '../../../src/main/updates/update-policy';

const READY: UpdateFacts = {
  canUpdate: true,
  feed: 'https://updates.shop.example/petstore/',
  held: false,
  activity: 'idle',
  available: null,
  downloaded: null,
  waiting: [],
  dialogOpen: false,
};
const at = (changes: Partial<UpdateFacts>): UpdateFacts => ({ ...READY, ...changes });
const WORK = [{ environment: 'production' as const, count: 3 }];

describe('when to ask the feed', () => {
  const rows: Array<[string, Partial<UpdateFacts>, boolean]> = [
    ['the installed app with a feed, idle', {}, true],
    ['with work waiting and a dialog open (asking disturbs nobody)', { waiting: WORK, dialogOpen: true }, true],
    ['a copy that cannot update itself (the CLI, a run from the sources)', { canUpdate: false }, false],
    ['no feed set', { feed: null }, false],
    ['held by the manager', { held: true }, false],
    ['while a check is under way', { activity: 'checking' }, false],
    ['while a download is under way', { activity: 'downloading' }, false],
    ['with a download waiting for a quit', { downloaded: '0.2.0' }, false],
  ];
  for (const [what, facts, expected] of rows)
    it(`${expected ? 'asks' : 'does not ask'}: ${what}`, () => expect(shouldCheck(at(facts))).toBe(expected));
});

describe('when to download, in the background', () => {
  const rows: Array<[string, Partial<UpdateFacts>, boolean]> = [
    ['a newer version offered', { available: '0.2.0' }, true],
    ['offered, with work waiting and a dialog open', { available: '0.2.0', waiting: WORK, dialogOpen: true }, true],
    ['a version newer than the one downloaded', { available: '0.3.0', downloaded: '0.2.0' }, true],
    ['nothing offered', {}, false],
    ['the offered version already downloaded', { available: '0.2.0', downloaded: '0.2.0' }, false],
    ['held by the manager', { available: '0.2.0', held: true }, false],
    ['no feed', { available: '0.2.0', feed: null }, false],
    ['a copy that cannot update itself', { available: '0.2.0', canUpdate: false }, false],
    ['while a download is under way', { available: '0.2.0', activity: 'downloading' }, false],
  ];
  for (const [what, facts, expected] of rows)
    it(`${expected ? 'downloads' : 'does not download'}: ${what}`, () =>
      expect(shouldDownload(at(facts))).toBe(expected));
});

describe('at a quit', () => {
  const rows: Array<[string, Partial<UpdateFacts>, ReturnType<typeof decideAtQuit>]> = [
    ['a download, nothing waiting, no dialog: installs', { downloaded: '0.2.0' }, { install: true, version: '0.2.0' }],
    [
      'the feed since removed: the checked download still installs',
      { downloaded: '0.2.0', feed: null },
      { install: true, version: '0.2.0' },
    ],
    ['nothing downloaded', {}, { install: false, because: { kind: 'nothing-downloaded' } }],
    [
      'a copy that cannot update itself',
      { downloaded: '0.2.0', canUpdate: false },
      { install: false, because: { kind: 'nothing-downloaded' } },
    ],
    ['held after the download', { downloaded: '0.2.0', held: true }, { install: false, because: { kind: 'held' } }],
    ['a dialog open', { downloaded: '0.2.0', dialogOpen: true }, { install: false, because: { kind: 'dialog-open' } }],
    [
      'work waiting to be sent',
      { downloaded: '0.2.0', waiting: WORK },
      { install: false, because: { kind: 'work-waiting', waiting: WORK } },
    ],
    [
      'servers with nothing waiting do not count',
      { downloaded: '0.2.0', waiting: [{ environment: 'staging', count: 0 }] },
      { install: true, version: '0.2.0' },
    ],
  ];
  for (const [what, facts, expected] of rows) it(what, () => expect(decideAtQuit(at(facts))).toEqual(expected));

  it('says why it keeps the download, naming the servers and what waits', () => {
    expect(
      keepReasonInWords({
        kind: 'work-waiting',
        waiting: [
          { environment: 'production', count: 3 },
          { environment: 'staging', count: 1 },
        ],
      }),
    ).toBe(
      'Waiting for work to be sent (3 entries for Production and 1 entry for Staging): it installs at a quit once nothing waits.',
    );
    expect(keepReasonInWords({ kind: 'dialog-open' })).toMatch(/A dialog is open/);
    expect(keepReasonInWords({ kind: 'held' })).toMatch(/holds this counter on its version/);
  });
});

describe('whatever the facts', () => {
  const facts = fc.record({
    canUpdate: fc.boolean(),
    feed: fc.constantFrom(READY.feed, null),
    held: fc.boolean(),
    activity: fc.constantFrom('idle' as const, 'checking' as const, 'downloading' as const),
    available: fc.constantFrom('0.2.0', '0.3.0', null),
    downloaded: fc.constantFrom('0.2.0', null),
    waiting: fc.array(
      fc.record({ environment: fc.constantFrom('production' as const, 'staging' as const), count: fc.nat(5) }),
      { maxLength: 2 },
    ),
    dialogOpen: fc.boolean(),
  });

  it('never installs with work waiting or a dialog open, nor held, nor without a download', () => {
    fc.assert(
      fc.property(facts, (known) => {
        const decision = decideAtQuit(known);
        if (!decision.install) return;
        expect(known.waiting.every(({ count }) => count === 0)).toBe(true);
        expect(known.dialogOpen).toBe(false);
        expect(known.held).toBe(false);
        expect(decision.version).toBe(known.downloaded);
      }),
    );
  });

  it('a held counter never asks the feed nor downloads', () => {
    fc.assert(
      fc.property(facts, (known) => {
        if (known.held) expect([shouldCheck(known), shouldDownload(known)]).toEqual([false, false]);
      }),
    );
  });
});
