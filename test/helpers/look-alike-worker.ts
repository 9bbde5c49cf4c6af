// One of two processes adding the same animals to one data folder at once, as two counters' CLIs
// might. From the moment given, it adds each name in turn and prints whether the add went in or
// was refused as a look-alike.
import { openPetstoreCore } from '../../src/main/core/petstore-core';
import { isRemoteEnvironment, type EnvironmentName } from '../../src/shared/contract';
import { toAppError } from '../../src/main/app-error';

const [dataDir, environment, startAt, count] = process.argv.slice(2) as [string, EnvironmentName, string, string];
const core = openPetstoreCore({ dataDir, road: 'cli' });
while (Date.now() < Number(startAt)); // both processes begin together
for (let i = 0; i < Number(count); i++) {
  try {
    core.addPet(environment, { name: `Twin ${i}`, categoryId: '2' });
    process.stdout.write(`added Twin ${i}\n`);
  } catch (error) {
    if (toAppError(error).code !== 'possible_duplicate') throw error;
    process.stdout.write(`refused Twin ${i}\n`);
  }
}
if (isRemoteEnvironment(environment)) await core.close?.();
process.exit(0);
