import { useWindowState } from '../window-state';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { OutboxEntry, RemoteEnvironment } from '../../../shared/contract';
import { call, CallError } from '../api';
import { notDoneText } from '../change-words';
import { ENVIRONMENT_LABELS } from '../format';
import {
  draftOf,
  draftToPet,
  errorsOf,
  errorsOnFields,
  validateDraft,
  type FieldErrors,
  type PetDraft,
  type PetField,
} from '../pet-form';
import { Name } from './Name';
import { PetFields } from './PetFields';
import { useModal } from './use-modal';

/** The server's reason for refusing the animal on the fields it named, if it named them (the hint above says it anyway). */
const refusal = (entry: OutboxEntry): FieldErrors => errorsOnFields(entry.lastErrorFields ?? []);

/** A refused animal, with the server's reason: fix it and resend it. */
export function FixEntryDialog({
  environment,
  entry,
  onClose,
}: {
  environment: RemoteEnvironment;
  entry: OutboxEntry;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const categories = useWindowState((state) => state.categories);
  const nameField = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<PetDraft>(draftOf(entry));
  const [errors, setErrors] = useState<FieldErrors>(() => refusal(entry));
  useModal(dialog, { initial: nameField });
  const change = (field: PetField, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    setErrors(validateDraft(next, environment, categories));
  };
  const resend = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = validateDraft(draft, environment, categories);
    if (Object.keys(problems).length > 0) return setErrors(problems);
    try {
      await call('resendEntry', {
        environment,
        entryId: entry.entryId,
        fixed: draftToPet(draft, environment, categories),
      });
      toast(
        <span>
          <Name>{draft.name.trim()}</Name> is being sent to {ENVIRONMENT_LABELS[environment]} again.
        </span>,
      );
      onClose();
    } catch (error) {
      setErrors(
        error instanceof CallError && error.detail.fields?.length
          ? errorsOf(error.detail)
          : { form: notDoneText(error, environment, `${entry.name} was not sent again`) },
      );
    }
  };
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby="fix-title"
      onCancel={(event) => (event.preventDefault(), onClose())}
    >
      <form onSubmit={(event) => void resend(event)} noValidate>
        <h2 id="fix-title">Fix and resend</h2>
        <p className="hint">
          The server refused this animal: <Name>{entry.lastError ?? ''}</Name>
        </p>
        <PetFields
          idPrefix="fix"
          environment={environment}
          draft={draft}
          errors={errors}
          onChange={change}
          nameRef={nameField}
          categories={categories}
        />
        {errors.form && <p className="form-error">{errors.form}</p>}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary">
            Resend
          </button>
        </div>
      </form>
    </dialog>
  );
}
