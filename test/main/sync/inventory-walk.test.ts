// The replica holds the server's whole inventory. The real service on 127.0.0.1 behind a
// fault proxy, a real replica file; the walk interrupted and resumed, removals after a complete
// walk, a server that does not page, and one whose pages loop.
import { spawn } from 'node:child_process';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy';
import { startMisbehavingServer, type MisbehavingServer } from '../../helpers/misbehaving-server';
import { startService, type RunningService } from '../../helpers/http-service';
import { probeNamesWritten } from '../../helpers/names-written';
import { drain, openTestReplica, type ReplicaHandles, type SyncRunsIn } from '../../helpers/replica';
import { useTempDir } from '../../helpers/temp-dir';

let service: RunningService;
let proxy: FaultProxy;
let bad: MisbehavingServer;
beforeAll(async () => {
  service = await startService();
  [proxy, bad] = await Promise.all([startFaultProxy(service.port), startMisbehavingServer()]);
});
afterAll(async () => {
  await Promise.all([proxy.close(), bad.close(), service.close()]);
});

let handles: ReplicaHandles | undefined;
const dir = useTempDir();
beforeEach(() => {
  service.db.exec('DELETE FROM pets; DELETE FROM sqlite_sequence;');
  proxy.setMode('pass');
});
afterEach(async () => {
  await handles?.close();
  handles = undefined;
});

function seed(count: number, from = 0) {
  for (let i = from; i < from + count; i++)
    service.store.createPet({ name: `Fish ${i}`, categoryId: '1', status: 'available' });
}
const open = (baseUrl = proxy.baseUrl) => (handles = openTestReplica(dir(), 'staging', baseUrl));
const everyName = (handles: ReplicaHandles) =>
  handles.replica
    .animals({ sort: 'oldest', limit: 500 })
    .rows.map((row) => (row.kind === 'pet' ? row.pet.name : `(entry) ${row.entry.name}`));

describe('the inventory walk', () => {
  it('brings every animal into the replica, past the first 100, and says it is complete', async () => {
    seed(345);
    const { replica } = open();
    expect(replica.status().inventory.state).toBe('never');
    await replica.walkInventory();
    expect(replica.animals({}).total).toBe(345);
    expect(replica.status().inventory).toMatchObject({ state: 'complete', pages: 4, animals: 345, problem: null });
    // Newest first by default: the 345th animal at the top.
    expect(replica.animals({ limit: 1 }).rows).toEqual([
      { kind: 'pet', pet: expect.objectContaining({ name: 'Fish 344' }) },
    ]);
  });

  it('interrupted part way, resumes from the page it reached: nothing fetched twice, nothing missed', async () => {
    seed(450);
    const { replica } = open();
    proxy.schedule(['pass', 'pass', 'reset']); // the third page fails
    await expect(replica.walkInventory()).rejects.toMatchObject({ kind: 'unreachable' });
    expect(replica.status().inventory).toMatchObject({ state: 'interrupted', pages: 2, animals: 200 });
    expect(replica.status().inventory.problem?.code).toBe('unreachable');
    expect(replica.animals({}).total).toBe(200);
    const forwardedBefore = proxy.forwarded;
    await replica.walkInventory();
    expect(proxy.forwarded - forwardedBefore).toBe(3); // pages 3, 4 and 5 only
    expect(replica.status().inventory).toMatchObject({ state: 'complete', pages: 5, animals: 450 });
    expect(everyName(handles!).length).toBe(450);
  });

  it('a walk another process is making is shown as walking, not interrupted; once that process is gone, interrupted', async () => {
    seed(300);
    const { replica } = open();
    proxy.schedule(['pass', 'reset']);
    await replica.walkInventory().catch(() => undefined);
    expect(replica.status().inventory.state).toBe('interrupted');
    // Another process of this computer (the CLI's `pets list --all`) walks the same file now.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    const gone = new Promise((resolve) => other.once('exit', resolve));
    try {
      replica.db.prepare("UPDATE inventory_walk SET state = 'walking', walker_pid = ?").run(other.pid);
      expect(replica.status().inventory).toMatchObject({ state: 'walking', pages: 1 });
    } finally {
      other.kill();
      await gone;
    }
    expect(replica.status().inventory.state).toBe('interrupted');
  });

  it('resumes after the app is closed mid-walk, in a new process of the same file', async () => {
    seed(300);
    let { replica } = open();
    proxy.schedule(['pass', 'reset']);
    await replica.walkInventory().catch(() => undefined);
    await handles!.close();
    ({ replica } = open());
    expect(replica.status().inventory.state).toBe('interrupted');
    await replica.walkInventory();
    expect(replica.status().inventory).toMatchObject({ state: 'complete', pages: 3, animals: 300 });
  });

  it('after a complete walk, animals the server no longer lists leave; those added here meanwhile stay', async () => {
    seed(150);
    const { replica } = open();
    await replica.walkInventory();
    service.db.exec("DELETE FROM pets WHERE name IN ('Fish 3', 'Fish 120')");
    replica.createPet({ name: 'Added here', categoryId: '2' });
    await drain(replica);
    await replica.walkInventory();
    const names = everyName(handles!);
    expect(names).not.toContain('Fish 3');
    expect(names).not.toContain('Fish 120');
    expect(names).toContain('Added here');
    expect(names).toHaveLength(149);
  });

  it('walking again rewrites no name the server kept; the one renamed since is written', async () => {
    seed(150);
    const { replica } = open();
    await replica.walkInventory();
    const namesWritten = probeNamesWritten(replica.db);
    const fish7 = service.db
      .prepare<[], string>("SELECT CAST(id AS TEXT) FROM pets WHERE name = 'Fish 7'")
      .pluck()
      .get()!;
    service.store.changePet(fish7, { name: 'Goldie' }, '*');
    await replica.walkInventory();
    expect(namesWritten()).toEqual([Number(fish7)]);
    expect(replica.animals({ search: 'goldie' }).rows).toEqual([
      { kind: 'pet', pet: expect.objectContaining({ id: fish7, name: 'Goldie', revision: 2 }) },
    ]);
    expect(everyName(handles!)).toHaveLength(150);
  });

  it('an interrupted walk removes nothing', async () => {
    seed(250);
    const { replica } = open();
    await replica.walkInventory();
    service.db.exec("DELETE FROM pets WHERE name = 'Fish 0'");
    proxy.schedule(['pass', 'reset']);
    await replica.walkInventory().catch(() => undefined);
    expect(everyName(handles!)).toContain('Fish 0');
  });

  it('a server without pages: its first 100 per filter are kept, nothing removed, and the inventory says so', async () => {
    const { replica } = open(bad.url('no-pages'));
    await replica.walkInventory();
    expect(replica.status().inventory).toMatchObject({ state: 'first_pages_only', pages: 4 });
    // The unfiltered first page and each status's first page (their ids differ on this server).
    expect(replica.animals({}).total).toBe(400);
  });

  it('a server whose next page loops back is stopped, not followed for ever', async () => {
    const { replica } = open(bad.url('link-loop'));
    await expect(replica.walkInventory()).rejects.toMatchObject({ kind: 'not_the_contract' });
    expect(replica.status().inventory.state).toBe('interrupted');
    expect(replica.status().inventory.problem?.message).toMatch(/pages loop/);
  });

  it('two walks asked at once are one walk', async () => {
    seed(120);
    const { replica } = open();
    const before = proxy.forwarded;
    await Promise.all([replica.walkInventory(), replica.walkInventory()]);
    expect(proxy.forwarded - before).toBe(2);
  });
});

describe('the inventory walk with its pages written in the sync thread, as in the app', () => {
  const openThreaded = () =>
    (handles = openTestReplica(dir(), 'staging', proxy.baseUrl, 'a sync thread', {
      timeouts: { responseMs: 10_000, totalMs: 20_000 }, // the thread compiles nothing, but CI is busy
    }));

  it('brings every animal, shows them on main as each transaction lands, and removes what the server lost', async () => {
    seed(950);
    const { replica } = openThreaded();
    const shownDuring: number[] = [];
    replica.events.on('data-changed', () => shownDuring.push(replica.animals({ limit: 1 }).total));
    await replica.walkInventory();
    expect(replica.status().inventory).toMatchObject({ state: 'complete', pages: 10, animals: 950, problem: null });
    expect(replica.animals({}).total).toBe(950);
    expect(shownDuring).toEqual(expect.arrayContaining([400, 800, 950]));
    expect(replica.animals({ search: 'fish 949' }).total).toBe(1);

    service.db.exec("DELETE FROM pets WHERE name = 'Fish 3'");
    service.store.createPet({ name: 'Goldie', categoryId: '1', status: 'available' });
    await replica.walkInventory();
    expect(replica.animals({}).total).toBe(950);
    expect(replica.animals({ search: 'goldie' }).total).toBe(1);
    expect(replica.animals({ search: 'fish 3' }).rows.map((row) => row.kind === 'pet' && row.pet.name)).not.toContain(
      'Fish 3',
    );
  });

  it('interrupted part way, stores what it received and resumes after it: nothing fetched twice', async () => {
    seed(650);
    const { replica } = openThreaded();
    proxy.schedule(['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'reset']); // the seventh page fails
    await expect(replica.walkInventory()).rejects.toMatchObject({ kind: 'unreachable' });
    expect(replica.status().inventory).toMatchObject({ state: 'interrupted', pages: 6, animals: 600 });
    expect(replica.animals({}).total).toBe(600);
    const forwardedBefore = proxy.forwarded;
    await replica.walkInventory();
    expect(proxy.forwarded - forwardedBefore).toBe(1);
    expect(replica.status().inventory).toMatchObject({ state: 'complete', pages: 7, animals: 650 });
  });

  it('closed mid-walk, stores what it received before its thread stops; a new process resumes', async () => {
    seed(900);
    proxy.schedule(['pass', 'pass', 'pass', 'pass', 'pass']);
    proxy.setMode('hold'); // the sixth page never comes
    let { replica } = openThreaded();
    const walking = replica.walkInventory().catch((error: unknown) => error);
    await expect.poll(() => proxy.held).toBe(1);
    await handles!.close();
    handles = undefined;
    expect(await walking).toMatchObject({ kind: 'cancelled' });
    proxy.setMode('pass');
    proxy.release();
    ({ replica } = openThreaded());
    expect(replica.status().inventory).toMatchObject({ state: 'interrupted', pages: 5, animals: 500 });
    expect(replica.animals({}).total).toBe(500);
    await replica.walkInventory();
    expect(replica.status().inventory).toMatchObject({ state: 'complete', pages: 9, animals: 900 });
    expect(replica.animals({}).total).toBe(900);
  });
});

describe.each<SyncRunsIn>(['this thread', 'a sync thread'])(
  'two processes walking one replica file, the engine in %s',
  (syncRunsIn) => {
    // Two processes of one computer (the app and the CLI, say) open the same file, each over a
    // network of its own in front of the same server.
    let other: FaultProxy;
    const opened: ReplicaHandles[] = [];
    beforeEach(async () => {
      other = await startFaultProxy(service.port);
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((handles) => handles.close()));
      await other.close();
    });
    const openVia = (via: FaultProxy) => {
      const handles = openTestReplica(dir(), 'staging', `${service.baseUrl}/v1`, syncRunsIn, {
        via: via.baseUrl,
        timeouts: { responseMs: 10_000, totalMs: 20_000 },
      });
      opened.push(handles);
      return handles.replica;
    };

    it('the older walk finishing last removes none of the animals the newer one saw', async () => {
      seed(401); // five pages: the first four stored together, then the last
      const older = openVia(proxy);
      const newer = openVia(other);
      proxy.setMode('hold');
      const olderWalk = older.walkInventory();
      other.schedule(['pass', 'pass', 'pass', 'pass', 'hold']);
      const newerWalk = newer.walkInventory();
      // The newer walk has stored its first four pages and waits for its last.
      await expect.poll(() => other.held).toBe(1);
      await expect.poll(() => newer.animals({}).total).toBe(400);
      // The older walk goes through every page meanwhile, and finishes.
      proxy.setMode('pass');
      proxy.release();
      await olderWalk;
      other.release();
      await newerWalk;
      expect(newer.animals({}).total).toBe(401);
      expect(older.animals({}).total).toBe(401);
      expect(newer.status().inventory).toMatchObject({ state: 'complete', animals: 401 });
    });

    it('the newer walk finishing first: the older one neither removes nor marks the walk as its own', async () => {
      seed(250);
      const older = openVia(proxy);
      const newer = openVia(other);
      proxy.setMode('hold');
      const olderWalk = older.walkInventory();
      await expect.poll(() => proxy.held).toBe(1);
      await newer.walkInventory();
      // Since: one animal gone from the server, one new.
      service.db.exec("DELETE FROM pets WHERE name = 'Fish 7'");
      service.store.createPet({ name: 'Goldie', categoryId: '1', status: 'available' });
      proxy.setMode('pass');
      proxy.release();
      await olderWalk;
      expect(newer.status().inventory).toMatchObject({ state: 'complete', animals: 250 });
      // The next walk is newer than both, and removes what the server lost.
      await newer.walkInventory();
      const names = older.animals({ limit: 500 }).rows.map((row) => row.kind === 'pet' && row.pet.name);
      expect(names).toHaveLength(250);
      expect(names).toContain('Goldie');
      expect(names).not.toContain('Fish 7');
    });
  },
);
