// Production in the window: it looks like what it is, and main alone decides a write. One meant
// for production is asked in main's own question (here answered by the harness), one for an
// environment no longer active is refused; a no or a refusal loses nothing the person typed and
// says so in words.
import type { Page } from '@playwright/test';
import { expect, test } from './harness';
import { checkScreen, connectServer, reopen, restartInProduction, row, workIn } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const NOT_CONFIRMED = 'Production was not confirmed, so nothing was sent.';

/** Fills the form (replacing what the last add left) and adds. */
async function fillAndAdd(page: Page, name: string, category: string): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Category', { exact: true }).fill(category);
  await page.getByLabel('Category', { exact: true }).press('Enter');
}

test('every write the window makes to production is asked by main alone; a no changes nothing and says so', async ({
  app: { page, core, main },
}) => {
  const server = await connectServer(core, 'production');
  try {
    const max = server.service.store.createPet({ name: 'Max', categoryId: '5', status: 'available' });
    await restartInProduction(page, core);
    await expect(page.locator(`tr[data-pet-id="${max.id}"]`)).toBeVisible({ timeout: 15_000 });
    main.productionAnswer = false;
    const asked = () => main.productionQuestions.at(-1)?.message;

    // A look-alike, added anyway: main's question, answered no; the animal is back in the form.
    await fillAndAdd(page, 'Max', '5');
    const lookAlike = page.getByRole('group', { name: /^Max/ });
    await lookAlike.getByRole('button', { name: 'Add anyway' }).click();
    await expect(page.getByText(`Not added: ${NOT_CONFIRMED}`)).toBeVisible();
    expect(asked()).toBe('Add Max (category 5) to PRODUCTION?');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Max');
    await page.getByLabel('Name', { exact: true }).fill('');

    // An import: the preview stays, and says nothing was imported.
    main.fileToOpen = { name: 'new.csv', bytes: Buffer.from('name,category\nBella,5\nBello,5\n', 'utf8') };
    await page.keyboard.press('Control+o');
    const preview = page.getByRole('dialog', { name: /Import new\.csv to Production/ });
    await preview.getByRole('button', { name: 'Import 2 animals' }).click();
    await expect(preview.getByRole('alert')).toHaveText(`Nothing was imported: ${NOT_CONFIRMED}`);
    expect(asked()).toBe('Add 2 animals from new.csv to PRODUCTION?');
    await preview.getByRole('button', { name: 'Cancel' }).click();

    // A refused animal, fixed and resent: the dialog keeps the fix.
    main.productionAnswer = true;
    server.proxy.rejectPostsWith('not at this shop');
    await fillAndAdd(page, 'Bad Dog', '5');
    await page.keyboard.press('F5');
    await expect(page.getByTestId('refused-count')).toHaveText('1 refused', { timeout: 15_000 });
    server.proxy.rejectPostsWith(null);
    main.productionAnswer = false;
    await page.getByRole('button', { name: 'Fix and resend Bad Dog' }).click();
    const fix = page.getByRole('dialog', { name: 'Fix and resend' });
    await fix.getByLabel('Name', { exact: true }).fill('Good Dog');
    await fix.getByRole('button', { name: 'Resend' }).click();
    await expect(fix.getByText(`Bad Dog was not sent again: ${NOT_CONFIRMED}`)).toBeVisible();
    expect(asked()).toBe('Resend Good Dog (category 5) to PRODUCTION?');
    await expect(fix.getByLabel('Name', { exact: true })).toHaveValue('Good Dog');
    await fix.getByRole('button', { name: 'Cancel' }).click();

    // Keeping mine in a conflict: nothing overwritten, the conflict waits.
    main.productionAnswer = true;
    server.service.store.changePet(max.id, { status: 'pending' }, '*');
    await page.locator(`tr[data-pet-id="${max.id}"]`).focus();
    await page.keyboard.press('s');
    await expect(page.getByTestId('conflict-count')).toContainText('1 conflict', { timeout: 15_000 });
    main.productionAnswer = false;
    await page.locator(`tr[data-pet-id="${max.id}"]`).getByRole('button', { name: 'Choose…' }).click();
    await page.getByRole('button', { name: 'Keep mine' }).click();
    await expect(page.getByText(`Your change was not sent: ${NOT_CONFIRMED}`)).toBeVisible();
    expect(asked()).toBe('Over another counter’s change: Mark Max (category 5) sold in PRODUCTION?');
    await expect(page.getByTestId('conflict-count')).toContainText('1 conflict');
    expect(server.service.store.getPet(max.id).status).toBe('pending');
    expect(server.service.store.listPets().map((pet) => pet.name)).toEqual(['Max']);
  } finally {
    await server.close();
  }
});

test('an add meant for Staging that main answers after a switch to Local waits beside the form, named; nothing is added', async ({
  app: { page, core, main },
}) => {
  const server = await connectServer(core, 'staging');
  try {
    await workIn(page, core, 'staging');
    const release = main.holdAnswers('addPet');
    await fillAndAdd(page, 'Late Larry', '4');
    await page.keyboard.press('Control+1');
    await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'local');
    release();
    const waiting = page.getByRole('group', { name: /^Late Larry/ });
    await expect(waiting).toContainText(
      'Late Larry (category 4) was not added: the app is working in Local store now, so nothing was done in Staging.',
    );
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(''); // the Local form is not given it unasked
    expect(core.animals('local').total).toBe(0);
    expect(core.outboxEntries('staging')).toEqual([]);
    await waiting.getByRole('button', { name: 'Put it back in the form' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Late Larry');
    await expect(row(page, 'Late Larry')).toHaveCount(0);
  } finally {
    await server.close();
  }
});

test('production is unmistakable: the strip in words, a red add; main asks once, and a no keeps what was typed', async ({
  app: { page, core, main },
}) => {
  const production = await connectServer(core, 'production');
  const staging = await connectServer(core, 'staging');
  await reopen(page);
  await page.keyboard.press('Control+2');
  await expect(page.locator('.env-strip')).toHaveText(/PRODUCTION: the live shop/);
  await expect(page.getByRole('button', { name: 'Add to Production' })).toHaveClass(/\bdanger\b/);
  main.productionAnswer = false; // the person answers Cancel in main's question
  await page.getByLabel('Name', { exact: true }).fill('Real Rabbit');
  await page.getByLabel('Category', { exact: true }).fill('5');
  await page.getByLabel('Category', { exact: true }).press('Enter');
  await expect(page.getByText('Not added: Production was not confirmed, so nothing was sent.')).toBeVisible();
  expect(main.productionQuestions.map((question) => question.message)).toEqual([
    'Add Real Rabbit (category 5) to PRODUCTION?',
  ]);
  await expect(page.getByRole('dialog')).toHaveCount(0); // the window asks nothing of its own
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Real Rabbit');
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('5');
  await expect(row(page, 'Real Rabbit')).toHaveCount(0);
  await checkScreen(page, 'production-not-confirmed');

  main.productionAnswer = true;
  await page.getByLabel('Category', { exact: true }).press('Enter');
  await expect(row(page, 'Real Rabbit')).toBeVisible();
  expect(main.productionQuestions).toHaveLength(2); // asked once for this add: by main alone
  await page.keyboard.press('F5');
  await expect
    .poll(() => production.service.store.listPets().map((pet) => pet.name), { timeout: 15_000 })
    .toEqual(['Real Rabbit']);
  await expect(page.getByText('Production sync finished: the server has everything added here.')).toBeVisible(); // named: it may outlast a switch
  await checkScreen(page, 'production');

  await page.keyboard.press('Control+3'); // staging: its own strip, and none of production's animals
  await expect(page.locator('.env-strip')).toHaveText(/STAGING: the test server/);
  await expect(row(page, 'Real Rabbit')).toHaveCount(0);
  await expect(page.getByText('Staging has no animals.')).toBeVisible(); // it was asked, and said so
  await checkScreen(page, 'staging');

  await page.keyboard.press('Control+,');
  await page.getByLabel(/Ask before .* in production/).uncheck();
  await page.keyboard.press('Control+2');
  await page.getByRole('button', { name: 'Animals' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Quick Quail');
  await page.getByLabel('Category', { exact: true }).fill('5');
  await page.getByLabel('Category', { exact: true }).press('Enter');
  await expect(row(page, 'Quick Quail')).toBeVisible();
  expect(main.productionQuestions).toHaveLength(2); // confirmations off: main asks nothing
  expect(staging.service.store.listPets()).toEqual([]);
  await production.close();
  await staging.close();
});

test('after a restart in production, the app says so before anything else', async ({ app: { page, core } }) => {
  const production = await connectServer(core, 'production');
  await workIn(page, core, 'production');
  const notice = page.getByRole('dialog', { name: 'You are working in PRODUCTION' });
  await expect(notice).toBeVisible();
  await checkScreen(page, 'started-in-production');
  await notice.getByRole('button', { name: 'Switch to the local store' }).click();
  await expect(page.locator('.env-strip')).toContainText('Local store');
  expect(core.activeEnvironment().environment).toBe('local');
  await production.close();
});

test('production in the dark theme: the add button keeps its contrast, against its text, the pane and the strip', async ({
  app: { page, core },
}) => {
  const server = await connectServer(core, 'production');
  try {
    await core.setActiveEnvironment('production');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('.env-strip')).toHaveAttribute('data-environment', 'production');
    // The colours Chromium computed; WCAG's relative luminance and contrast ratio over them.
    // (A plain script in the page: the test's own types know no DOM.)
    const colourOf = (selector: string, property: 'backgroundColor' | 'color') =>
      page.evaluate(
        `getComputedStyle(document.querySelector(${JSON.stringify(selector)})).${property}`,
      ) as Promise<string>;
    const colours = {
      buttonBackground: await colourOf('.add-button', 'backgroundColor'),
      buttonText: await colourOf('.add-button', 'color'),
      pane: await colourOf('.add-form', 'backgroundColor'),
      strip: await colourOf('.env-strip', 'backgroundColor'),
      stripText: await colourOf('.env-strip', 'color'),
    };
    const luminance = (css: string) => {
      const [r, g, b] = css
        .match(/[\d.]+/g)!
        .slice(0, 3)
        .map((value) => {
          const v = Number(value) / 255;
          return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ratio = (a: string, b: string) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
      return (x! + 0.05) / (y! + 0.05);
    };
    const ratios = {
      text: ratio(colours.buttonBackground, colours.buttonText),
      pane: ratio(colours.buttonBackground, colours.pane),
      strip: ratio(colours.strip, colours.stripText),
    };
    expect(ratios.text).toBeGreaterThanOrEqual(4.5); // WCAG AA text
    expect(ratios.pane).toBeGreaterThanOrEqual(3); // WCAG non-text: the button stands out of its pane
    expect(ratios.strip).toBeGreaterThanOrEqual(4.5);
    await checkScreen(page, 'production-add-dark');
  } finally {
    await server.close();
  }
});
