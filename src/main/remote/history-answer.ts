import { z } from 'zod';
import {
  HISTORY_ACTIONS,
  HISTORY_FIELD_NAMES,
  isActorName,
  SERVER_HISTORY_PAGE_MAX,
  type HistoryAction,
  type HistoryChange,
  type HistoryEntry,
} from '../../shared/contract';

/** The longest text value of a change kept from a server's answer (longer ones are cut, marked). */
const VALUE_MAX_CHARS = 2_000;
const CHANGES_MAX = 64;

/**
 * A page of a server's history as read from it (untrusted): bounded in count and size before
 * anything is read; an entry is its moment, its person (a name a history may keep, else nobody),
 * what was done (a name this app does not know: a change), and the changes of the fields this app
 * knows, each value text, a number or none.
 */
export const serverHistorySchema = z.object({
  entries: z
    .array(
      z.object({
        seq: z.union([z.bigint(), z.number()]).transform(Number).pipe(z.number().int().positive()),
        at: z
          .string()
          .max(40)
          .refine((at) => !Number.isNaN(Date.parse(at)), { error: 'must be a moment' }),
        by: z.string().max(1_000).nullable(),
        action: z.string().max(40),
        changes: z.array(z.unknown()).max(CHANGES_MAX),
      }),
    )
    .max(SERVER_HISTORY_PAGE_MAX),
});

function valueOf(value: unknown): string | number | null | undefined {
  if (value === null) return null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') return value.length > VALUE_MAX_CHARS ? `${value.slice(0, VALUE_MAX_CHARS)}…` : value;
  return undefined;
}

function changeOf(raw: unknown): HistoryChange | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { field, from, to } = raw as Record<string, unknown>;
  if (!(HISTORY_FIELD_NAMES as readonly unknown[]).includes(field)) return undefined;
  const before = valueOf(from);
  const after = valueOf(to);
  if (before === undefined || after === undefined) return undefined;
  return { field: field as HistoryChange['field'], from: before, to: after };
}

/** The server's entries as this app shows a history: made on the server, by the person it names. */
export function serverHistoryEntries(petId: string, answer: z.output<typeof serverHistorySchema>): HistoryEntry[] {
  return answer.entries.map((entry) => ({
    seq: entry.seq,
    petId,
    at: new Date(entry.at).toISOString(),
    where: 'server' as const,
    via: null,
    by: entry.by !== null && isActorName(entry.by) ? entry.by : null,
    action: (HISTORY_ACTIONS as readonly string[]).includes(entry.action) ? (entry.action as HistoryAction) : 'changed',
    changes: entry.changes.map(changeOf).filter((change): change is HistoryChange => change !== undefined),
  }));
}
