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
