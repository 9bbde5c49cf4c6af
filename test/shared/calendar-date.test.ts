import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageInWords,
  dateProblem,
  type DatePrecision,
  formatDate,
  localToday,
  precisionOf,
} from '../../src/shared/contract/calendar-date';

const TODAY = '2026-05-03';
const ALL: readonly DatePrecision[] = ['day', 'month', 'year'];
const anyPrecision = { precisions: ALL, today: TODAY };

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A day from 1900-01-01 to TODAY, with its text at each precision. */
const pastDay = fc
  .integer({ min: 1900, max: 2026 })
  .chain((year) => fc.tuple(fc.constant(year), fc.integer({ min: 1, max: year === 2026 ? 5 : 12 })))
  .chain(([year, month]) =>
    fc.tuple(
      fc.constant(year),
      fc.constant(month),
      fc.integer({ min: 1, max: year === 2026 && month === 5 ? 3 : daysIn(year, month) }),
    ),
  )
  .map(([year, month, day]) => ({
    day: `${year}-${pad(month, 2)}-${pad(day, 2)}`,
    month: `${year}-${pad(month, 2)}`,
    year: String(year),
  }));

describe('dateProblem', () => {
  it('takes every past date at every precision it allows, and precisionOf agrees', () => {
    fc.assert(
      fc.property(pastDay, fc.constantFrom(...ALL), (date, precision) => {
        expect(dateProblem(date[precision], { precisions: [precision], today: TODAY })).toBeNull();
        expect(dateProblem(date[precision], anyPrecision)).toBeNull();
        expect(precisionOf(date[precision])).toBe(precision);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a day beyond the end of its month', () => {
    const pastMonth = fc.tuple(fc.integer({ min: 1900, max: 2025 }), fc.integer({ min: 1, max: 12 }));
    fc.assert(
      fc.property(pastMonth, fc.integer({ min: 1, max: 68 }), ([year, month], beyond) => {
        const day = Math.min(99, daysIn(year, month) + beyond);
        const problem = dateProblem(`${year}-${pad(month, 2)}-${pad(day, 2)}`, anyPrecision);
        expect(problem).toMatch(/^must be a real date \(\w+ \d{4} has (28|29|30|31) days\)/);
      }),
    );
  });

  it('knows the leap years', () => {
    expect(dateProblem('2024-02-29', anyPrecision)).toBeNull();
    expect(dateProblem('2000-02-29', anyPrecision)).toBeNull();
    expect(dateProblem('1900-02-29', anyPrecision)).toBe(
      'must be a real date (February 1900 has 28 days), got "1900-02-29"',
    );
    expect(dateProblem('2026-02-30', anyPrecision)).toBe(
      'must be a real date (February 2026 has 28 days), got "2026-02-30"',
    );
    expect(dateProblem('2026-04-31', anyPrecision)).toMatch(/April 2026 has 30 days/);
  });

  it('refuses a month or a day that is not on the calendar', () => {
    expect(dateProblem('2026-13', anyPrecision)).toBe('must be a real date (months run from 01 to 12), got "2026-13"');
    expect(dateProblem('2026-00-10', anyPrecision)).toMatch(/months run from 01 to 12/);
    expect(dateProblem('2026-01-00', anyPrecision)).toMatch(/January 2026 has 31 days/);
  });

  it('names only the forms it takes', () => {
    expect(dateProblem('3 May 2026', anyPrecision)).toBe(
      'must be a date like 2026-05-03, 2026-05 or 2026, got "3 May 2026"',
    );
    expect(dateProblem('2026', { precisions: ['day'], today: TODAY })).toBe(
      'must be a date like 2026-05-03, got "2026"',
    );
    expect(dateProblem('2026', { precisions: ['day', 'month'], today: TODAY })).toBe(
      'must be a date like 2026-05-03 or 2026-05, got "2026"',
    );
    for (const text of [
      '',
      '2026-5-3',
      '26-05-03',
      '2026/05/03',
      ' 2026-05-03',
      '2026-05-03T00:00',
      '+2026',
      '20260503',
    ]) {
      expect(dateProblem(text, anyPrecision), text).toMatch(/^must be a date like/);
    }
  });

  it('refuses the future, and what starts before the earliest date', () => {
    expect(dateProblem('2027-01-01', anyPrecision)).toBe(
      'must not be in the future (today is 2026-05-03), got "2027-01-01"',
    );
    expect(dateProblem('2026-05-04', anyPrecision)).toMatch(/in the future/);
    expect(dateProblem('2026-06', anyPrecision)).toMatch(/in the future/);
    expect(dateProblem('2027', anyPrecision)).toMatch(/in the future/);
    // A month or a year that has begun is not in the future.
    expect(dateProblem('2026-05', anyPrecision)).toBeNull();
    expect(dateProblem('2026', anyPrecision)).toBeNull();
    expect(dateProblem('1899-12-31', anyPrecision)).toBe('must not be before 1900-01-01, got "1899-12-31"');
    expect(dateProblem('2019', { ...anyPrecision, earliest: '2020-01-01' })).toMatch(/before 2020-01-01/);
    expect(dateProblem('2020-06', { ...anyPrecision, earliest: '2020-06-15' })).toMatch(/before 2020-06-15/);
  });
});

describe('precisionOf', () => {
  it('refuses what is not a date', () => {
    expect(() => precisionOf('2026-02-30')).toThrow(RangeError);
    expect(() => precisionOf('May')).toThrow(RangeError);
  });
});

describe('localToday', () => {
  it('gives the local calendar day', () => {
    expect(localToday(new Date(2026, 4, 3, 23, 59))).toBe('2026-05-03');
    expect(localToday(new Date(2026, 0, 1, 0, 0))).toBe('2026-01-01');
    expect(localToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('ageInWords', () => {
  it('counts days, then weeks, then months, then years', () => {
    const ages: [string, string][] = [
      ['2026-05-03', 'newborn'],
      ['2026-05-02', '1 day'],
      ['2026-04-24', '9 days'],
      ['2026-04-20', '13 days'],
      ['2026-04-19', '2 weeks'],
      ['2026-02-15', '11 weeks'],
      ['2026-01-12', '15 weeks'],
      ['2026-01-11', '3 months'],
      ['2025-12-03', '5 months'],
      ['2025-06-03', '11 months'],
      ['2024-11-03', '18 months'],
      ['2024-05-04', '23 months'],
      ['2024-05-03', '2 years'],
      ['2023-05-04', '2 years'],
      ['1990-01-01', '36 years'],
    ];
    for (const [born, age] of ages) expect(ageInWords(born, TODAY), born).toBe(age);
  });

  it('counts a birthday on 29 February only once it has passed', () => {
    expect(ageInWords('2024-02-29', '2026-02-28')).toBe('23 months');
    expect(ageInWords('2024-02-29', '2026-03-01')).toBe('2 years');
  });

  it('says "about" for a month, from its first day', () => {
    expect(ageInWords('2026-05', TODAY)).toBe('under a month');
    expect(ageInWords('2026-04', TODAY)).toBe('about 1 month');
    expect(ageInWords('2025-12', TODAY)).toBe('about 5 months');
    expect(ageInWords('2024-11', TODAY)).toBe('about 18 months');
    expect(ageInWords('2024-05', TODAY)).toBe('about 2 years');
  });

  it('gives only years for a year', () => {
    expect(ageInWords('2026', TODAY)).toBe('under a year');
    expect(ageInWords('2025', TODAY)).toBe('about a year');
    expect(ageInWords('2023', TODAY)).toBe('about 3 years');
  });

  it('says the youngest age for a birth date after today', () => {
    expect(ageInWords('2026-05-04', TODAY)).toBe('newborn');
    expect(ageInWords('2026-06', TODAY)).toBe('under a month');
    expect(ageInWords('2027', TODAY)).toBe('under a year');
  });

  it('never throws and never says a negative', () => {
    fc.assert(
      fc.property(pastDay, pastDay, fc.constantFrom(...ALL), (born, today, precision) => {
        const age = ageInWords(born[precision], today.day);
        expect(age).toMatch(
          /^(newborn|under a (month|year)|about a year|(about )?[1-9][0-9]* (day|week|month|year)s?)$/,
        );
        const [, count, unit = ''] = /^(?:about )?([0-9]+) (\w+)$/.exec(age) ?? [];
        if (count !== undefined) expect(unit.endsWith('s'), age).toBe(count !== '1');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatDate', () => {
  it('shows a date as precise as it is', () => {
    expect(formatDate('2026-05-03', 'en-GB')).toBe('3 May 2026');
    expect(formatDate('2026-05', 'en-GB')).toBe('May 2026');
    expect(formatDate('2026', 'en-GB')).toBe('2026');
    expect(formatDate('2026-05-03', 'en-US')).toBe('May 3, 2026');
    expect(formatDate('2026-05-03', 'de')).toBe('3. Mai 2026');
  });

  it('shows the same day in every time zone', () => {
    const zone = process.env.TZ;
    try {
      for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/London']) {
        process.env.TZ = timeZone;
        expect(formatDate('2026-05-03', 'en-GB'), timeZone).toBe('3 May 2026');
        expect(formatDate('2026-01', 'en-GB'), timeZone).toBe('January 2026');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('shows any day, whatever the locale tag', () => {
    fc.assert(
      fc.property(pastDay, fc.oneof(fc.constantFrom('en-GB', 'ja', 'ar-EG'), fc.string()), (date, locale) => {
        expect(formatDate(date.day, locale)).not.toBe('');
      }),
    );
    expect(formatDate('1900-01-01', 'en-GB')).toBe('1 January 1900');
    expect(() => formatDate('2026-02-30')).toThrow(RangeError);
  });
});
