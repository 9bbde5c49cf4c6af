import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  CARD_LAYOUTS,
  LABEL_LAYOUTS,
  PAPER_LAYOUT_WORDS,
  PAPER_MOST_ANIMALS,
  type EnvironmentName,
  type PaperAnimals,
  type PaperProgress,
  readPaperIds,
  type PaperRequest,
} from '../../../shared/contract';
import { call, messageOf, subscribe } from '../api';
import { ENVIRONMENT_LABELS } from '../format';
import { useMarkedAnimals } from '../marked-animals';
import { FormError } from './FormError';
import { useModal } from './use-modal';

type Kind = Exclude<PaperRequest['kind'], 'week'>; // the week prints from its own screen
const KIND_WORDS: Record<Kind, string> = { cards: 'Cage cards', labels: 'Labels', stock: 'Stock list' };
const LAYOUTS = { cards: CARD_LAYOUTS, labels: LABEL_LAYOUTS, stock: [] } as const;

const count = new Intl.NumberFormat();
const animals = (n: number) => `${count.format(n)} animal${n === 1 ? '' : 's'}`;

/** Main's progress in words: the page is laid out animal by animal, then printed part by part. */
function progressInWords({ step, done, total }: PaperProgress): string {
  if (step === 'laying-out') return `Laying out ${count.format(done)} of ${animals(total)}…`;
  return step === 'rendering' ? `Printing ${count.format(done)} of ${animals(total)}…` : '';
}

/**
 * Cage cards, labels or the stock list, for the animals of the view or those named by id (typed,
 * or scanned from their codes): a layout,
 * then Print… (the operating system's dialog) or Save as PDF… (main's save dialog). Main lays the
 * page out and prints it; the window only asks, and shows how far it got.
 */
export function PaperDialog(props: {
  environment: EnvironmentName;
  animals: PaperAnimals;
  /** What those animals are, in words ("The 12 animals in view"). */
  which: string;
  /** The animals the person marked in the list, if any: the first choice then. */
  marked?: readonly string[];
  onClose(): void;
}) {
  const { environment } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<Kind>('cards');
  const [layout, setLayout] = useState<string>(CARD_LAYOUTS[0]);
  const marked = props.marked ?? [];
  const [named, setNamed] = useState<string | null>(null); // the ids typed, once "These" is chosen
  const [markedChosen, setOfMarked] = useState(marked.length > 0);
  const ofMarked = markedChosen && marked.length > 0; // none left (another environment shown): the view
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState('');
  const [problem, setProblem] = useState('');
  const id = useId();
  useModal(dialog, { initial: first });
  useEffect(
    () =>
      subscribe('paperProgress', (told) => {
        if (told.environment === environment) setProgress(progressInWords(told));
      }),
    [environment],
  );

  /** The request, or what the person must fix first. */
  const request = (): PaperRequest | string => {
    if (kind === 'stock') return { kind, environment };
    if (ofMarked && marked.length > PAPER_MOST_ANIMALS)
      return `${count.format(marked.length)} animals are marked, more than one printing takes (${count.format(PAPER_MOST_ANIMALS)}): take some marks off, or print the view.`;
    if (ofMarked)
      return { kind, environment, animals: { ids: [...marked], leaveOutGone: true }, layout: layout as never };
    if (named === null) return { kind, environment, animals: props.animals, layout: layout as never };
    const read = readPaperIds(named);
    if ('notAnId' in read)
      return `“${read.notAnId}” is not an animal’s id or label code: type ids such as 12, or scan cards.`;
    if (read.ids.length === 0) return 'Type the ids of the animals to print, or scan their codes.';
    return { kind, environment, animals: { ids: read.ids }, layout: layout as never };
  };

  const run = async (how: 'printPaper' | 'savePaper') => {
    const asked = request();
    if (typeof asked === 'string') return setProblem(asked);
    setBusy(true);
    setProblem('');
    try {
      const outcome = how === 'savePaper' ? await call('savePaper', asked) : await call('printPaper', asked);
      if ('path' in outcome && outcome.path !== null)
        toast.success(`${KIND_WORDS[kind]} of ${animals(outcome.animals)} saved to ${outcome.path}.`);
      if ('printed' in outcome && outcome.printed)
        toast.success(`${KIND_WORDS[kind]} of ${animals(outcome.animals)} sent to the printer.`);
      if (outcome.gone.length > 0) {
        // Marked, and gone since (a server took them off its list): left out, and their marks taken off.
        useMarkedAnimals.getState().unmark(environment, outcome.gone);
        toast(
          `${animals(outcome.gone.length)} marked ${outcome.gone.length === 1 ? 'is' : 'are'} no longer in ${ENVIRONMENT_LABELS[environment]}: left out, and unmarked.`,
        );
      }
      props.onClose();
    } catch (error) {
      setBusy(false);
      setProgress('');
      setProblem(messageOf(error));
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      className="dialog paper-dialog"
      onCancel={(event) => (event.preventDefault(), busy || props.onClose())}
    >
      <h2 id={`${id}-title`}>Print from {ENVIRONMENT_LABELS[environment]}</h2>
      <div className="dialog-body">
        <fieldset className="choices">
          <legend>What</legend>
          {(Object.keys(KIND_WORDS) as Kind[]).map((choice, index) => (
            <label key={choice}>
              <input
                ref={index === 0 ? first : undefined}
                type="radio"
                name={`${id}-kind`}
                checked={kind === choice}
                onChange={() => {
                  setKind(choice);
                  setLayout(LAYOUTS[choice][0] ?? '');
                }}
              />
              {choice === 'stock' ? 'Stock list: every animal in stock' : KIND_WORDS[choice]}
            </label>
          ))}
        </fieldset>
        {kind !== 'stock' && (
          <fieldset className="choices">
            <legend>Of</legend>
            {marked.length > 0 && (
              <label>
                <input type="radio" name={`${id}-which`} checked={ofMarked} onChange={() => setOfMarked(true)} />
                {marked.length === 1 ? 'The animal marked' : `The ${animals(marked.length)} marked`}
              </label>
            )}
            <label>
              <input
                type="radio"
                name={`${id}-which`}
                checked={!ofMarked && named === null}
                onChange={() => (setOfMarked(false), setNamed(null))}
              />
              {props.which}
            </label>
            <label>
              <input
                type="radio"
                name={`${id}-which`}
                checked={!ofMarked && named !== null}
                onChange={() => (setOfMarked(false), setNamed(''))}
              />
              These animals, by id or scanned code:
            </label>
            {!ofMarked && named !== null && (
              <input
                aria-label="Ids or label codes of the animals"
                value={named}
                maxLength={4_000}
                autoComplete="off"
                spellCheck={false}
                placeholder="12, 15, PSD-17"
                onChange={(event) => {
                  setNamed(event.target.value);
                  setProblem('');
                }}
              />
            )}
          </fieldset>
        )}
        {kind !== 'stock' && (
          <fieldset className="choices">
            <legend>Paper</legend>
            {LAYOUTS[kind].map((choice) => (
              <label key={choice}>
                <input
                  type="radio"
                  name={`${id}-layout`}
                  checked={layout === choice}
                  onChange={() => setLayout(choice)}
                />
                {PAPER_LAYOUT_WORDS[choice]}
              </label>
            ))}
          </fieldset>
        )}
        <p className="hint" role="status" aria-live="polite">
          {progress}
        </p>
        <FormError>{problem}</FormError>
      </div>
      <div className="dialog-actions">
        <button type="button" onClick={props.onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" onClick={() => void run('savePaper')} disabled={busy}>
          Save as PDF…
        </button>
        <button type="button" className="primary" onClick={() => void run('printPaper')} disabled={busy}>
          Print…
        </button>
      </div>
    </dialog>
  );
}
