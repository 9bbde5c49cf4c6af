// The paper, report and export commands check what they are told before any work, and say in
// words which option is wrong and what it takes: the built command over a real data folder.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCli } from '../../helpers/cli';

describe('paper options, checked first', () => {
  const { run, dataDir } = useCli();

  it('refuses an --out in a folder that is not there, or that is a folder, before printing', async () => {
    const nowhere = await run(['pets', 'card', '1', '--out', '/no/such/dir/x.pdf']);
    expect(nowhere).toMatchObject({ code: 2 });
    expect(nowhere.err).toMatch(/^--out \/no\/such\/dir\/x\.pdf: the folder \/no\/such\/dir is not there$/m);
    const folder = await run(['pets', 'card', '1', '--out', dataDir()]);
    expect(folder).toMatchObject({ code: 2 });
    expect(folder.err).toMatch(/is a folder: give the file's name in it/);
  });

  it('refuses an --out that does not end in .pdf, writing nothing', async () => {
    const csv = join(dataDir(), 'w.csv');
    const week = await run(['report', 'week', '--out', csv]);
    expect(week).toMatchObject({ code: 2 });
    expect(week.err).toMatch(/does not end in \.pdf: this command writes a PDF/);
    expect(existsSync(csv)).toBe(false);
  });

  it('checks the --out of every command that writes a CSV the same way, before any work', async () => {
    for (const command of [
      ['register', '--from', '2026-01-01', '--to', '2026-02-01'],
      ['pets', 'export'],
      ['categories', 'export'],
    ]) {
      const nowhere = await run([...command, '--out', '/no/such/dir/x.csv']);
      expect(nowhere, command.join(' ')).toMatchObject({ code: 2 });
      expect(nowhere.err).toMatch(/^--out \/no\/such\/dir\/x\.csv: the folder \/no\/such\/dir is not there$/m);
      expect((await run([...command, '--out', dataDir()])).err).toMatch(/is a folder: give the file's name in it/);
    }
  });

  it('refuses CSV written into a file named .pdf, for every command that writes a CSV', async () => {
    for (const command of [
      ['register', '--from', '2026-01-01', '--to', '2026-02-01'],
      ['pets', 'export'],
    ]) {
      const pdf = join(dataDir(), 'x.pdf');
      const refused = await run([...command, '--out', pdf]);
      expect(refused, command.join(' ')).toMatchObject({ code: 2 });
      expect(refused.err).toMatch(/ends in \.pdf, but this command writes a CSV: give a name ending in \.csv/);
      expect(existsSync(pdf)).toBe(false);
    }
  });

  it("a period's problem names the option to fix: --from, --to", async () => {
    const reversed = await run(['register', '--from', '2026-09-30', '--to', '2026-01-01']);
    expect(reversed).toMatchObject({ code: 2 });
    expect(reversed.err).toMatch(/^--from must not be after to \(2026-01-01\)/m);
    const badDay = await run(['orders', 'list', '--from', '2026-02-30']);
    expect(badDay.err).toMatch(/^--from /m);
    const badId = await run(['pets', 'show', 'abc']);
    expect(badId).toMatchObject({ code: 2 });
    expect(badId.err).not.toMatch(/petId/);
    expect(badId.err).toMatch(/^The animal's id /m);
  });

  it('refuses what a command does not take after its id, rather than leaving it unread', async () => {
    for (const command of [
      ['pets', 'edit', '1', '2', '--price', '3'],
      ['pets', 'show', '1', '2'],
      ['pets', 'set-status', '1', 'sold', 'now'],
    ]) {
      const refused = await run(command);
      expect(refused, command.join(' ')).toMatchObject({ code: 2 });
      expect(refused.err).toMatch(/^pets \S+ takes one animal's id( and a status)?, not more: (2|now)$/m);
    }
  });

  it('names the option and its values for a status that is not one', async () => {
    const labels = await run(['pets', 'labels', '--status', 'bogus', '--out', join(dataDir(), 'l.pdf')]);
    expect(labels).toMatchObject({ code: 2 });
    expect(labels.err).toMatch(/^--status takes available, pending, sold, got bogus$/m);
  });

  it('says which date of a week is not a date', async () => {
    const week = await run(['report', 'week', '--from', '2026-13-01']);
    expect(week).toMatchObject({ code: 2 });
    expect(week.err).toMatch(/^--from must be a real date .*got "2026-13-01"$/m);
    expect((await run(['report', 'week', '--from', '2026-03-02', '--to', 'soon'])).err).toMatch(/^--to must be a date/);
  });
});
