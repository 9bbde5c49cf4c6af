// A counter's sync pass, then the power goes: once the pass has recorded every answer, the process
// ends at once (SIGKILL), closing nothing, as a cut leaves it. Prints the pass's result first.
import { openTestReplica, type SyncRunsIn } from './replica';

const [dataDir, baseUrl, syncRunsIn] = process.argv.slice(2) as [string, string, SyncRunsIn];
const { replica } = openTestReplica(dataDir, 'staging', baseUrl, syncRunsIn);
const result = await replica.engine.syncNow();
process.stdout.write(`${JSON.stringify(result)}\n`); // a pipe: written synchronously, seen after the kill
process.kill(process.pid, 'SIGKILL');
