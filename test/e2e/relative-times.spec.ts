// Times in the window: relative at a glance, the exact moment on hover and focus.
// The built renderer in Chromium over the real core.
import { test, expect } from './harness';
import { connectServer, workIn } from './ui-helpers';

test('at a glance: times are relative, the exact moment on hover and on focus, and they move on', async ({
  app: { page, core },
}) => {
  const server = await connectServer(core, 'staging');
  try {
    await page.clock.install(); // the window's clock only: main's stays real
    await workIn(page, core, 'staging');
    await page.keyboard.press('Control+r');
    const freshness = page.locator('.freshness');
    const lastSynced = page.getByTestId('last-synced');
    // What the eye reads: the relative time; the exact moment is on hover, on focus, and in the text a screen reader reads.
    type Node = {
      cloneNode(deep: true): Node;
      querySelectorAll(s: string): Array<{ remove(): void }>;
      textContent: string;
    };
    type Styles = { getComputedStyle(element: unknown, pseudo: string): { content: string } }; // tests are typed without the DOM library
    const seen = (locator: typeof freshness) =>
      locator.evaluate((element) => {
        const copy = (element as unknown as Node).cloneNode(true);
        copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
        return copy.textContent;
      });
    // The exact moment and what shows it, read at once: the time may move on between two reads (another sync).
    type Time = {
      getAttribute(name: string): string | null;
      querySelector(s: string): { textContent: string } | null;
    };
    const exactAndShown = (locator: typeof freshness) =>
      locator.evaluate((element) => ({
        exact: (element as unknown as Time).getAttribute('title') ?? '',
        hidden: (element as unknown as Time).querySelector('.visually-hidden')?.textContent,
        after: (globalThis as unknown as Styles).getComputedStyle(element, '::after').content,
      }));
    await expect
      .poll(() => seen(freshness), { timeout: 15_000 })
      .toBe('Every animal Staging lists, as listed just now.');
    await expect.poll(() => seen(lastSynced)).toContain('Last synced just now');
    for (const time of [freshness.locator('time'), lastSynced.locator('time')]) {
      const { exact, hidden, after } = await exactAndShown(time);
      expect(exact).toMatch(/\d{4}.*\d{1,2}:\d{2}:\d{2}/); // the day, the year and the second
      expect(hidden).toBe(` (${exact})`);
      expect(after).toBe('none');
      await time.focus();
      const focused = await exactAndShown(time);
      expect(focused.after).toContain(focused.exact);
    }
    await page.clock.fastForward('03:00');
    await expect.poll(() => seen(freshness)).toMatch(/^Every animal Staging lists, as listed 3 min\.? ago\.$/);
    await expect.poll(() => seen(lastSynced)).toMatch(/Last synced 3 min\.? ago/);
    await page.clock.fastForward('02:00:00');
    await expect.poll(() => seen(lastSynced)).toMatch(/Last synced 2 hr\.? ago/);
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByText(/^Key set 2 hr\.? ago \(.*\) for 127\.0\.0\.1:\d+\./)).toBeVisible();
  } finally {
    await server.close();
  }
});
