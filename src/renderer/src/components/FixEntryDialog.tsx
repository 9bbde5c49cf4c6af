import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { OutboxEntry, RemoteEnvironment } from '../../../shared/contract';
import { call, CallError, messageOf } from '../api';
import { draftToPet, placeMessages, validateDraft, type FieldErrors, type PetDraft, type PetField } from '../pet-form';
import { PetFields } from './PetFields';

/** A rejected animal, with the server's reason on the field it names: fix it and send it again. */
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
  const [draft, setDraft] = useState<PetDraft>({
    name: entry.name,
    categoryId: entry.categoryId,
    status: entry.status ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>(() => placeMessages(entry.lastError ?? ''));
  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    return () => element.close();
  }, []);
  const change = (field: PetField, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    setErrors(validateDraft(next));
  };
  const resend = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = validateDraft(draft);
    if (Object.keys(problems).length > 0) return setErrors(problems);
    try {
      await call('resendEntry', { environment, entryId: entry.entryId, fixed: draftToPet(draft) });
      toast(`${draft.name.trim()} will be sent again with the next sync.`);
      onClose();
    } catch (error) {
      setErrors(error instanceof CallError ? placeMessages(error.message) : { form: messageOf(error) });
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
        <p className="hint">The server refused this animal: {entry.lastError}</p>
        <PetFields idPrefix="fix" draft={draft} errors={errors} onChange={change} />
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
