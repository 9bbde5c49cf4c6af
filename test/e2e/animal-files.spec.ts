// Animals to and from CSV files, through main's own file dialogs (answered by the harness): the
// preview of an import, the import itself, and the export of the view or of every animal.
import { EXPORT_COLUMNS } from '../../src/main/core/animal-files';
import { expect, test } from './harness';
import { checkScreen, reopen, row } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('import: a preview with each problem on its row; imported once, with progress; the same file again adds nothing', async ({
  app: { page, core, main },
}) => {
  core.nameCategory('local', { categoryId: '7', name: 'Small mammals' });
  const lines = [
    '\uFEFFname,category,status',
    '=cmd|calc,7,available',
    'Hammy,small mammals,Pending',
    ',7,sold',
    'Lizzy,Reptiles,available',
  ];
  for (let i = 0; i < 996; i++) lines.push(`Mouse ${i},7,available`);
  main.fileToOpen = { name: 'first-week.csv', bytes: Buffer.from(lines.join('\r\n'), 'utf8') };
  // By keyboard only, as at the counter: Ctrl+O opens main's dialog, Enter imports, Escape leaves.
  await expect(page.getByRole('button', { name: 'Import CSV…' })).toHaveAttribute('aria-keyshortcuts', 'Control+O');
  await page.keyboard.press('Control+o');
  const preview = page.getByRole('dialog', { name: /Import first-week\.csv to Local store/ });
  await expect(preview.getByTestId('import-counts')).toHaveText('998 animals ready · 2 with problems (not added)');
  await expect(preview.locator('tr[data-line="4"]')).toContainText('name must not be empty');
  await expect(preview.locator('tr[data-line="5"]')).toContainText('"Reptiles" names no category here');
  await expect(preview.getByRole('button', { name: 'Import 998 animals' })).toBeFocused();
  await checkScreen(page, 'import-preview');
  await page.keyboard.press('Enter');
  await expect(preview).toHaveCount(0);
  await expect(page.getByText('998 animals imported to Local store.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'All 998' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Pending 1' })).toBeVisible();
  await page.keyboard.press('Control+f');
  await page.keyboard.type('cmd'); // at once: the shortcut focuses the field before its keydown returns
  await expect(row(page, '=cmd|calc')).toContainText('Small mammals 7'); // a formula is a name, as typed
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');

  await page.keyboard.press('Control+o');
  await expect(preview.getByTestId('import-counts')).toHaveText(
    '0 animals ready · 2 with problems (not added) · 998 imported before',
  );
  await expect(preview.getByRole('button', { name: 'Import 0 animals' })).toBeDisabled();
  await expect(preview.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  expect(core.animals('local').total).toBe(998);
  main.fileToOpen = null; // the person cancels main's dialog: nothing opens, nothing is said
  await page.keyboard.press('Control+o');
  await expect.poll(() => main.calls['previewImport']).toBe(3);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('export: the view as shown, or every animal, as UTF-8 CSV with the BOM; ids exact', async ({
  app: { page, core, main },
}) => {
  core.addPet('local', { name: 'Max "the great", Jr.', categoryId: '-9223372036854775808', status: 'sold' });
  core.addPet('local', { name: 'Minnie', categoryId: '1', status: 'available' });
  await reopen(page);
  await page.getByRole('radio', { name: /^Sold/ }).check();
  await page.keyboard.press('Control+s'); // by keyboard: the shortcut, then Enter takes the choice made
  const dialog = page.getByRole('dialog', { name: 'Export animals to CSV' });
  await expect(dialog.getByLabel(/The list as shown/)).toBeChecked(); // a filtered view: that is what is asked for
  await expect(dialog.getByLabel(/The list as shown/)).toBeFocused();
  await checkScreen(page, 'export');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/1 animal exported to .*animals-local-\d{4}-\d\d-\d\d\.csv/)).toBeVisible();
  // The details' columns (price ... notes) follow the status, blank for an animal without them.
  const header = EXPORT_COLUMNS.map((column) => `"${column}"`).join(',');
  const details = ',""'.repeat(EXPORT_COLUMNS.indexOf('sync') - EXPORT_COLUMNS.indexOf('status') - 1);
  expect(main.savedFiles[0]!.contents).toBe(
    `\uFEFF${header}\r\n"1","Max ""the great"", Jr.","-9223372036854775808","","sold"${details},""\r\n`,
  );
  await page.keyboard.press('Control+s');
  await expect(dialog.getByLabel(/The list as shown/)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel(/Every animal in Local store \(2 animals\)/)).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/2 animals exported/)).toBeVisible();
  expect(main.savedFiles[1]!.contents.split('\r\n')).toHaveLength(4);
});

test('export: "every animal" counts every animal of the environment, whatever the search on screen', async ({
  app: { page, core, main },
}) => {
  for (let i = 1; i <= 30; i++) core.addPet('local', { name: `Guppy ${i}`, categoryId: '1', status: 'available' });
  for (let i = 1; i <= 5; i++) core.addPet('local', { name: `Cat ${i}`, categoryId: '2', status: 'sold' });
  await reopen(page);
  await page.keyboard.press('Control+f');
  await page.keyboard.type('guppy');
  await expect(page.getByRole('radio', { name: 'All 30' })).toBeChecked();
  await page.keyboard.press('Control+s');
  const dialog = page.getByRole('dialog', { name: 'Export animals to CSV' });
  await expect(dialog.getByLabel(/The list as shown/)).toHaveAccessibleName(/\(30 animals\)$/);
  const every = dialog.getByLabel(/^Every animal in Local store/);
  await expect(every).toHaveAccessibleName('Every animal in Local store (35 animals)');
  await every.check();
  await dialog.getByRole('button', { name: 'Choose a file…' }).click();
  await expect(page.getByText(/^35 animals exported to /)).toBeVisible();
  expect(main.savedFiles[0]!.contents.trimEnd().split('\r\n')).toHaveLength(36); // the header and 35 animals
});
