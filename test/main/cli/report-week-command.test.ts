// The week at a glance on the command line (the built `petstore`, a real SQLite file): this week by
// default, as JSON, as CSV and as tables for people; a period refused in words on its option.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localToday } from '../../../src/shared/contract';
import { addDays, weeksEndingWith } from '../../../src/shared/contract/week-at-a-glance';
import { useCli } from '../../helpers/cli';
import { textOfPdf } from '../../helpers/paper-reading';
import { useTempDir } from '../../helpers/temp-dir';

describe('report week', () => {
  const { run } = useCli();
  const tempDir = useTempDir();
  const GBP = { LANG: 'en_GB.UTF-8', LC_ALL: 'en_GB.UTF-8' };

  it('gives this week by default, each day with its adds, sales and takings, in three forms', async () => {
    const added = await run(['pets', 'add', '--name', 'Rex', '--category', '1', '--price', '12.50', '--json'], {
      env: GBP,
    });
    const rex = (JSON.parse(added.out) as { id: number }).id;
    await run(['pets', 'add', '--name', 'Tom', '--category', '1', '--status', 'available'], { env: GBP });
    expect((await run(['pets', 'sell', String(rex)], { env: GBP })).code).toBe(0);
    const week = weeksEndingWith(localToday(), 1);
    const today = localToday();

    const json = await run(['report', 'week', '--json'], { env: GBP });
    expect(json.code).toBe(0);
    const glance = JSON.parse(json.out) as {
      from: string;
      to: string;
      days: { day: string; added: number; sold: number; takingsMinor: number }[];
    };
    expect([glance.from, glance.to]).toEqual([week.from, week.to]);
    expect(glance.days.find((day) => day.day === today)).toMatchObject({ added: 2, sold: 1, takingsMinor: 1250 });

    const csv = await run(['report', 'week', '--csv'], { env: GBP });
    expect(csv.out).toContain(`"day","${today}","${today}","1","0","1","2","1","12.50","0"`);

    const text = await run(['report', 'week'], { env: GBP });
    expect(text.out).toContain(`The week at a glance of local, ${week.from} to ${week.to}`);
    expect(text.out).toMatch(new RegExp(`${today}\\s+1\\s+0\\s+1\\s+2\\s+1\\s+£12\\.50`));
    expect(text.out).toContain('Days in stock of 1 sold in the period: median 0, longest 0.');
    // Since when, as every command says a moment: this computer's time, to the minute.
    expect(text.out).toMatch(
      /Waiting longest:\nID\s+NAME\s+AVAILABLE SINCE\s+DAYS\n\d+\s+Tom\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+\d+\n?$/,
    );

    // A day after today has no figures yet, and says so.
    const tomorrow = addDays(today, 1);
    const ahead = await run(['report', 'week', '--from', tomorrow], { env: GBP });
    expect(ahead.out).toMatch(new RegExp(`${tomorrow}\\s+(-\\s+){5}to come`));
  });

  it('takes the seven days from --from, and refuses a period backwards on its option', async () => {
    const from = await run(['report', 'week', '--from', '2026-03-02', '--json']);
    expect(JSON.parse(from.out)).toMatchObject({ from: '2026-03-02', to: '2026-03-08' });
    const backwards = await run(['report', 'week', '--from', '2026-03-09', '--to', '2026-03-02']);
    expect(backwards.code).toBe(2);
    expect(backwards.err).toContain('from must not be after to (2026-03-02)');
    expect((await run(['report', 'week', '--json', '--csv'])).err).toContain('choose one of --json, --csv and --out');
  });

  it('prints it to a PDF with --out, by the paper road the Week screen prints by', async () => {
    await run(['pets', 'add', '--name', 'Tom', '--category', '1', '--status', 'available']);
    const out = join(tempDir(), 'week.pdf');
    const printed = await run(['report', 'week', '--from', '2026-03-02', '--out', out], { env: GBP });
    expect(printed.code).toBe(0);
    expect(printed.out).toBe(`Wrote ${out}: the week at a glance of local, 2026-03-02 to 2026-03-08.`);
    const text = await textOfPdf(readFileSync(out));
    expect(text).toContain('Week at a glance: Local store, 2 Mar – 8 Mar 2026');
    expect(text).toContain('Waiting longest');
    expect(text).toContain('Tom');
  });
});
