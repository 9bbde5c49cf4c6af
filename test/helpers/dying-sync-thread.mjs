// A stand-in for the sync thread (src/main/sync/sync-thread.ts), serving the same calls: the first
// one started for a folder dies while main waits for its pass; those after it answer an empty pass.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';

const diedHere = join(workerData.dataDir, 'a sync thread died here');
const nothingSent = { accepted: 0, refused: 0, retryLater: 0, held: 0, stoppedBecause: null };
Comlink.expose(
  {
    syncNow() {
      if (existsSync(diedHere)) return nothingSent;
      writeFileSync(diedHere, '');
      process.exit(1); // in a worker, ends the thread alone
    },
    start() {},
    keyChanged() {},
    noteReachable() {},
    async stop() {},
  },
  nodeEndpoint(parentPort),
);
