import type { OutboxEntry } from '../../../shared/contract';
import type { DetailColumn } from '../list-columns';
import { refusalInWords } from '../refusal-words';
import { Category } from './Category';
import { heldInWords, useAddressNow } from './held';
import { Name } from './Name';
import { useMeasuredAt, type Measured, type Selectable } from './row-props';
import { ProblemActions, ProblemReason, type RowProblem } from './RowProblem';

const WAITING = new Set(['pending', 'sending', 'unknown']);

interface EntryActions {
  onFix(): void;
  onDiscard(): void;
  onResend(): void;
}

/** What an entry that needs a person shows, or null while it waits or goes. */
function entryProblem(
  entry: OutboxEntry,
  addressNow: string | null | undefined,
  { onFix, onDiscard, onResend }: EntryActions,
): RowProblem | null {
  const discard = { text: 'Discard', label: `Discard ${entry.name}`, onClick: onDiscard };
  if (entry.state === 'refused') {
    return {
      badge: 'Refused',
      tone: 'danger',
      reason: refusalInWords(entry.lastError, entry.lastErrorFields),
      actions: [{ text: 'Fix…', label: `Fix and resend ${entry.name}`, onClick: onFix }, discard],
    };
  }
  if (entry.state === 'held') {
    const held = heldInWords(
      entry,
      addressNow,
      `The server's address changed since this was added (${entry.baseUrl}).`,
    );
    const label = held.toAnotherAddress ? `Resend ${entry.name} to the new address` : `Resend ${entry.name}`;
    return {
      badge: 'Held',
      tone: 'danger',
      reason: held.reason,
      actions: [{ text: 'Resend', label, onClick: onResend }, discard],
    };
  }
  return null;
}

/** An animal added here and not yet on the server: first in the list, marked with how it stands. */
export function EntryRow({
  entry,
  onFix,
  onDiscard,
  onResend,
  index,
  measure,
  rowKey,
  selected,
  tabStop,
  found,
  onFocus,
  columns,
}: Measured & Selectable & EntryActions & { entry: OutboxEntry; columns: readonly DetailColumn[] }) {
  const problem = entryProblem(entry, useAddressNow(), { onFix, onDiscard, onResend });
  const measuredRef = useMeasuredAt({ index, measure });
  return (
    <tr
      className={`unsynced state-${entry.state}${selected ? ' selected' : ''}`}
      data-entry-state={entry.state}
      data-index={index}
      ref={measuredRef}
      data-row-key={rowKey}
      tabIndex={tabStop ? 0 : -1}
      data-found={found || undefined}
      aria-selected={selected}
      onFocus={onFocus}
    >
      <td className="num">
        <span className="visually-hidden">not yet numbered</span>
        <span aria-hidden="true">new</span>
      </td>
      <td>
        <span className="row-name" title={entry.name}>
          <Name>{entry.name}</Name>
        </span>
        {problem && <ProblemReason problem={problem} />}
      </td>
      <td>
        <Category id={entry.categoryId} />
      </td>
      <td>
        <span className="status-text">{entry.status ?? '—'}</span>
      </td>
      {columns.map((column) => (
        <td key={column.id} className={`detail detail-${column.id}`} />
      ))}
      <td className="sync-cell">
        {problem ? (
          <ProblemActions problem={problem} />
        ) : WAITING.has(entry.state) ? (
          <span className="badge waiting">Waiting to sync</span>
        ) : (
          <span className="badge">{entry.state}</span>
        )}
      </td>
    </tr>
  );
}
