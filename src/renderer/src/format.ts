export { ENVIRONMENT_LABELS } from '../../shared/contract';

export const isMac = /Mac/.test(navigator.platform);

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const onDate = (iso: string) => dateFormat.format(new Date(iso));

/** A calendar date ("2030-12-05") in words, e.g. "5 December 2030". */
export const longDate = (isoDate: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });

/** "just now", "2 min. ago", "3 hr. ago"; a day or more ago, the date and time ("21 Nov 2026, 14:02"). */
export function relativeTime(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  return onDate(iso);
}

// Made once: making a formatter costs far more than formatting with it (a history formats a moment per entry).
const exactFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'medium' });

/** The exact moment, for a person: "Sunday, 22 November 2026 at 14:02:11". */
export const exactTime = (iso: string) => exactFormat.format(new Date(iso));
