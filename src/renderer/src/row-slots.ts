// Which element each drawn row of the list is drawn in (see components/use-row-slots.ts).

/**
 * The slot of each row drawn, from those of the rows drawn before: a row drawn before keeps its
 * slot; a slot whose row has left is given to the next new row, in the order they were drawn (so no
 * element moves); `kept`'s slot is never given to another row; a new slot is made when none is free.
 */
export function nextRowSlots(
  before: ReadonlyMap<string, string>,
  drawn: readonly string[],
  kept: string | null,
  newSlot: () => string,
): Map<string, string> {
  const now = new Set(drawn);
  const free: string[] = [];
  for (const [row, slot] of before) if (!now.has(row) && row !== kept) free.push(slot);
  const next = new Map<string, string>();
  let given = 0;
  for (const row of drawn) next.set(row, before.get(row) ?? free[given++] ?? newSlot());
  return next;
}
