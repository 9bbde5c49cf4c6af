// One walk of a server's whole inventory into a new replica, by the code of the tree at `root` (this
// one, or a copy of an earlier commit), its sync engine in a thread of its own as in the app when
// given that thread's build (`syncThread`, a sync-thread.js), else in this thread: its time, the
// replica file's size after a checkpoint, its own CPU time (this process's, every thread's; the
// server's aside), and, when asked, how long the window's reads on main's thread waited during it.
// Prints one JSON line.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as ReplicaHelper from '../helpers/replica';
import type * as RemoteClient from '../../src/main/remote/remote-client';

const [root, baseUrl, dataDir, key, animals, probe, syncThread] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  'probe' | 'no-probe',
  string,
];
const { openTestReplica } = (await import(join(root, 'test/helpers/replica.ts'))) as typeof ReplicaHelper;
const { DEFAULT_TIMEOUTS } = (await import(join(root, 'src/main/remote/remote-client.ts'))) as typeof RemoteClient;

const inThread = syncThread !== 'this thread';
const { replica, close } = openTestReplica(dataDir, 'staging', baseUrl, inThread ? 'a sync thread' : 'this thread', {
  apiKey: async () => key,
  timeouts: DEFAULT_TIMEOUTS,
  ...(inThread ? { entry: pathToFileURL(syncThread) } : {}),
});
// The window asks for its first rows and counts every PROBE_MS: how long each waited for the
// thread (a walk's page being stored holds it) and took.
const PROBE_MS = 50;
const reads: number[] = [];
let timer: NodeJS.Timeout | undefined;
const read = (asked: number) => {
  timer = setTimeout(() => {
    replica.animals({ limit: 100 });
    const now = performance.now();
    reads.push(now - asked - PROBE_MS);
    read(now);
  }, PROBE_MS);
};
// The app starts each sync thread when it starts, long before a walk: so does this, with a pass
// over an empty outbox, before the clock starts.
if (inThread) await replica.engine.syncNow();
const cpu = process.cpuUsage();
const start = performance.now();
if (probe === 'probe') read(start);
await replica.learnExtensions();
await replica.walkInventory();
const seconds = (performance.now() - start) / 1000;
const { user, system } = process.cpuUsage(cpu);
const cpuSeconds = (user + system) / 1e6;
clearTimeout(timer);
const held = replica.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM pets').get()!.n;
if (held !== Number(animals)) throw new Error(`The replica holds ${held} animals, not ${animals}.`);
replica.db.pragma('wal_checkpoint(TRUNCATE)');
await close();
const bytes = statSync(join(dataDir, 'replica-staging.db')).size;
console.log(JSON.stringify({ seconds, cpuSeconds, bytes, reads }));
