import { join } from 'node:path';
import Database from 'better-sqlite3';
import { unzipSync } from 'fflate';
import { openAppLog } from '../../src/main/config/app-log';
import { DATABASE_FILE_NAME } from '../../src/main/config/data-dir';
import type { PetstoreCore } from '../../src/main/core/petstore-core';

/** What must never leave the shop in a support bundle, each distinctive enough to be found anywhere. */
export const PLANTED = {
  key: 'pk-live-Planted7Qx9Vb2Lm4Kp8Rz3Wd',
  animalName: 'Zephyrine Calloway',
  notes: 'Nibbles the Wobbleton cushions',
  microchip: '985141000987654',
  supplier: 'Gwendolyn Pettifer',
  breed: 'Frostmantle',
  buyerName: 'Ottoline Vanderspool',
  buyerContact: 'ottoline@vanderspool.example',
  managerName: 'Quintessa Marlowe',
  managerPin: '80417263',
  staffName: 'Thaddeus Brightwater',
  staffPin: '3141597',
} as const;

/** Each planted thing, and each word of it that could leak alone. */
const plantedWords = (): string[] => [
  ...Object.values(PLANTED),
  ...Object.values(PLANTED).flatMap((value) => value.split(/[\s@.]+/).filter((word) => word.length >= 5)),
  PLANTED.key.slice(8, 20),
];

/**
 * A shop with everything a bundle must leave out: a key in the keychain for staging, a manager and
 * a staff member with their PINs, an animal with its details sold to a buyer, one waiting to be
 * sent to staging, and log lines that mention them all. The PINs' hashes are returned with the
 * rest of what must not be found.
 */
export async function plantShop(core: PetstoreCore, dataDir: string): Promise<string[]> {
  await core.setBaseUrl('staging', 'http://127.0.0.1:9/v1');
  await core.setKey('staging', PLANTED.key);
  await core.addStaff({ name: PLANTED.managerName, role: 'manager', pin: PLANTED.managerPin });
  await core.unlockManager(PLANTED.managerPin, { task: 'manage-staff' });
  await core.addStaff({ name: PLANTED.staffName, role: 'staff', pin: PLANTED.staffPin });
  const details = {
    notes: PLANTED.notes,
    microchip: PLANTED.microchip,
    supplier: PLANTED.supplier,
    breed: PLANTED.breed,
  };
  const added = core.addPet('local', { name: PLANTED.animalName, categoryId: '3', price: 4500, ...details });
  const { id } = (added as { pet: { id: string } }).pet;
  core.sellPet('local', id, { price: 4000, buyerName: PLANTED.buyerName, buyerContact: PLANTED.buyerContact });
  core.addPet('staging', { name: PLANTED.animalName, categoryId: '3', ...details });

  const log = openAppLog(dataDir);
  log.info({ version: '1.2.3', development: false }, 'starting');
  log.info({ method: 'GET', path: `/v1/pets/${id}?name=${PLANTED.animalName}`, status: 500, ms: 12.5 }, 'request');
  log.info({ name: PLANTED.animalName, buyerName: PLANTED.buyerName, by: PLANTED.staffName }, 'sold');
  log.warn({ command: `pets ${PLANTED.animalName}` }, `${PLANTED.animalName} sold to ${PLANTED.buyerName}`);
  const failure = Object.assign(new Error(`${PLANTED.animalName} (${PLANTED.microchip}): ${PLANTED.notes}`), {
    code: 'SQLITE_BUSY',
  });
  log.error(
    { err: failure, environment: 'staging', pet: { ...details, name: PLANTED.animalName } },
    'unexpected error',
  );
  log.error(
    { environment: 'staging', error: { code: 'internal', message: PLANTED.supplier } },
    'the sync thread failed',
  );
  log.flush();

  const db = new Database(join(dataDir, DATABASE_FILE_NAME), { readonly: true });
  const hashes = db.prepare<[], string>('SELECT pin FROM staff').pluck().all();
  db.close();
  return [...plantedWords(), ...hashes];
}

/** Every file of a zip, unzipped, as text. */
export function filesOfZip(zip: Uint8Array): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')]),
  );
}

/** Each planted word found in any byte of any file of the zip (case aside), with the file it is in. */
export function plantedFoundIn(zip: Uint8Array, planted: string[]): string[] {
  const files = unzipSync(zip);
  return Object.entries(files).flatMap(([name, bytes]) => {
    const texts = [name, Buffer.from(bytes).toString('utf8'), Buffer.from(bytes).toString('latin1')].map((text) =>
      text.toLowerCase(),
    );
    return planted
      .filter((word) => texts.some((text) => text.includes(word.toLowerCase())))
      .map((word) => `${word} in ${name}`);
  });
}
