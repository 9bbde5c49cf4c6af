import type { EnvironmentName } from '../../shared/contract';

export const ENVIRONMENT_LABELS: Record<EnvironmentName, string> = {
  local: 'Local store',
  production: 'Production',
  staging: 'Staging',
};

export const isMac = /Mac/.test(navigator.platform);

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "14:02:11" today, "21 Nov 2026, 14:02" on another day. */
export function when(iso: string): string {
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString() ? timeFormat.format(date) : dateFormat.format(date);
}

export const onDate = (iso: string) => dateFormat.format(new Date(iso));

/** A calendar date ("2030-12-05") in words, e.g. "5 December 2030". */
export const longDate = (isoDate: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
