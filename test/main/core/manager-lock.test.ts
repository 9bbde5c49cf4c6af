// The manager's lock at the core: what it locks, the one task an unlock covers, and how wrong PINs
// are slowed. Real SQLite files and a real keychain.
import { describe, expect, it } from 'vitest';
import { FREE_ATTEMPTS, LONGEST_WAIT_MS, waitAfter } from '../../../src/main/core/manager-lock';
import { TEST_API_KEY } from '../../helpers/http-service';
import { refusal } from '../../helpers/refusal';
import { useTestCore } from './test-core';

/** An unlock asked for some task: the tries and waits below are the same whatever it is for. */
const ANY_TASK = { task: 'change-pin' } as const;

describe('the manager’s lock', () => {
  const { open, tempDir } = useTestCore();

  it('without a PIN nothing is locked; with one, the manager’s tasks need it and the counter’s do not', async () => {
    const core = open();
    await core.setBaseUrl('staging', 'http://127.0.0.1:9/v1'); // no PIN yet: allowed
    await core.setManagerPin('2468');
    expect(core.managerLock()).toEqual({ pinSet: true, unlocked: false, retryAfterMs: 0 });
    const tasks: Array<[string, () => unknown]> = [
      ['switching environment', () => core.setActiveEnvironment('staging')],
      ['an address', () => core.setBaseUrl('staging', 'http://127.0.0.1:8/v1')],
      ['a key', () => core.setKey('staging', TEST_API_KEY)],
      ['removing a key', () => core.clearKey('staging')],
      ['confirmations off', () => core.setPreferences({ confirmProductionAdds: false })],
      ['naming', () => core.nameCategory('local', { categoryId: '1', name: 'Dogs' })],
      ['discarding', () => core.discardEntry('staging', '1')],
      ['another PIN', () => core.setManagerPin('1357')],
    ];
    for (const [, task] of tasks) expect((await refusal(task)).code, String(task)).toBe('manager_pin_required');
    // The counter's work goes on: listing, adding, changing; turning confirmations on is never locked.
    const added = core.addPet('local', { name: 'Rex', categoryId: '1', status: 'available' });
    if (!('pet' in added)) throw new Error('local adds at once');
    expect(core.changePet('local', added.pet.id, { status: 'sold' })).toHaveProperty('pet.status', 'sold');
    expect(core.setPreferences({ confirmProductionAdds: true })).toEqual({ confirmProductionAdds: true });
    expect(core.setActiveEnvironment('local').environment).toBe('local'); // staying is no switch
    const permit = { task: 'switch-environment', environment: 'staging' } as const;
    expect((await core.unlockManager('2468', permit)).unlocked).toBe(true);
    expect(core.setActiveEnvironment('staging').environment).toBe('staging');
    core.lockManager();
    expect((await refusal(() => core.setActiveEnvironment('local'))).code).toBe('manager_pin_required');
  });

  it('an unlock covers the one task it was asked for, once, and main locks again by itself', async () => {
    let clock = 1_000_000;
    const core = open({ now: () => clock });
    await core.setManagerPin('2468');
    const asked = await refusal(() => core.setBaseUrl('production', 'https://shop.example/v1'));
    expect(asked).toMatchObject({
      code: 'manager_pin_required',
      permit: { task: 'set-address', environment: 'production' },
    });
    await core.unlockManager('2468', asked.permit!);
    expect(core.managerLock().unlocked).toBe(true);
    // Riding that unlock, a caller may do nothing else: not the key, not the PIN, not another environment.
    expect((await refusal(() => core.setKey('production', TEST_API_KEY))).code).toBe('manager_pin_required');
    expect((await refusal(() => core.setManagerPin('0000'))).code).toBe('manager_pin_required');
    expect((await refusal(() => core.setBaseUrl('staging', 'https://evil.example/v1'))).code).toBe(
      'manager_pin_required',
    );
    expect((await refusal(() => core.setActiveEnvironment('production'))).code).toBe('manager_pin_required');
    // The task it was asked for, once; then main has locked again without being told to.
    expect((await core.setBaseUrl('production', 'https://shop.example/v1')).baseUrl).toBe('https://shop.example/v1');
    expect(core.managerLock().unlocked).toBe(false);
    expect((await refusal(() => core.setBaseUrl('production', 'https://evil.example/v1'))).code).toBe(
      'manager_pin_required',
    );
    // An unlock not used soon lapses.
    await core.unlockManager('2468', { task: 'switch-environment', environment: 'staging' });
    clock += 61_000;
    expect(core.managerLock().unlocked).toBe(false);
    expect((await refusal(() => core.setActiveEnvironment('staging'))).code).toBe('manager_pin_required');
    expect(core.activeEnvironment().environment).toBe('local');
  });

  it('the PIN is kept only as a slow salted hash; wrong tries wait longer and longer, across a restart', async () => {
    let clock = 1_000_000;
    const options = { now: () => clock };
    const core = open(options);
    await core.setManagerPin('2468');
    const dir = tempDir();
    const { default: Database } = await import('better-sqlite3');
    const peek = new Database(`${dir}/petstore.db`, { readonly: true });
    const stored = peek.prepare("SELECT pin FROM staff WHERE role = 'manager'").pluck().get() as string;
    peek.close();
    expect(stored).not.toContain('2468');
    expect(JSON.parse(stored)).toMatchObject({ N: 32768, r: 8, p: 1 });
    expect(Buffer.from(JSON.parse(stored).salt, 'base64')).toHaveLength(16);

    for (let attempt = 1; attempt <= FREE_ATTEMPTS; attempt++) {
      expect((await refusal(() => core.unlockManager('0000', ANY_TASK))).code).toBe('manager_pin_wrong');
    }
    // Now each try waits: even the right PIN is not tried before the wait is over.
    const waiting = await refusal(() => core.unlockManager('2468', ANY_TASK));
    expect(waiting).toMatchObject({ code: 'manager_pin_wait', status: 429, retryAfterMs: 1_000 });
    await core.close();

    const restarted = open(options);
    expect(restarted.managerLock()).toEqual({ pinSet: true, unlocked: false, retryAfterMs: 1_000 });
    expect((await refusal(() => restarted.unlockManager('2468', ANY_TASK))).code).toBe('manager_pin_wait');
    clock += 1_000;
    expect((await refusal(() => restarted.unlockManager('1111', ANY_TASK))).retryAfterMs).toBe(2_000);
    clock += 2_000;
    expect((await refusal(() => restarted.unlockManager('1111', ANY_TASK))).retryAfterMs).toBe(4_000);
    clock += 4_000;
    expect((await restarted.unlockManager('2468', ANY_TASK)).unlocked).toBe(true); // the right one resets the count
    restarted.lockManager();
    expect((await refusal(() => restarted.unlockManager('1111', ANY_TASK))).retryAfterMs).toBe(0);
  });

  it('tries made at once are each counted (two processes, or a script hammering the bridge)', async () => {
    const core = open();
    await core.setManagerPin('2468');
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => refusal(() => core.unlockManager('9999', ANY_TASK))),
    );
    expect(outcomes.filter((error) => error.code === 'manager_pin_wrong')).toHaveLength(FREE_ATTEMPTS);
    expect(outcomes.filter((error) => error.code === 'manager_pin_wait')).toHaveLength(8 - FREE_ATTEMPTS);
  });

  it('guessing through the app is slowed as the README says: the 10,000 four-digit PINs take about 104 days', () => {
    expect([1, 2, 3, 4, 5, 6].map(waitAfter)).toEqual([0, 0, 1_000, 2_000, 4_000, 8_000]);
    let total = 0;
    for (let failures = 1; failures <= 10_000; failures++) total += waitAfter(failures);
    expect(Math.round(total / (24 * 3_600_000))).toBe(104);
    expect(waitAfter(40)).toBe(LONGEST_WAIT_MS);
  });

  it('a PIN record not written by the app (hash settings out of bounds) is said so, by file, and can be removed', async () => {
    const dir = tempDir();
    const core = open();
    await core.setManagerPin('2468');
    const { default: Database } = await import('better-sqlite3');
    const file = `${dir}/petstore.db`;
    const planted = { N: 2 ** 30, r: 8, p: 1, salt: Buffer.alloc(16).toString('base64'), hash: 'AA==' };
    for (const value of [JSON.stringify(planted), '{"N":', JSON.stringify({ ...planted, N: 2 ** 15, r: 1e9 })]) {
      const other = new Database(file);
      other.prepare("UPDATE staff SET pin = ? WHERE role = 'manager'").run(value);
      other.close();
      const refused = await refusal(() => core.unlockManager('2468', ANY_TASK));
      expect(refused.code).toBe('unusable_file');
      expect(refused.message).toContain(file);
      expect(refused.message).toContain('petstore manager remove-pin');
      expect(core.managerLock()).toMatchObject({ pinSet: true, unlocked: false });
    }
    // Removing it needs no PIN (none can be checked): anyone with this computer's account could delete it anyway.
    expect(await core.setManagerPin(null)).toMatchObject({ pinSet: false });
  });

  it('a PIN is 4 to 12 digits; removing it (unlocked) unlocks everything', async () => {
    const core = open();
    for (const pin of ['123', '12345678901234', '12a4', ''])
      expect((await refusal(() => core.setManagerPin(pin))).fields?.[0]).toMatchObject({ field: 'pin' });
    await core.setManagerPin('2468');
    await core.unlockManager('2468', { task: 'change-pin' });
    expect(await core.setManagerPin(null)).toEqual({ pinSet: false, unlocked: false, retryAfterMs: 0 });
    expect(core.setActiveEnvironment('staging').environment).toBe('staging');
  });
});
