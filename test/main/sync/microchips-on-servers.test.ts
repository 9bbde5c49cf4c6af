// A microchip number belongs to one animal on a server's environment too: an add or a change made
// here is refused, as the local store refuses it, when another animal of the replica (the server's
// animals with the changes on their way, the adds waiting, the details kept here) has it. Real
// replica files; our service on 127.0.0.1, and the same behind a server of the interface alone.
import { describe, expect, it } from 'vitest';
import type { Replica } from '../../../src/main/sync/replica';
import { ApiError, type NewPet } from '../../../src/shared/contract';
import { useCleanups } from '../../helpers/cleanups';
import { startService } from '../../helpers/http-service';
import { drain, openTestReplica } from '../../helpers/replica';
import { startSeedOnlyProxy } from '../../helpers/seed-only-proxy';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const tempDir = useTempDir();

const CHIP = '985112345678903';
const OTHER_CHIP = '900000000000017';
const animal = (name: string, details: Partial<NewPet> = {}): NewPet => ({
  name,
  categoryId: '1',
  status: 'available',
  ...details,
});

/** What `write` threw, as the window would get it. */
function refusal(write: () => unknown): Pick<ApiError, 'code' | 'message' | 'fields'> {
  try {
    write();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { code: error.code, message: error.message, fields: error.fields };
  }
  throw new Error('the write was not refused');
}

const waiting = (replica: Replica) => replica.status().waiting;

describe('a microchip number on a server environment', () => {
  it('of a server animal is refused for another in the words the local store uses, naming it', async () => {
    const service = track(await startService());
    const rex = service.store.createPet(animal('Rex', { microchip: CHIP }));
    const { replica } = track(openTestReplica(tempDir(), 'staging', `${service.baseUrl}/v1`));
    await replica.learnExtensions();
    await replica.walkInventory();
    await replica.engine.stop(); // nothing is sent: the refusal is the replica's own

    const local = refusal(() => service.store.createPet(animal('Max', { microchip: CHIP })));
    expect(local.code).toBe('microchip_taken');
    expect(refusal(() => replica.createPet(animal('Max', { microchip: CHIP })))).toEqual(local);
    const max = service.store.createPet(animal('Max'));
    await replica.walkInventory();
    expect(refusal(() => replica.changePet(max.id, { microchip: CHIP }))).toEqual(local);
    expect(waiting(replica)).toBe(0);

    // Its own number is no other animal's, nor an animal's whose change moves it away.
    expect(replica.changePet(rex.id, { name: 'Rexy', microchip: CHIP })).not.toBeNull();
    replica.changePet(rex.id, { microchip: null });
    expect(replica.changePet(max.id, { microchip: CHIP })).not.toBeNull();
    expect(replica.shownPet(max.id)?.microchip).toBe(CHIP);
  });

  it('of an add or a change still waiting is refused for another, naming that animal', async () => {
    const service = track(await startService());
    const rex = service.store.createPet(animal('Rex'));
    const { replica } = track(openTestReplica(tempDir(), 'staging', `${service.baseUrl}/v1`));
    await replica.learnExtensions();
    await replica.walkInventory();
    await replica.engine.stop(); // the add and the change wait

    const bella = replica.createPet(animal('Bella', { microchip: CHIP }));
    const taken = refusal(() => replica.createPet(animal('Max', { microchip: CHIP })));
    expect(taken).toMatchObject({ code: 'microchip_taken', fields: [{ field: 'microchip' }] });
    expect(taken.message).toMatch(/^microchip is already Bella's \(waiting to be added\): a microchip number/);
    expect(refusal(() => replica.changePet(rex.id, { microchip: CHIP })).message).toBe(taken.message);

    replica.changePet(rex.id, { microchip: OTHER_CHIP });
    const byChange = refusal(() => replica.createPet(animal('Max', { microchip: OTHER_CHIP })));
    expect(byChange.message).toMatch(new RegExp(`^microchip is already Rex's \\(id ${rex.id}\\)`));
    // A correction of the waiting add: to a number taken, refused; keeping its own, made.
    expect(refusal(() => replica.correctEntry(bella.entryId, animal('Bella', { microchip: OTHER_CHIP }))).code).toBe(
      'microchip_taken',
    );
    expect(replica.correctEntry(bella.entryId, animal('Bella B', { microchip: CHIP })).name).toBe('Bella B');
    expect(replica.outbox.list()).toHaveLength(1);
    expect(replica.changeEntries()).toHaveLength(1);
  });

  it('corrected into a refused add is refused when another animal has it', async () => {
    const service = track(await startService());
    const { replica } = track(openTestReplica(tempDir(), 'staging', `${service.baseUrl}/v1`));
    await replica.learnExtensions();
    service.store.createPet(animal('Old', { microchip: CHIP })); // not yet seen here: the server refuses
    const fresh = replica.createPet(animal('New', { microchip: CHIP }));
    await drain(replica);
    expect(replica.outbox.get(fresh.entryId)).toMatchObject({ state: 'refused' });
    await replica.engine.stop();
    replica.createPet(animal('Bella', { microchip: OTHER_CHIP }));

    const taken = refusal(() => replica.resend(fresh.entryId, animal('New', { microchip: OTHER_CHIP })));
    expect(taken.message).toMatch(/^microchip is already Bella's \(waiting to be added\)/);
    expect(replica.outbox.get(fresh.entryId)).toMatchObject({ state: 'refused', microchip: CHIP });
  });

  it('kept on this computer for a server without details is refused for another', async () => {
    const service = track(await startService());
    const seedOnly = track(await startSeedOnlyProxy(service.port));
    const { replica } = track(openTestReplica(tempDir(), 'staging', seedOnly.baseUrl));
    await replica.learnExtensions();
    replica.createPet(animal('Biscuit', { microchip: CHIP }));
    replica.createPet(animal('Max'));
    await drain(replica);
    await replica.walkInventory();
    const [biscuitId, maxId] = [0, 1].map((index) => replica.outbox.list()[index]!.serverId!);
    expect(service.store.getPet(biscuitId!).microchip).toBeUndefined(); // never sent

    expect(refusal(() => replica.createPet(animal('Nemo', { microchip: CHIP }))).message).toMatch(
      new RegExp(`^microchip is already Biscuit's \\(id ${biscuitId}\\)`),
    );
    // A change of details alone is kept at once: refused before it is.
    expect(refusal(() => replica.changePet(maxId!, { microchip: CHIP })).code).toBe('microchip_taken');
    expect(replica.shownPet(maxId!)?.microchip).toBeUndefined();
    expect(replica.status().details.keptHere).toBe(1);
  });
});
