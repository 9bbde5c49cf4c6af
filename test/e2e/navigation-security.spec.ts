// Links, window.open, redirects and form posts never navigate the app (in the
// spirit of Actual Budget's e2e/navigation-security.test.ts). The real renderer in Chromium with its
// real Content-Security-Policy; at the points where Electron asks the shell (will-navigate,
// will-redirect, the window-open handler), the harness asks the same NAVIGATION_POLICY the shell
// applies (shell-wiring.spec.ts shows the shell wired to it). A page on 127.0.0.1 stands for the
// outside world and counts every request that reaches it.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { NAVIGATION_POLICY } from '../../src/main/shell/navigation-policy';
import { expect, test } from './harness';
import { row } from './ui-helpers';

/** Where Electron would consult the shell, the harness consults the same policy. */
async function applyNavigationPolicy(page: Page, appUrls: readonly string[]): Promise<string[]> {
  const stopped: string[] = [];
  await page.context().route('**/*', async (route) => {
    const request = route.request();
    if (!request.isNavigationRequest()) return route.continue();
    // A navigation in any other page (or in one not made yet) is a window the app opened: the
    // window-open handler denies it.
    const inAppWindow = (() => {
      try {
        return request.frame().page() === page;
      } catch {
        return false; // issued before its frame exists: a new window's first load
      }
    })();
    const allowed = inAppWindow
      ? NAVIGATION_POLICY.mayNavigate(request.url(), appUrls)
      : NAVIGATION_POLICY.windowOpen.action !== 'deny';
    // Cancelled as preventDefault cancels it: answered 204 No Content, the page stays as it was.
    if (!allowed) {
      stopped.push(request.url());
      return route.fulfill({ status: 204 });
    }
    // Redirects are answered here, not followed: will-redirect is prevented whatever the target.
    const response = await route.fetch({ maxRedirects: 0 });
    if (response.status() >= 300 && response.status() < 400 && !NAVIGATION_POLICY.mayRedirect) {
      stopped.push(`${request.url()} -> ${response.headers()['location']}`);
      return route.fulfill({ status: 204 });
    }
    return route.fulfill({ response });
  });
  // Chromium makes the window before asking; the window-open handler's deny means there is none.
  page.context().on('page', (opened) => {
    if (opened !== page && NAVIGATION_POLICY.windowOpen.action === 'deny') void opened.close();
  });
  return stopped;
}

async function startOutside() {
  const seen: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (req.url === '/redirect-home') return void res.writeHead(302, { location: '/phish' }).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Sign in to your shop</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** What a compromised page (or a careless feature) might do, as the page's own JavaScript. */
const ATTEMPTS: Record<string, (target: string) => string> = {
  'a link': (target) =>
    `{ const link = document.createElement('a'); link.href = ${JSON.stringify(target)}; document.body.append(link); link.click(); }`,
  'a link to a new window': (target) =>
    `{ const link = document.createElement('a'); link.href = ${JSON.stringify(target)}; link.target = '_blank'; document.body.append(link); link.click(); }`,
  'location.assign': (target) => `location.assign(${JSON.stringify(target)})`,
  'window.open': (target) => `void window.open(${JSON.stringify(target)})`,
  'an image and a fetch': (target) =>
    `{ const image = document.createElement('img'); image.src = ${JSON.stringify(`${target}.png`)}; document.body.append(image); fetch(${JSON.stringify(target)}).catch(() => 'refused'); }`,
};

test('links, window.open, redirects and requests to elsewhere leave the app where it is', async ({
  app: { page, url, core },
}) => {
  const outside = await startOutside();
  const stopped = await applyNavigationPolicy(page, [url]);
  for (const [how, attempt] of Object.entries(ATTEMPTS)) {
    await page.evaluate(attempt(`${outside.origin}/phish`)).catch(() => undefined);
    await page.waitForTimeout(150);
    expect(page.url(), how).toBe(url);
  }

  expect(outside.seen).toEqual([]); // not one request reached the outside
  // A link, a link to a new window, location.assign and window.open were stopped by the policy;
  // the image and the fetch never became requests (the Content-Security-Policy).
  expect(stopped).toEqual(Array.from({ length: 4 }, () => `${outside.origin}/phish`));
  // And the app still works: an animal added from the keyboard reaches the core.
  await page.getByLabel('Name', { exact: true }).fill('Still Here');
  await page.getByLabel('Category', { exact: true }).fill('2');
  await page.getByLabel('Category', { exact: true }).press('Enter');
  await expect(row(page, 'Still Here')).toBeVisible();
  expect((await core.listPets('local')).pets.map((pet) => pet.name)).toEqual(['Still Here']);
  await outside.close();
});

// Chromium leaves a navigation that the Content-Security-Policy refused looking unfinished to
// Playwright, so the form post has a page of its own instead of sharing the test above.
test('a form post never leaves the app: the Content-Security-Policy refuses it', async ({ app: { page, url } }) => {
  const outside = await startOutside();
  const stopped = await applyNavigationPolicy(page, [url]);
  const refused = page.evaluate<string>(
    `new Promise((resolve) => document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), { once: true }))`,
  );
  await page.evaluate(
    `{ const form = document.createElement('form'); form.method = 'post'; form.action = ${JSON.stringify(`${outside.origin}/phish`)}; document.body.append(form); form.submit(); }`,
  );
  expect(await refused).toBe('form-action');
  await page.waitForTimeout(150);
  expect(page.url()).toBe(url);
  expect(outside.seen).toEqual([]);
  expect(stopped).toEqual([]); // refused before it was a request the policy had to stop
  await outside.close();
});

test('a redirect is never followed, even from a page the policy would otherwise load', async ({
  app: { page, url },
}) => {
  const outside = await startOutside();
  const stopped = await applyNavigationPolicy(page, [url, `${outside.origin}/`]); // even a page it may load
  await page.evaluate(ATTEMPTS['location.assign']!(`${outside.origin}/redirect-home`));
  await page.waitForTimeout(300);
  expect(page.url()).toBe(url);
  expect(stopped).toEqual([`${outside.origin}/redirect-home -> /phish`]);
  expect(outside.seen).toEqual(['GET /redirect-home']); // asked once, and the answer not obeyed
  await outside.close();
});

test('names are text, never markup: a name that looks like a link or a form stays a name', async ({
  app: { page, core },
}) => {
  const names = [
    '<a href="https://evil.example/">Click me</a>',
    '<form action="https://evil.example/"><button>Go</button></form>',
    '<img src=x onerror=alert(1)>',
  ];
  for (const name of names) core.addPet('local', { name, categoryId: '1' });
  await page.keyboard.press('F5');
  for (const name of names) await expect(row(page, name)).toBeVisible();
  expect(await page.locator('main a, main form[action], main img').count()).toBe(0);
});
