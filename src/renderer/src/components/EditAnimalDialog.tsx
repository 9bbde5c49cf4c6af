import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { OutboxEntry, Pet, PetPatch } from '../../../shared/contract';
import { call, CallError } from '../api';
import { changeRefusedText } from '../change-words';
import { ENVIRONMENT_LABELS } from '../format';
import { draftToPet, errorsOf, validateDraft, type FieldErrors, type PetDraft, type PetField } from '../pet-form';
import { isRemote, useWindowState, useCategoryWords } from '../window-state';
import type { CategoryName } from '../../../shared/contract';
import { Name } from './Name';
import { PetFields } from './PetFields';
import { useModal } from './use-modal';

/** What is being corrected: one of the environment's animals, or one still waiting to be added here. */
export type Editing = { kind: 'pet'; pet: Pet } | { kind: 'entry'; entry: OutboxEntry };

/** Only the fields that differ from the animal as shown: the change says what the person changed. */
function patchOf(pet: Shown, draft: PetDraft, categories: readonly CategoryName[]): PetPatch {
  const wanted = draftToPet(draft, categories);
  const patch: PetPatch = {};
  if (wanted.name.trim() !== pet.name) patch.name = wanted.name;
  if (wanted.categoryId !== pet.categoryId) patch.categoryId = wanted.categoryId;
  if ((wanted.status ?? null) !== (pet.status ?? null)) patch.status = wanted.status ?? null;
  return patch;
}

type Shown = Pick<Pet, 'name' | 'categoryId' | 'status'>;

/** Correct an animal: the add form's fields and as-you-type checks; main asks before production, as for adds. */
export function EditAnimalDialog({ editing, onClose }: { editing: Editing; onClose(): void }) {
  const environment = useWindowState((state) => state.environment)!;
  const categories = useWindowState((state) => state.categories);
  const categoryWords = useCategoryWords();
  const changeAnimal = useWindowState((state) => state.changeAnimal);
  const dialog = useRef<HTMLDialogElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const original = editing.kind === 'pet' ? editing.pet : editing.entry;
  const [draft, setDraft] = useState<PetDraft>({
    name: original.name,
    categoryId: original.categoryId,
    status: original.status ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  useModal(dialog, { initial: nameField });

  const change = (field: PetField, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    setErrors(validateDraft(next, categories));
  };

  const save = async () => {
    try {
      if (editing.kind === 'entry') {
        if (!isRemote(environment)) return;
        await call('correctEntry', { environment, entryId: editing.entry.entryId, pet: draftToPet(draft, categories) });
        toast(
          <span>
            <Name>{draft.name.trim()}</Name> corrected; it goes to {ENVIRONMENT_LABELS[environment]} as corrected.
          </span>,
        );
      } else {
        const patch = patchOf(editing.pet, draft, categories);
        if (Object.keys(patch).length > 0) await changeAnimal(editing.pet, patch);
      }
      onClose();
    } catch (error) {
      // A refusal of fields goes on its fields; any other is said in words, what was typed kept.
      setErrors(
        error instanceof CallError && error.detail.fields?.length
          ? errorsOf(error.detail)
          : { form: changeRefusedText(error, original.name, categoryWords, environment) },
      );
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problems = validateDraft(draft, categories);
    if (Object.keys(problems).length > 0) return setErrors(problems);
    if (Object.keys(patchOf(original, draft, categories)).length === 0) return onClose(); // nothing changed: nothing to ask or send
    void save(); // production: main asks its own question, once
  };

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby="edit-title"
      onCancel={(event) => (event.preventDefault(), onClose())}
    >
      <form onSubmit={submit} noValidate>
        <h2 id="edit-title">
          Correct <Name>{original.name}</Name>
          {editing.kind === 'pet' ? ` (number ${editing.pet.id})` : ' (not yet sent)'}
        </h2>
        <PetFields
          idPrefix="edit"
          draft={draft}
          errors={errors}
          onChange={change}
          nameRef={nameField}
          categories={categories}
        />
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={environment === 'production' ? 'danger' : 'primary'}>
            Save in {ENVIRONMENT_LABELS[environment]}
          </button>
        </div>
      </form>
    </dialog>
  );
}
