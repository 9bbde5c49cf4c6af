/** A short rendering of a rejected value for error messages ("got ..."). */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return JSON.stringify(shown);
  }
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    const shown = String(value);
    // A number is echoed only as long as a person reads one: a 15,000-digit literal is not sent back whole.
    return shown.length > 40 ? `${shown.slice(0, 24)}… (${shown.length} digits)` : shown;
  }

  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value === 'object' ? 'JSON object' : typeof value}`;
}
