import {
  applyPetPatch,
  type ChangeEntry,
  type EnvironmentName,
  type Pet,
  type PetPatch,
  type PetStatus,
} from '../../../shared/contract';
import { ROW_COMMANDS, shortcutLabel } from '../../../shared/commands';
import { isMac } from '../format';
import type { CellContext, DetailColumn } from '../list-columns';
import { useWindowState } from '../window-state';
import { AnimalThumbnail } from './AnimalPhoto';
import { Category } from './Category';
import { ChangeWaiting, changeProblem } from './ChangeState';
import { useAddressNow } from './held';
import { Name } from './Name';
import { useMeasuredAt, type Measured, type Selectable } from './row-props';
import { RowMenu } from './RowMenu';
import { ProblemActions, ProblemReason } from './RowProblem';

/** The keys that set a status on the selected row, one keystroke each. */
export const STATUS_KEYS: Record<string, PetStatus> = { a: 'available', p: 'pending', s: 'sold' };
/** The side of a row's thumbnail, in CSS pixels: a row stays as tall as one line of text and its buttons. */
const THUMBNAIL_SIZE = 32;
const STATUS_LABELS: Record<PetStatus, string> = { available: 'Available', pending: 'Pending', sold: 'Sold' };
/** What the mark of an animal whose details main keeps on this computer only says, in full. */
export const DETAILS_KEPT_HERE = 'Details kept on this computer only';

export interface PetActions {
  /** Null where the server takes no changes: none is offered. */
  onStatus: ((status: PetStatus) => void) | null;
  onEdit: (() => void) | null;
  onResolve(): void;
  onResendChange(): void;
  onDiscardChange(): void;
  onHistory(): void;
  /** The print dialog, for this animal's cage card or label. */
  onPrint(): void;
  /** The sale dialog; null where the server takes no changes, or the animal is sold. */
  onSell: (() => void) | null;
}

/**
 * One of the environment's animals, as main shows it (marked when its details are kept on this
 * computer only), with a change handed over and not yet answered on top.
 */
export function PetRow({
  pet,
  change,
  detailsHere = false,
  saving,
  index,
  measure,
  rowKey,
  selected,
  tabStop,
  found,
  marked = false,
  onFocus,
  actions,
  environment,
  columns,
  context,
}: Measured &
  Selectable & {
    pet: Pet;
    change?: ChangeEntry;
    detailsHere?: boolean;
    saving?: PetPatch;
    actions: PetActions;
    environment: EnvironmentName;
    columns: readonly DetailColumn[];
    context: CellContext;
  }) {
  const shown = saving === undefined ? pet : applyPetPatch(pet, saving);
  const measuredRef = useMeasuredAt({ index, measure });
  const addressNow = useAddressNow();
  // The category's name, whole on hover where the cell cuts it.
  const categoryName = useWindowState((state) => state.categoryNames.get(shown.categoryId));
  const items = [
    ...(actions.onStatus === null
      ? []
      : (Object.entries(STATUS_KEYS) as Array<[string, PetStatus]>)
          .filter(([, status]) => status !== shown.status)
          .map(([key, status]) => ({
            label: `Mark ${STATUS_LABELS[status].toLowerCase()}`,
            key: key.toUpperCase(),
            onSelect: () => actions.onStatus!(status),
          }))),
    ...(actions.onSell === null
      ? []
      : [
          {
            label: ROW_COMMANDS.sell.label,
            key: shortcutLabel(ROW_COMMANDS.sell.key, isMac),
            onSelect: actions.onSell,
          },
        ]),
    ...(actions.onEdit === null ? [] : [{ label: 'Correct…', key: 'E', onSelect: actions.onEdit }]),
    { label: 'History…', key: 'H', onSelect: actions.onHistory },
    { label: 'Print card…', onSelect: actions.onPrint },
  ];
  const problem =
    saving === undefined && change !== undefined
      ? changeProblem(change, addressNow, {
          onResolve: actions.onResolve,
          onResend: actions.onResendChange,
          onDiscard: actions.onDiscardChange,
        })
      : null;
  return (
    <tr
      data-index={index}
      ref={measuredRef}
      data-row-key={rowKey}
      tabIndex={tabStop ? 0 : -1}
      data-found={found || undefined}
      aria-selected={selected}
      className={
        selected || marked ? [selected && 'selected', marked && 'marked'].filter(Boolean).join(' ') : undefined
      }
      data-pet-id={pet.id}
      data-marked={marked || undefined}
      data-change-state={saving ? 'saving' : change?.state}
      onFocus={onFocus}
    >
      <td className="num">
        {marked && (
          <span className="paper-mark" title="Marked for paper">
            <span aria-hidden="true">✓</span>
            <span className="visually-hidden">Marked for paper: </span>
          </span>
        )}
        {pet.id}
      </td>
      <td>
        <span className="row-name" title={shown.name}>
          <Name>{shown.name}</Name>
        </span>
        {problem && <ProblemReason problem={problem} />}
      </td>
      <td title={categoryName}>
        <Category id={shown.categoryId} />
      </td>
      <td>
        <span className="status-text">{shown.status ?? '—'}</span>
        {shown.treatment !== undefined && (
          <span className="row-mark treatment" title={shown.treatment}>
            Under treatment
          </span>
        )}
        {detailsHere && (
          <span className="row-mark kept-here" title={DETAILS_KEPT_HERE}>
            <span aria-hidden="true">Details here</span>
            <span className="visually-hidden">{DETAILS_KEPT_HERE}</span>
          </span>
        )}
      </td>
      {columns.map((column) => {
        // Asked of main once the cell is on screen, never while the list is drawn; nothing for an animal without one.
        if (column.kind === 'photo')
          return (
            <td key={column.id} className="detail detail-photo">
              {shown.photo !== undefined && (
                <AnimalThumbnail key={pet.id} environment={environment} pet={shown} size={THUMBNAIL_SIZE} />
              )}
            </td>
          );
        const { text, title } = column.cell(shown, context);
        return (
          <td key={column.id} className={`detail detail-${column.id}`} title={title ?? (text || undefined)}>
            {text}
          </td>
        );
      })}
      <td className="sync-cell">
        {saving ? (
          <span className="badge waiting">Saving…</span>
        ) : problem ? (
          <ProblemActions problem={problem} />
        ) : (
          change && <ChangeWaiting change={change} />
        )}

        {items.length > 0 && <RowMenu label={`Change ${pet.name}`} items={items} />}
      </td>
    </tr>
  );
}
