const RFC_3339 = /^(\d{4})-(\d\d)-(\d\d)T\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]\d\d:\d\d)$/;

/**
 * An RFC 3339 moment as milliseconds since the epoch, or NaN: its day one the calendar has (not
 * 2026-02-30, which Date.parse reads as 2026-03-02), and with `utcOnly`, in UTC (`Z`) alone.
 */
export function momentOf(text: unknown, { utcOnly = false } = {}): number {
  const parts = typeof text === 'string' ? RFC_3339.exec(text) : null;
  if (parts === null || (utcOnly && parts[5] !== 'Z')) return NaN;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return NaN;
  return Date.parse(text as string);
}
