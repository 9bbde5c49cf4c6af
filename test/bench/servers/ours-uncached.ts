// Our service with the listPets response cache off: every request queries SQLite and serializes.
import { buildServer } from '../../../src/main/server/app';
import { openDatabase } from '../../../src/main/database/database';
import { createPetsTable } from '../../../src/main/database/pets-table';

const [port, dbFile, apiKey] = process.argv.slice(2);
const db = openDatabase(dbFile!);
const app = buildServer({ db, store: createPetsTable(db), apiKey: apiKey!, listCache: false });
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('listening');
