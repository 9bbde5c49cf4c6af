import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { COMMANDS, shortcutLabel } from '../../../shared/commands';
import { call, CallError, messageOf } from '../api';
import { ENVIRONMENT_LABELS, isMac } from '../format';
import {
  draftToPet,
  EMPTY_DRAFT,
  placeMessages,
  validateDraft,
  type FieldErrors,
  type PetDraft,
  type PetField,
} from '../pet-form';
import { useApp } from '../store';
import { ConfirmDialog } from './ConfirmDialog';
import { PetFields } from './PetFields';

export const ADD_NAME_FIELD_ID = 'add-name';

/** Name, category, status; Enter adds; then the form is empty and the cursor back in Name. */
export function AddAnimalForm() {
  const environment = useApp((state) => state.environment)!;
  const confirmInProduction = useApp((state) => state.preferences.confirmProductionAdds);
  const [draft, setDraft] = useState<PetDraft>(EMPTY_DRAFT);
  const [touched, setTouched] = useState<ReadonlySet<PetField>>(new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const liveErrors = validateDraft(draft);
  // As you type: a field's message shows once it has been typed in; the server's until it is edited.
  const shown: FieldErrors = { ...serverErrors };
  for (const field of touched) if (liveErrors[field]) shown[field] = liveErrors[field];

  const change = (field: PetField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
    setServerErrors(({ [field]: _dropped, form: _form, ...rest }) => rest);
  };

  const add = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const result = await call('addPet', { environment, pet: draftToPet(draft) });
      const name = draft.name.trim();
      toast.success(
        'pet' in result
          ? `${name} added as number ${result.pet.id}.`
          : `${name} saved here; it goes to ${ENVIRONMENT_LABELS[environment]} with the next sync.`,
      );
      setDraft(EMPTY_DRAFT);
      setTouched(new Set());
      setServerErrors({});
    } catch (error) {
      setServerErrors(error instanceof CallError ? placeMessages(error.message) : { form: messageOf(error) });
    } finally {
      setBusy(false);
      nameRef.current?.focus();
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (Object.keys(liveErrors).length > 0) {
      setTouched(new Set(['name', 'categoryId', 'status']));
      const first = (['name', 'categoryId', 'status'] as const).find((field) => liveErrors[field]);
      document.getElementById(`add-${first}`)?.focus();
      return;
    }
    if (environment === 'production' && confirmInProduction) setConfirming(true);
    else void add();
  };

  return (
    <form className="add-form" aria-labelledby="add-title" onSubmit={submit} noValidate>
      <h2 id="add-title">
        New animal <kbd>{shortcutLabel(COMMANDS['new-animal'].keys[0], isMac)}</kbd>
      </h2>
      <PetFields idPrefix="add" draft={draft} errors={shown} onChange={change} nameRef={nameRef} />
      {shown.form && (
        <p className="form-error" role="alert">
          {shown.form}
        </p>
      )}
      <button type="submit" className={environment === 'production' ? 'danger' : 'primary'} disabled={busy}>
        Add to {ENVIRONMENT_LABELS[environment]}
      </button>
      {confirming && (
        <ConfirmDialog
          title="Add this animal to PRODUCTION?"
          confirmLabel="Add to production"
          danger
          onConfirm={() => void add()}
          onCancel={() => {
            setConfirming(false);
            nameRef.current?.focus();
          }}
        >
          <p>
            <strong>{draft.name.trim()}</strong> (category {draft.categoryId.trim()}) will be added to the live shop's
            server.
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}
