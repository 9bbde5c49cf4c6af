// `npm run bench`: every benchmark, printed as Markdown for BENCHMARKS.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machine } from './stats';
import { benchHttp } from './http.bench';
import { benchIpc } from './ipc.bench';
import { benchStore } from './store.bench';
import { benchSync } from './sync.bench';

const dir = mkdtempSync(join(tmpdir(), 'petstore-bench-'));
try {
  console.log(`Machine: ${machine()}`);
  console.log(`Date: ${new Date().toISOString().slice(0, 10)}\n`);
  console.log('## Local store (issue 2)\n');
  console.log(benchStore(dir).join('\n'));
  console.log('\n## HTTP service (issue 3)\n');
  console.log((await benchHttp(dir)).join('\n'));
  console.log('\n## Sync: draining the outbox (issue 5)\n');
  console.log((await benchSync(dir)).join('\n'));
  console.log('\n## IPC: what the contract adds to a call (issue 6)\n');
  console.log((await benchIpc(dir)).join('\n'));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
