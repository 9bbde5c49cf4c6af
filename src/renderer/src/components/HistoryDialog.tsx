import { useEffect, useId, useRef, useState } from 'react';
import {
  ANIMAL_FIELDS,
  type EnvironmentName,
  type HistoryAction,
  type HistoryChange,
  type HistoryEntry,
  type HistoryPage,
  type Pet,
} from '../../../shared/contract';
import { useActiveCurrency } from '../active-currency';
import { call, messageOf } from '../api';
import { fieldValueInWords } from '../field-words';
import { exactTime } from '../format';
import { Name } from './Name';
import { useModal } from './use-modal';
import './history-dialog.css';
import { FormError } from './FormError';

const ACTION_WORDS: Record<HistoryAction, string> = {
  added: 'Added',
  changed: 'Changed',
  imported: 'Imported',
  corrected: 'Corrected',
  discarded: 'A change discarded',
  decided: 'A conflict decided',
  undone: 'Undone',
};

/** Entries asked for at a time: a few screens of the dialog, so it opens at once however long the history. */
const PAGE = 25;

const ROAD_WORDS = { window: '', cli: ' (command line)', service: ' (through the service)' } as const;

/** A page of the animal's history from main: the newest, or the one older than `before`. */
export const historyPage = (environment: EnvironmentName, petId: string, before?: number) =>
  call('petHistory', { environment, petId, limit: PAGE, ...(before === undefined ? {} : { before }) });

/** Who made it: the person named, else where it came from. */
function whoInWords(entry: HistoryEntry): string {
  if (entry.where === 'server') return entry.by ?? 'On the server';
  return `${entry.by ?? 'This counter'}${entry.via === null ? '' : ROAD_WORDS[entry.via]}`;
}

/** A value as the list shows it; a photo is "a photo" (its digest says nothing to a person). */
function valueInWords(change: HistoryChange, value: HistoryChange['from'], currency: string): string {
  if (change.field === 'photo') return value === null ? 'no photo' : 'a photo';
  return fieldValueInWords(change.field, value, currency);
}

/**
 * Every change to the animal as this computer keeps it, newest first: when, who (and by which
 * road), what was done, and each field before and after. A page at a time: the newest at once,
 * older ones on asking, so an animal with thousands of changes opens as fast as one with three.
 */
export function HistoryDialog({
  environment,
  pet,
  first = null,
  onClose,
}: {
  environment: EnvironmentName;
  pet: Pick<Pet, 'id' | 'name'>;
  /** The newest page, when the opener asked for it first (the dialog then opens whole, in one frame). */
  first?: HistoryPage | null;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const currency = useActiveCurrency((state) => state.currency);
  const [entries, setEntries] = useState<HistoryEntry[] | null>(first?.entries ?? null);
  const [more, setMore] = useState(first?.more ?? false);
  const [problem, setProblem] = useState('');
  const [loading, setLoading] = useState(false);
  const id = useId();
  useModal(dialog, { initial: close });

  const load = async (before?: number) => {
    setLoading(true);
    try {
      const page = await historyPage(environment, pet.id, before);
      setEntries((shown) => [...(before === undefined ? [] : (shown ?? [])), ...page.entries]);
      setMore(page.more);
      setProblem('');
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    if (first === null) void load();
    // Loaded once per animal shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [environment, pet.id]);

  const count = entries?.length ?? 0;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      className="dialog history-dialog"
      onCancel={(event) => (event.preventDefault(), onClose())}
    >
      <h2 id={`${id}-title`}>
        History of <Name>{pet.name}</Name> <span className="history-number">number {pet.id}</span>
      </h2>
      <div className="dialog-body">
        <p className="hint" aria-live="polite">
          {entries === null
            ? 'Reading the history…'
            : count === 0
              ? 'No change to this animal is recorded on this computer.'
              : `${count} change${count === 1 ? '' : 's'} shown, newest first${more ? '; older ones follow' : ''}.`}
        </p>
        {entries !== null && count > 0 && (
          <ol className="history-entries">
            {entries.map((entry) => (
              <li key={entry.seq} className={`history-entry history-${entry.where}`} data-action={entry.action}>
                <p className="history-head">
                  <time dateTime={entry.at}>{exactTime(entry.at)}</time>
                  <span className="history-who">{whoInWords(entry)}</span>
                  <span className="history-action">{ACTION_WORDS[entry.action]}</span>
                </p>
                <ul className="history-changes">
                  {entry.changes.map((change) => (
                    <li key={change.field}>
                      <span className="history-field">{ANIMAL_FIELDS[change.field].label}:</span>{' '}
                      {change.from !== null && (
                        <>
                          <span className="history-from">{valueInWords(change, change.from, currency)}</span>
                          <span aria-hidden="true"> → </span>
                          <span className="visually-hidden"> to </span>
                        </>
                      )}
                      <span className="history-to">{valueInWords(change, change.to, currency)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
        <FormError>{problem}</FormError>
      </div>
      <div className="dialog-actions">
        {more && (
          <button type="button" disabled={loading} onClick={() => void load(entries?.at(-1)?.seq)}>
            Older changes
          </button>
        )}
        <button type="button" ref={close} className="primary" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
