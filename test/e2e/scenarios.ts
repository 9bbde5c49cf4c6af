import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The same scenarios run through the harness and, where Electron is installed, the real app. */
export async function windowPetstoreRoundTrip(page: Page): Promise<void> {
  const result = await page.evaluate(async () => {
    const { petstore } = globalThis as unknown as {
      petstore: {
        invoke(channel: string, argument?: unknown): Promise<unknown>;
        on(e: string, l: (p: unknown) => void): () => void;
      };
    };
    const changes: unknown[] = [];
    const unsubscribe = petstore.on('dataChanged', (payload) => changes.push(payload));
    const added = await petstore.invoke('addPet', {
      environment: 'local',
      pet: { name: 'Rex', categoryId: '9223372036854775807', status: 'available' },
    });
    const listed = await petstore.invoke('listPets', { environment: 'local', query: { limit: 5 } });
    const refused = await petstore.invoke('addPet', { environment: 'local', pet: { name: ' ', categoryId: '1' } });
    const malformed = await petstore.invoke('listPets', { environment: 'moon', query: {} });
    await new Promise((resolve) => setTimeout(resolve, 50));
    unsubscribe();
    return {
      added,
      listed,
      refused,
      malformed,
      changes,
      hasIpcRenderer: 'ipcRenderer' in globalThis || 'require' in globalThis,
    };
  });
  expect(result.added).toEqual({
    ok: true,
    value: { pet: { id: '1', name: 'Rex', categoryId: '9223372036854775807', status: 'available', revision: 1 } },
  });
  expect(result.listed).toMatchObject({ ok: true, value: { source: 'local', pets: [{ id: '1', name: 'Rex' }] } });
  expect(result.refused).toEqual({
    ok: false,
    error: {
      code: 'invalid_body',
      message: 'name must not be empty',
      status: 400,
      fields: [{ field: 'name', message: 'must not be empty' }],
    },
  });
  expect(result.malformed).toMatchObject({ ok: false, error: { code: 'invalid_parameter' } });
  expect(result.changes).toEqual([{ environment: 'local' }]);
  expect(result.hasIpcRenderer).toBe(false);
}
