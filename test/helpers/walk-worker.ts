// A replica walking a server's inventory until killed: it prints "page N" as each page is stored.
import { openTestReplica } from './replica';

const [dataDir, baseUrl] = process.argv.slice(2) as [string, string];
const { replica } = openTestReplica(dataDir, 'staging', baseUrl);
replica.events.on('data-changed', () => process.stdout.write(`page ${replica.status().inventory.pages}\n`));
await replica.learnExtensions();
await replica.walkInventory();
process.stdout.write('complete\n');
