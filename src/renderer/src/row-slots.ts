// Which element each drawn row of the list is drawn in (see components/use-row-slots.ts).

/**
 * The slot of each row drawn, from those of the rows drawn before: a row drawn before keeps its
 * slot; when `reuse` (another filter's rows), a slot whose row has left is given to the next new
 * row, in the order they were drawn (so no element moves), and `kept`'s slot never is; otherwise,
 * and when none is free, a new slot is made.
 */
export function nextRowSlots(
  before: ReadonlyMap<string, string>,
  drawn: readonly string[],
  kept: string | null,
  newSlot: () => string,
  reuse = true,
): Map<string, string> {
  const now = new Set(drawn);
  const free: string[] = [];
  if (reuse) for (const [row, slot] of before) if (!now.has(row) && row !== kept) free.push(slot);
  const next = new Map<string, string>();
  let given = 0;
  for (const row of drawn) next.set(row, before.get(row) ?? free[given++] ?? newSlot());
  return next;
}
