// The CLI's changes: pets set-status / pets edit, conflicts in outbox list, and
// outbox keep-mine / keep-theirs. The built command against the real service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCli } from '../../helpers/cli';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

describe('petstore pets set-status / pets edit', () => {
  const { run } = useCli();

  it('on the local store: changed at once; bad input is a usage error naming what to fix', async () => {
    await run(['pets', 'add', '--name', 'Rex', '--category', '3', '--status', 'available']);
    const sold = await run(['pets', 'set-status', '1', 'sold']);
    expect(sold).toMatchObject({ code: 0 });
    expect(sold.out.split('\n')).toEqual([
      'Changed in local:',
      'ID  NAME  CATEGORY  STATUS',
      '1   Rex   3         sold',
    ]);
    const edited = await run(['pets', 'edit', '1', '--name', 'Rexie', '--status', 'none', '--json']);
    expect(edited.out).toBe('{"id":1,"name":"Rexie","categoryId":3,"revision":3}');
    expect(await run(['pets', 'set-status', '1', 'lost'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('status must be one of available, pending, sold'),
    });
    expect((await run(['pets', 'edit', '1'])).code).toBe(2);
    expect((await run(['pets', 'set-status', '99', 'sold'])).code).toBe(1);
  });

  itWithKeyring('against a server: sent at once; a conflict is listed and resolved either way', async () => {
    await run(['env', 'set-url', 'staging', `${service.baseUrl}/v1`]);
    await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
    const rex = service.store.createPet({ name: 'Counter Rex', categoryId: '5', status: 'available' });
    const max = service.store.createPet({ name: 'Counter Max', categoryId: '5', status: 'available' });
    await run(['pets', 'list', '--all', '--env', 'staging']); // the replica has them

    const sold = await run(['pets', 'set-status', rex.id, 'sold', '--env', 'staging']);
    expect(sold.code).toBe(0);
    expect(sold.out).toContain('Changed on staging:');
    expect(service.store.getPet(rex.id)).toMatchObject({ status: 'sold', revision: 2 });

    // Another counter changes both first, the same field among others; this one's changes meet theirs.
    service.store.changePet(rex.id, { name: 'Rex by counter 2', status: 'available' }, '*');
    const first = await run(['pets', 'edit', rex.id, '--status', 'pending', '--env', 'staging']);
    expect(first.code).toBe(1);
    expect(first.err).toContain('Someone changed animal');
    expect(first.err).toContain('Nothing was overwritten');
    service.store.changePet(max.id, { name: 'Max by counter 2', status: 'pending' }, '*');
    const second = await run(['pets', 'set-status', max.id, 'sold', '--env', 'staging']);
    expect(second.code).toBe(1);
    const listed = await run(['outbox', 'list', '--env', 'staging']);
    expect(listed.out).toMatch(
      /c\d+\s+conflict\s+\d+ Counter Rex\s+status pending, no sold on\s+Rex by counter 2, available/,
    );

    // A sync leaves the choices to a person, says so, and a script can tell (exit 1).
    const synced = await run(['sync', '--env', 'staging']);
    expect(synced.code).toBe(1);
    expect(synced.out).toMatch(/staging: 0 waiting, 0 refused, 0 to confirm, 2 conflicts to choose\./);
    expect(synced.err).toContain('petstore outbox keep-mine');

    const [rexChange, maxChange] = [...listed.out.matchAll(/^(c\d+)\s+conflict/gm)].map((m) => m[1]!);
    const kept = await run(['outbox', 'keep-mine', rexChange!, '--env', 'staging']);
    expect(kept.code).toBe(0);
    expect(service.store.getPet(rex.id)).toMatchObject({ name: 'Rex by counter 2', status: 'pending', revision: 4 });
    const keptTheirs = await run(['outbox', 'keep-theirs', maxChange!, '--env', 'staging']);
    expect(keptTheirs.code).toBe(0);
    expect(service.store.getPet(max.id)).toMatchObject({ name: 'Max by counter 2', status: 'pending' });
    expect((await run(['outbox', 'list', '--env', 'staging', '--json'])).out).toBe('[]');
    expect(await run(['sync', '--env', 'staging'])).toMatchObject({ code: 0 });
    expect((await run(['outbox', 'keep-mine', '12', '--env', 'staging'])).code).toBe(2);
  });
});
