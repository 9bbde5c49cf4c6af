// The shop's staff at the core: the list a manager keeps, signing in with a personal PIN (slowed
// after wrong tries as the manager's is), main's idle sign-out, and each change naming who made
// it. Real cores over real SQLite files, a real keychain.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../src/main/config/data-dir';
import { FREE_ATTEMPTS } from '../../../src/main/core/manager-lock';
import { guardWrites } from '../../../src/main/core/write-guard';
import { createIpcRouter } from '../../../src/main/ipc/router';
import type { CounterView } from '../../../src/shared/contract';
import { refusal } from '../../helpers/refusal';
import { useTestCore } from './test-core';

const MANAGER = { name: 'Maria', role: 'manager', pin: '24681357' } as const;
const ANA = { name: 'Ana', role: 'staff', pin: '1234' } as const;

describe('the shop’s staff', () => {
  const { open, tempDir } = useTestCore();

  /** A core whose list has a manager (Maria) and a staff member (Ana), nobody signed in; the clock is the test's. */
  async function shop() {
    const clock = { now: 1_000_000 };
    const core = open({ now: () => clock.now });
    const told: CounterView[] = [];
    core.on('counterChanged', (view) => void told.push(view));
    await core.addStaff(MANAGER); // the first needs nobody's PIN: nothing is locked yet
    await core.unlockManager(MANAGER.pin, { task: 'manage-staff' });
    await core.addStaff(ANA);
    return { core, clock, told };
  }

  it('without staff nothing changes: one unnamed counter, nothing asks to sign in, nothing locked', async () => {
    const core = open();
    expect(core.counter()).toEqual({ staff: [], signedIn: null, signInRequired: false, idleSignOutMinutes: 5 });
    const router = createIpcRouter(core);
    const added = await router.dispatch('addPet', { environment: 'local', pet: { name: 'Rex', categoryId: '1' } });
    expect(added).toMatchObject({ ok: true });
    const id = (added as { value: { pet: { id: string } } }).value.pet.id;
    expect(core.petHistory('local', id).entries[0]).toMatchObject({ via: 'window', by: null });
    expect(core.managerLock()).toEqual({ pinSet: false, unlocked: false, retryAfterMs: 0 });
    // A counter staff member needs a manager on the list first: a manager keeps the list.
    expect(await refusal(() => core.addStaff(ANA))).toMatchObject({
      code: 'conflict',
      message:
        'Add a manager first (petstore staff add <name> --manager, or the role Manager in Settings): a manager keeps the staff list.',
    });
  });

  it('a manager keeps the list: adding, removing and new PINs need the manager’s PIN, each name once', async () => {
    const { core, told } = await shop();
    expect(core.counter().staff).toEqual([
      { name: 'Maria', role: 'manager' },
      { name: 'Ana', role: 'staff' },
    ]);
    expect(core.counter().signInRequired).toBe(true);
    expect(told.at(-1)?.staff).toHaveLength(2);
    const tasks: Array<() => unknown> = [
      () => core.addStaff({ name: 'Bo', role: 'staff', pin: '5555' }),
      () => core.removeStaff({ name: 'Ana' }),
      () => core.setStaffPin({ name: 'Ana', pin: '4321' }),
      () => core.setIdleSignOut({ minutes: 10 }),
    ];
    for (const task of tasks) expect((await refusal(task)).code).toBe('manager_pin_required');
    expect((await refusal(tasks[0]!)).permit).toEqual({ task: 'manage-staff' });
    expect((await refusal(tasks[3]!)).permit).toEqual({ task: 'set-idle-sign-out' });

    // Signed in, the manager needs no PIN for each task.
    await core.signIn({ name: 'Maria', pin: MANAGER.pin });
    const taken = await refusal(() => core.addStaff({ name: ' ana ', role: 'staff', pin: '5555' }));
    expect(taken).toMatchObject({ code: 'conflict', fields: [{ field: 'name' }] });
    // A staff member's PIN is 4 to 8 digits; a manager's up to 12, as the manager's PIN always was.
    for (const pin of ['123', '123456789', '12a4'])
      expect((await refusal(() => core.addStaff({ name: 'Bo', role: 'staff', pin }))).fields).toEqual([
        { field: 'pin', message: 'must be 4 to 8 digits' },
      ]);
    await core.addStaff({ name: 'Bo', role: 'manager', pin: '123456789012' });
    // The stored PIN is a salted slow hash, never the PIN.
    const peek = new Database(join(tempDir(), DATABASE_FILE_NAME), { readonly: true });
    const kept = peek.prepare('SELECT pin FROM staff').pluck().all() as string[];
    peek.close();
    expect(kept.join()).not.toMatch(/1234|24681357|123456789012/);
    expect(kept.map((record) => JSON.parse(record))).toEqual(
      Array.from({ length: 3 }, () => expect.objectContaining({ N: 32768, r: 8, p: 1 })),
    );
  });

  it('signing in: the right PIN names the person; a wrong one is refused; a removed person is signed out', async () => {
    const { core, told } = await shop();
    expect((await refusal(() => core.signIn({ name: 'Ana', pin: '9999' }))).code).toBe('staff_pin_wrong');
    expect((await refusal(() => core.signIn({ name: 'Nobody', pin: '1234' }))).code).toBe('not_found');
    expect((await core.signIn({ name: 'ana', pin: ANA.pin })).signedIn).toEqual({ name: 'Ana', role: 'staff' });
    expect(told.at(-1)?.signedIn).toEqual({ name: 'Ana', role: 'staff' });
    expect(core.signOut().signedIn).toBeNull();
    expect(told.at(-1)?.signedIn).toBeNull();

    await core.signIn({ name: 'Ana', pin: ANA.pin });
    await core.unlockManager(MANAGER.pin, { task: 'manage-staff' });
    core.removeStaff({ name: 'Ana' });
    expect(core.counter()).toMatchObject({ signedIn: null, signInRequired: false });

    // Taken off the list by another process (the command line): signed out here too, never a manager left unlocked.
    await core.signIn({ name: 'Maria', pin: MANAGER.pin });
    await core.addStaff({ name: 'Bo', role: 'manager', pin: '5555' });
    expect(core.managerLock()).toMatchObject({ pinSet: true, unlocked: true });
    const other = new Database(join(tempDir(), DATABASE_FILE_NAME));
    other.prepare("DELETE FROM staff WHERE name = 'Maria'").run();
    other.close();
    expect(core.managerLock()).toMatchObject({ pinSet: true, unlocked: false });
    expect(core.counter().signedIn).toBeNull();
    expect(told.at(-1)?.signedIn).toBeNull();
  });

  it('a signed-in manager counts as unlocked for the manager’s tasks; a staff member does not', async () => {
    const { core } = await shop();
    await core.signIn({ name: 'Ana', pin: ANA.pin });
    expect(core.managerLock().unlocked).toBe(false);
    expect((await refusal(() => core.setActiveEnvironment('staging'))).code).toBe('manager_pin_required');
    expect((await refusal(() => core.addStaff({ name: 'Bo', role: 'staff', pin: '5555' }))).code).toBe(
      'manager_pin_required',
    );
    await core.signIn({ name: 'Maria', pin: MANAGER.pin });
    expect(core.managerLock().unlocked).toBe(true);
    expect(core.setActiveEnvironment('staging').environment).toBe('staging');
    await core.addStaff({ name: 'Bo', role: 'staff', pin: '5555' });
    expect(core.setIdleSignOut({ minutes: 10 }).idleSignOutMinutes).toBe(10);
    core.signOut();
    expect((await refusal(() => core.setActiveEnvironment('local'))).code).toBe('manager_pin_required');
    // The last manager goes only after the counter staff: someone must keep the list.
    await core.unlockManager(MANAGER.pin, { task: 'manage-staff' });
    expect(await refusal(() => core.removeStaff({ name: 'Maria' }))).toMatchObject({ code: 'conflict' });
  });

  it('wrong PINs at sign-in are slowed as the manager’s are, per person, across a restart', async () => {
    const { core, clock } = await shop();
    for (let attempt = 1; attempt <= FREE_ATTEMPTS; attempt++)
      expect((await refusal(() => core.signIn({ name: 'Ana', pin: '0000' }))).code).toBe('staff_pin_wrong');
    expect(await refusal(() => core.signIn({ name: 'Ana', pin: ANA.pin }))).toMatchObject({
      code: 'staff_pin_wait',
      status: 429,
      retryAfterMs: 1_000,
    });
    // Another person's tries are their own; tries made at once are each counted.
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => refusal(() => core.signIn({ name: 'Maria', pin: '0000' }))),
    );
    expect(outcomes.filter((error) => error.code === 'staff_pin_wrong')).toHaveLength(FREE_ATTEMPTS);
    expect(outcomes.filter((error) => error.code === 'staff_pin_wait')).toHaveLength(6 - FREE_ATTEMPTS);
    await core.close();

    const restarted = open({ now: () => clock.now });
    expect(restarted.counter().signedIn).toBeNull(); // a restart signs everyone out
    expect((await refusal(() => restarted.signIn({ name: 'Ana', pin: ANA.pin }))).code).toBe('staff_pin_wait');
    clock.now += 1_000;
    expect((await refusal(() => restarted.signIn({ name: 'Ana', pin: '1111' }))).retryAfterMs).toBe(2_000);
    clock.now += 2_000;
    expect((await restarted.signIn({ name: 'Ana', pin: ANA.pin })).signedIn?.name).toBe('Ana');
    restarted.signOut();
    expect((await refusal(() => restarted.signIn({ name: 'Ana', pin: '1111' }))).retryAfterMs).toBe(0);
  });

  it('main signs the person out after the idle time a manager sets; anything they do starts it again', async () => {
    const { core, clock, told } = await shop();
    await core.signIn({ name: 'Ana', pin: ANA.pin });
    clock.now += 4 * 60_000;
    core.stillAtCounter();
    clock.now += 4 * 60_000;
    expect(core.counter().signedIn?.name).toBe('Ana');
    clock.now += 60_000;
    expect(core.counter().signedIn).toBeNull();
    expect(told.at(-1)).toMatchObject({ signedIn: null, signInRequired: true });

    // Told without being asked: main watches the clock while someone is signed in.
    await core.signIn({ name: 'Maria', pin: MANAGER.pin });
    core.setIdleSignOut({ minutes: 1 });
    clock.now += 60_000;
    await expect.poll(() => told.at(-1)?.signedIn, { timeout: 3_000 }).toBeNull();
    expect(core.counter().idleSignOutMinutes).toBe(1);
    expect((await refusal(() => core.setIdleSignOut({ minutes: 0 }))).code).toBe('manager_pin_required');
    await core.unlockManager(MANAGER.pin, { task: 'set-idle-sign-out' });
    expect((await refusal(() => core.setIdleSignOut({ minutes: 0 }))).fields?.[0]?.field).toBe('minutes');
  });

  it('a change made while Ana is signed in names her in the animal’s history', async () => {
    const { core } = await shop();
    const router = createIpcRouter(core);
    await core.signIn({ name: 'Ana', pin: ANA.pin });
    const added = await router.dispatch('addPet', { environment: 'local', pet: { name: 'Rex', categoryId: '1' } });
    const { id } = (added as { ok: true; value: { pet: { id: string } } }).value.pet;
    expect(
      await router.dispatch('changePet', { environment: 'local', petId: id, patch: { status: 'sold' } }),
    ).toMatchObject({ ok: true });
    const entries = core.petHistory('local', id).entries;
    expect(entries.map(({ action, via, by }) => ({ action, via, by }))).toEqual([
      { action: 'changed', via: 'window', by: 'Ana' },
      { action: 'added', via: 'window', by: 'Ana' },
    ]);
  });

  it('with counter staff and nobody signed in, a write from the window is refused asking to sign in', async () => {
    const { core } = await shop();
    const router = createIpcRouter(core);
    const refused = await router.dispatch('addPet', { environment: 'local', pet: { name: 'Rex', categoryId: '1' } });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'sign_in_required',
        message: 'Not done: sign in at the counter first, so that each change names who made it. Nothing was changed.',
        status: 403,
      },
    });
    expect((await core.listPets('local', {})).pets).toEqual([]);
    // The command line is not the counter: it names nobody, and is not asked to.
    const cli = open({ road: 'cli' });
    const writes = guardWrites(cli, { environments: 'named', confirmProduction: async () => false });
    expect(await writes.addPet('local', { name: 'Rex', categoryId: '1' })).toHaveProperty('pet');
  });
});
