import type { SqliteDatabase } from '../database/database';
import { PETS_HOLDING_MICROCHIP, type MicrochipHolder } from '../database/microchip-holder';

/** Which animal of the replica, but one, is being asked about: a server's animal by id, or an add waiting by its row. */
export interface NotCounting {
  petId?: bigint;
  addRow?: number;
}

/**
 * Who has a microchip number in a replica, as the replica shows it: the server's animals with the
 * changes on their way and the details kept here (`pets`), then the adds not yet accepted (shown
 * in the list, refused ones too: a person may still send them). A person's add or change is
 * checked against it as the local store's is (refuseTakenMicrochip).
 */
export function createMicrochipHolders(db: SqliteDatabase) {
  const holder = db.prepare<{ microchip: string; petId: bigint | null; addRow: number | null }, MicrochipHolder>(
    `${PETS_HOLDING_MICROCHIP}
     UNION ALL
     SELECT NULL, name FROM outbox INDEXED BY outbox_by_microchip
     WHERE state <> 'accepted' AND microchip = @microchip AND id IS NOT @addRow
     LIMIT 1`,
  );
  return {
    /** The animal other than `but` that has `microchip`, if any. */
    holderOf: (microchip: string, but: NotCounting = {}): MicrochipHolder | undefined =>
      holder.get({ microchip, petId: but.petId ?? null, addRow: but.addRow ?? null }),
  };
}
