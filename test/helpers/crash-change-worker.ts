// A counter that changes animals as fast as it can while its sync engine sends the changes, until
// killed. Before each change it prints ">id status"; once changePet has returned, "id status":
// those must never be lost, and none may be made twice.
import { openTestReplica, type SyncRunsIn } from './replica';

const [dataDir, baseUrl, idList, syncRunsIn] = process.argv.slice(2) as [string, string, string, SyncRunsIn];
const ids = idList.split(',');
const statuses = ['available', 'pending', 'sold'] as const;
const { replica } = openTestReplica(dataDir, 'staging', baseUrl, syncRunsIn);
replica.engine.events.on('progress', () => process.stdout.write('#synced a batch\n'));
await replica.walkInventory();
replica.engine.start();
for (let i = 0; ; i++) {
  const id = ids[Math.floor(Math.random() * ids.length)]!;
  const status = statuses[Math.floor(Math.random() * statuses.length)]!;
  process.stdout.write(`>${id} ${status}\n`);
  replica.changePet(id, { status });
  process.stdout.write(`${id} ${status}\n`); // a pipe: written synchronously, seen even after a SIGKILL
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
}
