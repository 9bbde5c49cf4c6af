import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { lookAlikeInWords, type EnvironmentName, type ImportPreview, type ImportRow } from '../../../shared/contract';
import { call, messageOf, subscribe } from '../api';
import { notDoneText } from '../change-words';
import { ariaKeyShortcuts, COMMANDS, shortcutLabel } from '../../../shared/commands';
import { ENVIRONMENT_LABELS, isMac } from '../format';
import { filterQuery, isFiltered } from '../list-filter';
import { markedIn, useMarkedAnimals } from '../marked-animals';
import { useWindowState } from '../window-state';
import { Name } from './Name';
import { PaperDialog } from './PaperDialog';
import { RegisterDialog } from './RegisterDialog';
import { useModal } from './use-modal';
import { FormError } from './FormError';

const count = new Intl.NumberFormat();
const animals = (n: number) => `${count.format(n)} animal${n === 1 ? '' : 's'}`;
/** Rows like an animal already there, or like a row above in the same file (each row's note says which). */
const lookAlikes = (n: number) => `${count.format(n)} look-alike${n === 1 ? '' : 's'}`;
/** Rows shown in the preview: every row with a problem, then the others up to this many. */
const ROWS_SHOWN = 300;

const STATE_WORDS: Record<ImportRow['state'], string> = {
  ready: 'Ready',
  invalid: 'Not added',
  imported: 'Imported before',
  look_alike: 'Already there?',
};

function rowNote(row: ImportRow): string {
  if (row.state === 'invalid') return row.problems.map(({ field, message }) => `${field} ${message}`).join('; ');
  if (row.state === 'imported') return 'This row of this file was imported before; it is not added twice.';
  if (row.state === 'look_alike') {
    const words = lookAlikeInWords(row);
    return `${words[0]!.toUpperCase()}${words.slice(1)}`;
  }
  return '';
}

/** What the shortcuts and the menu run: set while the animals screen shows its file buttons. */
export const FILE_COMMANDS: Partial<
  Record<'import-animals' | 'export-animals' | 'export-register' | 'print-paper', () => void>
> = {};

/** "Import CSV…", "Export CSV…" and "Register…": main's file dialogs; the page reads and writes no file itself. */
export function AnimalFiles() {
  const environment = useWindowState((state) => state.environment)!;
  const filter = useWindowState((state) => state.filter);
  const total = useWindowState((state) => state.list?.total ?? 0);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [exporting, setExporting] = useState(false);
  const [registering, setRegistering] = useState(false);
  const [printing, setPrinting] = useState(false);
  const marked = useMarkedAnimals((state) => markedIn(state, environment));

  const chooseFile = async () => {
    try {
      const chosen = await call('previewImport', { environment });
      if (chosen) setPreview(chosen);
    } catch (error) {
      toast.error(`The file could not be imported: ${messageOf(error)}`, { duration: 15_000 });
    }
  };

  useEffect(() => {
    FILE_COMMANDS['import-animals'] = () => void chooseFile();
    FILE_COMMANDS['export-animals'] = () => setExporting(true);
    FILE_COMMANDS['export-register'] = () => setRegistering(true);
    // No button of its own: a row of four would not fit beside Columns in a small window.
    FILE_COMMANDS['print-paper'] = () => setPrinting(true);
    return () => {
      delete FILE_COMMANDS['import-animals'];
      delete FILE_COMMANDS['export-animals'];
      delete FILE_COMMANDS['export-register'];
      delete FILE_COMMANDS['print-paper'];
    };
  });

  return (
    <div className="file-actions">
      <button
        type="button"
        onClick={() => void chooseFile()}
        aria-keyshortcuts={ariaKeyShortcuts(COMMANDS['import-animals'].keys, isMac)}
        title={shortcutLabel(COMMANDS['import-animals'].keys[0], isMac)}
      >
        Import CSV…
      </button>
      <button
        type="button"
        onClick={() => setExporting(true)}
        aria-keyshortcuts={ariaKeyShortcuts(COMMANDS['export-animals'].keys, isMac)}
        title={shortcutLabel(COMMANDS['export-animals'].keys[0], isMac)}
      >
        Export CSV…
      </button>
      <button
        type="button"
        onClick={() => setRegistering(true)}
        aria-keyshortcuts={ariaKeyShortcuts(COMMANDS['export-register'].keys, isMac)}
        title={`The register of a period (${shortcutLabel(COMMANDS['export-register'].keys[0], isMac)})`}
      >
        Register…
      </button>
      {printing && (
        <PaperDialog
          environment={environment}
          animals={{ view: { ...filterQuery(filter, environment), sort: filter.sort } }}
          which={`The ${animals(total)} in view`}
          marked={marked}
          onClose={() => setPrinting(false)}
        />
      )}
      {registering && <RegisterDialog environment={environment} onClose={() => setRegistering(false)} />}
      {preview && <ImportDialog preview={preview} onClose={() => setPreview(null)} />}
      {exporting && (
        <ExportDialog
          environment={environment}
          viewCount={total}
          filtered={isFiltered(filter, environment)}
          onExport={async (whole) => {
            const view = { ...filterQuery(filter, environment), sort: filter.sort };
            const outcome = await call('exportAnimals', { environment, ...(whole ? {} : { view }) });
            if (outcome.path !== null) toast.success(`${animals(outcome.rows)} exported to ${outcome.path}.`);
          }}
          onClose={() => setExporting(false)}
        />
      )}
    </div>
  );
}

function ExportDialog(props: {
  environment: EnvironmentName;
  viewCount: number;
  filtered: boolean;
  onExport(whole: boolean): Promise<void>;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const viewChoice = useRef<HTMLInputElement>(null);
  const wholeChoice = useRef<HTMLInputElement>(null);
  const [whole, setWhole] = useState(!props.filtered);
  const [problem, setProblem] = useState('');
  // The list's own counts are of its search: every animal is counted by main, as the export reads them.
  const [everyCount, setEveryCount] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    void call('animals', { environment: props.environment, query: { limit: 1 } }).then(
      ({ total }) => current && setEveryCount(total),
      () => undefined, // the choice is still offered, without its count
    );
    return () => void (current = false);
  }, [props.environment]);
  const titleId = useId();
  // The choice made for the person has the focus: Enter takes it, an arrow key takes the other.
  useModal(dialog, { initial: props.filtered ? viewChoice : wholeChoice });
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await props.onExport(whole);
      props.onClose();
    } catch (error) {
      setProblem(messageOf(error));
    }
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="dialog"
      onCancel={(e) => (e.preventDefault(), props.onClose())}
    >
      <h2 id={titleId}>Export animals to CSV</h2>
      <form onSubmit={(event) => void submit(event)}>
        <fieldset className="dialog-body choices">
          <legend className="visually-hidden">Which animals</legend>
          <label>
            <input
              ref={viewChoice}
              type="radio"
              name="export-scope"
              checked={!whole}
              onChange={() => setWhole(false)}
            />
            The list as shown: its filter, search and order ({animals(props.viewCount)})
          </label>
          <label>
            <input ref={wholeChoice} type="radio" name="export-scope" checked={whole} onChange={() => setWhole(true)} />
            Every animal in {ENVIRONMENT_LABELS[props.environment]}
            {everyCount === null ? '' : ` (${animals(everyCount)})`}
          </label>
          <p className="hint">UTF-8 CSV as spreadsheets open it; ids exactly as they are.</p>
          <FormError>{problem}</FormError>
        </fieldset>
        <div className="dialog-actions">
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="primary">
            Choose a file…
          </button>
        </div>
      </form>
    </dialog>
  );
}

function ImportDialog({ preview, onClose }: { preview: ImportPreview; onClose(): void }) {
  const environment = useWindowState((state) => state.environment)!;
  const dialog = useRef<HTMLDialogElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [lookAlikesToo, setLookAlikesToo] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [problem, setProblem] = useState('');
  const titleId = useId();
  const { counts } = preview;
  const toAdd = counts.ready + (lookAlikesToo ? counts.look_alike : 0);
  useModal(dialog, { initial: toAdd > 0 ? importButton : cancelButton });

  useEffect(
    () =>
      subscribe('importProgress', (told) => {
        if (told.importId === preview.importId) setProgress({ done: told.done, total: told.total });
      }),
    [preview.importId],
  );

  const shownRows = [
    ...preview.rows.filter((row) => row.state !== 'ready'),
    ...preview.rows.filter((row) => row.state === 'ready'),
  ].slice(0, ROWS_SHOWN);

  const start = async () => {
    setProgress({ done: 0, total: toAdd });
    try {
      const outcome = await call('importAnimals', { environment, importId: preview.importId, lookAlikesToo });
      toast.success(
        `${animals(outcome.added)} imported to ${ENVIRONMENT_LABELS[environment]}${
          outcome.alreadyImported > 0 ? `; ${count.format(outcome.alreadyImported)} were imported before` : ''
        }.`,
      );
      onClose();
    } catch (error) {
      setProgress(null);
      setProblem(notDoneText(error, environment, 'Nothing was imported'));
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="dialog import-dialog"
      onCancel={(e) => (e.preventDefault(), progress === null && onClose())}
    >
      <h2 id={titleId}>
        Import <Name>{preview.fileName}</Name> to {ENVIRONMENT_LABELS[environment]}
      </h2>
      <div className="dialog-body">
        <p className="import-counts" data-testid="import-counts">
          {[
            `${animals(counts.ready)} ready`,
            counts.invalid > 0 && `${count.format(counts.invalid)} with problems (not added)`,
            counts.look_alike > 0 && lookAlikes(counts.look_alike),
            counts.imported > 0 && `${count.format(counts.imported)} imported before`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {preview.unreadColumns.length > 0 && (
          <p className="hint" data-testid="import-unread">
            Not read (no animal’s field has these columns): {preview.unreadColumns.join(', ')}
          </p>
        )}
        {counts.look_alike > 0 && (
          <label className="check">
            <input type="checkbox" checked={lookAlikesToo} onChange={(e) => setLookAlikesToo(e.target.checked)} />
            Add the {lookAlikes(counts.look_alike)} too
          </label>
        )}
        <div className="import-rows" tabIndex={0} aria-label="Rows of the file">
          <table>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Line
                </th>
                <th scope="col">Name</th>
                <th scope="col">Category</th>
                <th scope="col">Status</th>
                <th scope="col">Import</th>
              </tr>
            </thead>
            <tbody>
              {shownRows.map((row) => (
                <tr key={row.line} data-state={row.state} data-line={row.line}>
                  <td className="num">{row.line}</td>
                  <td>
                    <Name>{row.name}</Name>
                  </td>
                  <td>
                    <Name>{row.category}</Name>
                  </td>
                  <td>{row.status}</td>
                  <td>
                    <span className={`badge import-${row.state}`}>{STATE_WORDS[row.state]}</span>{' '}
                    <span className="import-note">
                      <Name>{rowNote(row)}</Name>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {preview.rows.length > shownRows.length && (
            <p className="hint">…and {count.format(preview.rows.length - shownRows.length)} more ready rows.</p>
          )}
        </div>
        {progress && (
          <label className="progress">
            Adding {count.format(progress.done)} of {count.format(progress.total)}
            <progress max={Math.max(1, progress.total)} value={progress.done} />
          </label>
        )}
        <FormError>{problem}</FormError>
      </div>
      <div className="dialog-actions">
        <button ref={cancelButton} type="button" onClick={onClose} disabled={progress !== null}>
          Cancel
        </button>
        <button
          ref={importButton}
          type="button"
          className="primary"
          disabled={toAdd === 0 || progress !== null}
          onClick={() => void start()}
        >
          Import {animals(toAdd)}
        </button>
      </div>
    </dialog>
  );
}
