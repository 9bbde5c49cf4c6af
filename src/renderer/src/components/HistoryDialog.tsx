import { useEffect, useId, useRef, useState } from 'react';
import { create } from 'zustand';
import {
  ANIMAL_FIELDS,
  type EnvironmentName,
  type HistoryAction,
  type HistoryChange,
  type HistoryEntry,
  type HistoryPage,
  type Pet,
} from '../../../shared/contract';
import { historyEntryKey, serverHistoryNote, type HistoryCursor } from '../../../shared/contract/history-with-server';
import { isRemoteEnvironment } from '../../../shared/contract/environments';
import { useActiveCurrency } from '../active-currency';
import { call, messageOf } from '../api';
import { fieldValueInWords } from '../field-words';
import { exactTime } from '../format';
import { Name } from './Name';
import { useModal } from './use-modal';
import { useAfterFirstFrame } from '../use-after-first-frame';
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

/**
 * Entries drawn in the frame that opens the dialog; the rest of the page follow in the next. Enough
 * to fill the list's tallest view (36rem) with the shortest entries (a change of one field, about
 * 5.5rem; seven fill it), with room for a smaller font: the first frame shows what it would show
 * with all of them.
 */
const FIRST_DRAWN = 10;

const ROAD_WORDS = { window: '', cli: ' (command line)', service: ' (through the service)' } as const;

/** The newest page of the animal's history as this computer keeps it: the dialog opens with it at once. */
export const historyPage = (environment: EnvironmentName, petId: string) =>
  call('petHistory', { environment, petId, limit: PAGE });

/** A page of the animal's history with the server's: the newest, or the one older than `after` gave. */
const pageWithServer = (environment: EnvironmentName, petId: string, after?: HistoryCursor) =>
  call('petHistoryWithServer', { environment, petId, limit: PAGE, ...(after === undefined ? {} : { after }) });

/** Where the next page of a page of this computer's history begins, as the list with the server's goes on. */
const cursorAfter = ({ entries, more }: HistoryPage): HistoryCursor | null => {
  const oldest = entries.at(-1);
  return more && oldest !== undefined ? { here: oldest.seq, server: null, withServer: false } : null;
};

/** The animal whose history is open, with the page it opened on; null: none. */
const useOpenHistory = create<{
  open: { environment: EnvironmentName; pet: Pick<Pet, 'id' | 'name'>; first: HistoryPage | null } | null;
}>(() => ({ open: null }));

/**
 * Opens the animal's history once its newest page is here (so it opens whole, in one frame). Its
 * state is the dialog's own: opening and closing it draws the dialog alone, not the list it came from.
 */
export function openHistory(environment: EnvironmentName, pet: Pick<Pet, 'id' | 'name'>): void {
  void historyPage(environment, pet.id).then(
    (first) => useOpenHistory.setState({ open: { environment, pet, first } }),
    () => useOpenHistory.setState({ open: { environment, pet, first: null } }),
  );
}

/** Where the open history is drawn (in the list's dialogs). */
export function OpenHistory() {
  const open = useOpenHistory((state) => state.open);
  if (open === null) return null;
  return <HistoryDialog {...open} onClose={() => useOpenHistory.setState({ open: null })} />;
}

/** Who made it and where: the person named (else the counter or the server), and the road taken here. */
function whoInWords(entry: HistoryEntry): string {
  if (entry.where === 'server') return `${entry.by ?? 'Someone'}, on the server`;
  return `${entry.by === null ? 'This counter' : `${entry.by}, at this counter`}${entry.via === null ? '' : ROAD_WORDS[entry.via]}`;
}

/** A value as the list shows it; a photo is "a photo" (its digest says nothing to a person). */
function valueInWords(change: HistoryChange, value: HistoryChange['from'], currency: string): string {
  if (change.field === 'photo') return value === null ? 'no photo' : 'a photo';
  return fieldValueInWords(change.field, value, currency);
}

/**
 * Every change to the animal, newest first: when, who and where (this counter, by which road, or
 * the server), what was done, and each field before and after. It opens at once with this
 * computer's newest page; for a server's environment the server's history (our extension) is then
 * merged in, or a line says why it could not be. A page at a time: older ones on asking, so an
 * animal with thousands of changes opens as fast as one with three.
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
  const [next, setNext] = useState<HistoryCursor | null>(first === null ? null : cursorAfter(first));
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const withServer = isRemoteEnvironment(environment);
  const [loading, setLoading] = useState(withServer);
  const id = useId();
  useModal(dialog, { initial: close });
  const drawnAll = useAfterFirstFrame();

  const load = async (after?: HistoryCursor) => {
    setLoading(true);
    try {
      const page = await pageWithServer(environment, pet.id, after);
      setEntries((shown) => [...(after === undefined ? [] : (shown ?? [])), ...page.entries]);
      setNext(page.next);
      if (after === undefined) setNote(serverHistoryNote(page.server));
      setProblem('');
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    if (first === null || withServer) void load();
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
              ? 'No change to this animal is recorded.'
              : `${count} change${count === 1 ? '' : 's'} shown, newest first${next === null ? '' : '; older ones follow'}.`}
          {withServer && loading && entries !== null && count > 0 && ' Asking the server for its history…'}
        </p>
        {note !== null && <p className="hint history-server-note">{note}</p>}
        {entries !== null && count > 0 && (
          <ol className="history-entries">
            {(drawnAll ? entries : entries.slice(0, FIRST_DRAWN)).map((entry) => (
              <li
                key={historyEntryKey(entry)}
                className={`history-entry history-${entry.where}`}
                data-action={entry.action}
              >
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
        {next !== null && (
          <button type="button" disabled={loading} onClick={() => void load(next)}>
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
