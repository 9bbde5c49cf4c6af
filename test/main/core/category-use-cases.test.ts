// Category names at the core: a manager's names per environment, and the CSV that carries them
// between counters. Real SQLite files.
import { describe, expect, it } from 'vitest';
import { openPetstoreCore } from '../../../src/main/core/petstore-core';
import { refusal } from '../../helpers/refusal';
import { useTestCore } from './test-core';

describe('category names', () => {
  const { open, tempDir, later } = useTestCore();

  it('one per id and one id per name (as a person reads it), per environment; a number is not a name', async () => {
    const core = open();
    expect(core.nameCategory('local', { categoryId: '1', name: ' Dogs ' })).toEqual({ categoryId: '1', name: 'Dogs' });
    core.nameCategory('local', { categoryId: '-9223372036854775808', name: 'Ünusual' });
    core.nameCategory('staging', { categoryId: '1', name: 'Hunde' });
    const taken = await refusal(() => core.nameCategory('local', { categoryId: '2', name: 'dogs' }));
    expect(taken).toMatchObject({ code: 'conflict', fields: [{ field: 'name' }] });
    expect(taken.message).toMatch(/already names category 1/);
    expect((await refusal(() => core.nameCategory('local', { categoryId: '2', name: '42' }))).message).toMatch(
      /must not be a number/,
    );
    expect(
      (await refusal(() => core.nameCategory('local', { categoryId: 'x', name: 'Cats' }))).fields?.[0]?.field,
    ).toBe('categoryId');
    expect(core.categoryNames('local')).toEqual([
      { categoryId: '1', name: 'Dogs' },
      { categoryId: '-9223372036854775808', name: 'Ünusual' },
    ]);
    core.nameCategory('local', { categoryId: '1', name: null });
    expect(core.categoryNames('local')).toHaveLength(1);
    expect(core.categoryNames('staging')).toEqual([{ categoryId: '1', name: 'Hunde' }]);
  });

  it('travel as CSV between counters: exported, then imported into another data folder, the same', async () => {
    const first = open();
    first.nameCategory('local', { categoryId: '9223372036854775807', name: '=HYPERLINK("x")' });
    first.nameCategory('local', { categoryId: '2', name: 'Cats, "indoor"' });
    const csv = first.exportCategoryNames('local');
    expect(csv.startsWith('\uFEFF"category_id","name"\r\n')).toBe(true);
    expect(csv).toContain(`"9223372036854775807","'=HYPERLINK(""x"")"\r\n`);
    const other = openPetstoreCore({ dataDir: `${tempDir()}/other`, env: {} });
    later(() => other.close());
    expect(other.importCategoryNames('local', csv)).toEqual({ named: 2 });
    expect(other.categoryNames('local')).toEqual(first.categoryNames('local'));
    // All or none: a bad line names itself, and nothing of the file is kept.
    const bad = await refusal(() => other.importCategoryNames('staging', 'category_id,name\n1,Fish\n2,12\n'));
    expect(bad.message).toMatch(/^Line 3: .*must not be a number.*Nothing was imported/);
    expect(other.categoryNames('staging')).toEqual([]);
  });
});
