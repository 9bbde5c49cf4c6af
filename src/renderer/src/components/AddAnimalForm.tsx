import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { COMMANDS, shortcutLabel } from '../../../shared/commands';
import type { EnvironmentName } from '../../../shared/contract';
import { call, CallError, messageOf } from '../api';
import { ENVIRONMENT_LABELS, isMac } from '../format';
import {
  draftToPet,
  EMPTY_DRAFT,
  errorsOf,
  isEmptyDraft,
  validateDraft,
  type FieldErrors,
  type PetDraft,
  type PetField,
} from '../pet-form';
import { useApp } from '../store';
import { ConfirmDialog } from './ConfirmDialog';
import { Name } from './Name';
import { PetFields } from './PetFields';

export const ADD_NAME_FIELD_ID = 'add-name';

/**
 * Name, category, status; Enter adds. The form is emptied the moment an animal is handed over, and
 * the adds are sent to main one after another: whatever is typed next belongs to the next animal,
 * at any typing speed, and a barcode scanner's burst of animals arrives whole and in order.
 */
export function AddAnimalForm() {
  const environment = useApp((state) => state.environment)!;
  const confirmInProduction = useApp((state) => state.preferences.confirmProductionAdds);
  const [draft, setDraftState] = useState<PetDraft>(EMPTY_DRAFT);
  const [touched, setTouched] = useState<ReadonlySet<PetField>>(new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState<PetDraft | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // The draft as typed, read by handlers that may run before the next render.
  const latest = useRef(draft);
  const sending = useRef(Promise.resolve());

  const setDraft = (next: PetDraft) => {
    latest.current = next;
    setDraftState(next);
  };

  const liveErrors = validateDraft(draft);
  // As you type: a field's message shows once it has been typed in; main's until it is edited.
  const shown: FieldErrors = { ...serverErrors };
  for (const field of touched) if (liveErrors[field]) shown[field] = liveErrors[field];

  const change = (field: PetField, value: string) => {
    setDraft({ ...latest.current, [field]: value });
    setTouched((current) => new Set(current).add(field));
    setServerErrors(({ [field]: _dropped, form: _form, ...rest }) => rest);
  };

  /** Puts an animal main refused back in the form, unless the next one is already being typed there. */
  const putBack = (animal: PetDraft, errors: FieldErrors) => {
    if (isEmptyDraft(latest.current)) {
      setDraft(animal);
      setTouched(new Set());
      setServerErrors(errors);
      return;
    }
    toast.error(
      <span>
        <Name>{animal.name.trim()}</Name> was not added: {errors.form ?? Object.values(errors).join('; ')}
      </span>,
      { action: { label: 'Put it back in the form', onClick: () => putBack(animal, errors) }, duration: 30_000 },
    );
  };

  const addOne = async (animal: PetDraft, to: EnvironmentName) => {
    try {
      const result = await call('addPet', { environment: to, pet: draftToPet(animal) });
      const name = <Name>{animal.name.trim()}</Name>;
      toast.success(
        'pet' in result ? (
          <span>
            {name} added as number {result.pet.id}.
          </span>
        ) : (
          <span>
            {name} saved here; it goes to {ENVIRONMENT_LABELS[to]} with the next sync.
          </span>
        ),
      );
    } catch (error) {
      putBack(animal, error instanceof CallError ? errorsOf(error.detail) : { form: messageOf(error) });
    }
  };

  /** Hands the animal over and frees the form for the next one at once. */
  const send = (animal: PetDraft) => {
    setDraft(EMPTY_DRAFT);
    setTouched(new Set());
    setServerErrors({});
    nameRef.current?.focus();
    const to = environment;
    sending.current = sending.current.then(() => addOne(animal, to));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const animal = latest.current;
    const problems = validateDraft(animal);
    if (Object.keys(problems).length > 0) {
      setTouched(new Set(['name', 'categoryId', 'status']));
      const first = (['name', 'categoryId', 'status'] as const).find((field) => problems[field]);
      document.getElementById(`add-${first}`)?.focus();
      return;
    }
    if (environment === 'production' && confirmInProduction) setConfirming(animal);
    else send(animal);
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
      <button type="submit" className={environment === 'production' ? 'danger' : 'primary'}>
        Add to {ENVIRONMENT_LABELS[environment]}
      </button>
      {confirming && (
        <ConfirmDialog
          title="Add this animal to PRODUCTION?"
          confirmLabel="Add to production"
          confirmTone="danger"
          onConfirm={() => {
            setConfirming(null);
            send(confirming);
          }}
          onCancel={() => setConfirming(null)}
          returnFocusTo={() => nameRef.current}
        >
          <p>
            <strong>
              <Name>{confirming.name.trim()}</Name>
            </strong>{' '}
            (category {confirming.categoryId.trim()}) will be added to the live shop's server.
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}
