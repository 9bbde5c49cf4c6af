import { isIpcChannel } from '../../src/shared/ipc/contract';
import { expect, test } from './harness';
import { windowPetstoreRoundTrip } from './scenarios';

test('the built renderer loads in Chromium with its Content-Security-Policy', async ({ app }) => {
  await expect(app.page.getByRole('heading', { name: 'Petstore Desk' })).toBeVisible();
  const csp = await app.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toContain("connect-src 'none'");
});

test('window.petstore reaches the real handlers through the contract: values, errors as values, events', async ({
  app,
}) => {
  await windowPetstoreRoundTrip(app.page);
  expect((await app.core.listPets('local')).pets).toHaveLength(1); // it really is in the SQLite file
});

test('window.petstore holds no list: a name the contract lacks is refused as Electron refuses it, a malformed one as the preload does', async ({
  app,
}) => {
  const reasons = await app.page.evaluate(async () => {
    const { petstore } = globalThis as unknown as { petstore: { invoke(channel: unknown): Promise<unknown> } };
    const reason = (channel: unknown) =>
      petstore.invoke(channel).then(
        () => 'answered',
        (error: Error) => error.message,
      );
    return [await reason('nope'), await reason('constructor'), await reason('__proto__'), await reason(42)];
  });
  expect(reasons[0]).toContain("No handler registered for 'petstore:nope'");
  expect(reasons[1]).toContain("No handler registered for 'petstore:constructor'");
  expect(reasons[2]).toContain('There is no channel "__proto__".');
  expect(reasons[3]).toContain('There is no channel number.');
  expect(Object.keys(app.main.calls).filter((name) => !isIpcChannel(name))).toEqual([]); // none reached main
});
