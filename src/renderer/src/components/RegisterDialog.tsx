import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { isRemoteEnvironment, localToday, type EnvironmentName } from '../../../shared/contract';
import { call, CallError, messageOf } from '../api';
import { ENVIRONMENT_LABELS } from '../format';
import { STRIP_TEXT } from './EnvironmentBar';
import { useModal } from './use-modal';
import { FormError } from './FormError';

const count = new Intl.NumberFormat();
type End = 'from' | 'to';
const END_LABELS: Record<End, string> = { from: 'From', to: 'To' };
const END_HINTS: Record<End, string> = { from: 'The first day: 2026-01-01', to: 'The last day, included' };

/** Main's words with each day in them kept on one line ("2025-01-01", never "2025-" and "01-01"). */
const withWholeDays = (text: string) =>
  text.split(/(\d{4}-\d\d-\d\d)/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="day">
        {part}
      </span>
    ) : (
      part
    ),
  );

/**
 * The shop's register of a period (every animal held in it, sold and left ones included) to a file
 * chosen in main's save dialog. Main checks the period and says on its field what is wrong with it.
 */
export function RegisterDialog({ environment, onClose }: { environment: EnvironmentName; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fields = { from: useRef<HTMLInputElement>(null), to: useRef<HTMLInputElement>(null) };
  const today = localToday();
  // The year so far: the period an inspection or a licence renewal asks for, and never nearly
  // empty, as the month's would be on its first days.
  const [period, setPeriod] = useState<Record<End, string>>({ from: `${today.slice(0, 4)}-01-01`, to: today });
  const [problems, setProblems] = useState<Partial<Record<End, string>>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const label = ENVIRONMENT_LABELS[environment];
  useModal(dialog, { initial: fields.from });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const outcome = await call('exportRegisterToFile', { environment, ...period });
      if (outcome.path !== null) {
        toast.success(
          `Register of ${label}, ${period.from} to ${period.to}: ${count.format(outcome.rows)} animal${
            outcome.rows === 1 ? '' : 's'
          } exported to ${outcome.path}.`,
        );
      }
      onClose();
    } catch (error) {
      setBusy(false);
      // A problem with a day goes on its field, which takes the focus; any other is said in words.
      const onFields = error instanceof CallError ? (error.detail.fields ?? []) : [];
      const mine = onFields.filter((found): found is { field: End; message: string } => found.field in END_LABELS);
      setProblems(Object.fromEntries(mine.map(({ field, message }) => [field, `${END_LABELS[field]} ${message}`])));
      setProblem(mine.length > 0 ? '' : messageOf(error));
      const first = mine[0] && fields[mine[0].field].current;
      first?.focus();
      first?.select();
    }
  };

  const field = (end: End) => (
    <div className={`field${problems[end] ? ' invalid' : ''}`}>
      <label htmlFor={`${id}-${end}`}>{END_LABELS[end]}</label>
      <input
        id={`${id}-${end}`}
        ref={fields[end]}
        value={period[end]}
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        placeholder={today}
        aria-invalid={problems[end] ? true : undefined}
        aria-describedby={`${id}-${end}-note`}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          setPeriod({ ...period, [end]: event.target.value });
          setProblems({});
        }}
      />
      <p id={`${id}-${end}-note`} className={problems[end] ? 'field-error' : 'hint'} aria-live="polite">
        {problems[end] ? withWholeDays(problems[end]) : END_HINTS[end]}
      </p>
    </div>
  );

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-environment`}
      className="dialog register-dialog"
      onCancel={(event) => (event.preventDefault(), onClose())}
    >
      <h2 id={`${id}-title`}>Export the register of {label}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="dialog-body">
          <p id={`${id}-environment`} className={`env-strip env-strip-${environment}`}>
            {STRIP_TEXT[environment]}
          </p>
          <div className="register-period">
            {field('from')}
            {field('to')}
          </div>
          <p className="hint">
            Every animal held at some time in the period, sold ones included
            {isRemoteEnvironment(environment) ? ', and those added here that the server does not have yet' : ''}; as
            UTF-8 CSV.
          </p>
          <FormError>{problem}</FormError>
        </div>
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            Export…
          </button>
        </div>
      </form>
    </dialog>
  );
}
