// A counter that adds animals as fast as it can while its sync engine sends them, until killed.
// It prints each animal's name only after createPet has returned: those must never be lost.
import { openTestReplica, type SyncRunsIn } from './replica';

const [dataDir, baseUrl, prefix, syncRunsIn] = process.argv.slice(2) as [string, string, string, SyncRunsIn];
const { replica } = openTestReplica(dataDir, 'staging', baseUrl, syncRunsIn);
replica.engine.events.on('progress', () => process.stdout.write('#synced a batch\n'));
replica.engine.start();
for (let i = 0; ; i++) {
  const name = `${prefix}-${i}`;
  replica.createPet({ name, categoryId: String(i) });
  process.stdout.write(`${name}\n`); // a pipe: written synchronously, so the parent sees it even after a SIGKILL
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
}
