// `pets list --all` walks every page and streams; `--search` finds by any part of a name.
// The built CLI against a real data folder and our real service on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCli } from '../../helpers/cli';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';

let service: RunningService;
beforeAll(async () => {
  service = await startService();
  for (let i = 0; i < 230; i++) service.store.createPet({ name: `Guppy ${i}`, categoryId: '3', status: 'available' });
  service.store.createPet({ name: 'Ölfisch Größe', categoryId: '3', status: 'sold' });
});
afterAll(() => service.close());

describe('pets list --all and --search', () => {
  const { run } = useCli();

  it('the local store: every animal as JSON lines, newest first; --search with --limit', async () => {
    for (const name of ['Zebra Danio', 'Café Tetra', 'Cafe Molly']) {
      expect((await run(['pets', 'add', '--name', name, '--category', '1'])).code).toBe(0);
    }
    const all = await run(['pets', 'list', '--all', '--json']);
    expect(all.code).toBe(0);
    expect(all.out.split('\n').map((line) => JSON.parse(line).name)).toEqual([
      'Cafe Molly',
      'Café Tetra',
      'Zebra Danio',
    ]);
    const found = await run(['pets', 'list', '--search', 'CAFE', '--sort', 'name']);
    expect(found.out).toMatch(/^ID\s+NAME\s+CATEGORY\s+STATUS\n.*Cafe Molly.*\n.*Café Tetra/);
    expect((await run(['pets', 'list', '--search', 'cafe', '--limit', '1', '--json'])).out.split('\n')).toHaveLength(1);
    expect((await run(['pets', 'list', '--search', 'cafe', '--limit', 'x'])).code).toBe(2);
  });

  itWithKeyring('a server: every page walked, all 231 animals streamed; --search over them', async () => {
    expect((await run(['env', 'set-url', 'staging', `${service.baseUrl}/v1`])).code).toBe(0);
    expect((await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY })).code).toBe(0);
    const all = await run(['pets', 'list', '--all', '--env', 'staging', '--json', '--sort', 'oldest']);
    expect(all.code).toBe(0);
    const names = all.out.split('\n').map((line) => JSON.parse(line).name);
    expect(names).toHaveLength(231);
    expect(names[0]).toBe('Guppy 0');
    expect(names.at(-1)).toBe('Ölfisch Größe');
    const found = await run(['pets', 'list', '--search', 'olfisch grosse', '--env', 'staging', '--json']);
    expect(found.out.split('\n').map((line) => JSON.parse(line).name)).toEqual(['Ölfisch Größe']);
    await run(['key', 'clear', 'staging']);
  });
});
