import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { offerUndo } from '../undo';
import type { CategoryName, EnvironmentName, OutboxEntry, Pet, PetPatch } from '../../../shared/contract';
import { call, CallError, subscribe } from '../api';
import { changeRefusedText } from '../change-words';
import { ENVIRONMENT_LABELS } from '../format';
import {
  draftOf,
  draftToPet,
  errorsOf,
  fieldOf,
  formFields,
  validateDraft,
  type FieldErrors,
  type PetDraft,
  type PetField,
} from '../pet-form';
import { isRemote, useWindowState, useCategoryWords } from '../window-state';
import { Name } from './Name';
import { PetFields } from './PetFields';
import { PhotoField } from './PhotoField';
import { useModal } from './use-modal';
import { FormError } from './FormError';

/** What is being corrected: one of the environment's animals, or one still waiting to be added here. */
/** What is corrected; `scanned`: opened by a scan, with the focus off its fields, so the next scan waits and types nothing. */
export type Editing = { kind: 'pet'; pet: Pet; scanned?: boolean } | { kind: 'entry'; entry: OutboxEntry };

type Shown = Partial<Pick<Pet, PetField>>;

/** Only the fields that differ from the animal as shown: the change says what the person changed. */
function patchOf(
  pet: Shown,
  draft: PetDraft,
  environment: EnvironmentName,
  categories: readonly CategoryName[],
): PetPatch {
  const wanted = draftToPet(draft, environment, categories);
  const patch: Record<string, unknown> = {};
  for (const name of formFields(environment)) {
    // A field left empty is one the animal lacks; a text is compared as it is kept, trimmed.
    const now = wanted[name] ?? null;
    const was = pet[name] ?? null;
    const same = typeof now === 'string' && fieldOf(name).kind === 'text' ? now.trim() === was : now === was;
    if (!same) patch[name] = now;
  }
  return patch as PetPatch;
}

/**
 * On a server's environment the photo shown is a sync's to settle (the server names what it keeps
 * under a digest of its own, another counter's arrives): the dialog follows main's, and only the
 * photo, so a save is still made to the version the person saw.
 */
function usePhotoKeptCurrent(
  environment: EnvironmentName,
  petId: string | null,
  setPet: (update: (pet: Pet | null) => Pet | null) => void,
): void {
  useEffect(() => {
    if (petId === null || !isRemote(environment)) return;
    return subscribe('dataChanged', (changed) => {
      if (changed.environment !== environment) return;
      call('getPet', { environment, petId }).then(
        ({ photo }) =>
          setPet((pet) => {
            if (pet === null || pet.photo === photo) return pet;
            const { photo: _shown, ...rest } = pet;
            return photo === undefined ? rest : { ...rest, photo };
          }),
        () => undefined, // the dialog keeps what it shows; a save says what is wrong
      );
    });
  }, [environment, petId, setPet]);
}

/** Correct an animal: the add form's fields and as-you-type checks; main asks before production, as for adds. */
export function EditAnimalDialog({ editing, onClose }: { editing: Editing; onClose(): void }) {
  const environment = useWindowState((state) => state.environment)!;
  const categories = useWindowState((state) => state.categories);
  const categoryWords = useCategoryWords();
  const changeAnimal = useWindowState((state) => state.changeAnimal);
  const dialog = useRef<HTMLDialogElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // The animal as it is now: a photo set or removed here moves its revision, which a save is made under.
  const [pet, setPet] = useState<Pet | null>(editing.kind === 'pet' ? editing.pet : null);
  const original = pet ?? (editing.kind === 'entry' ? editing.entry : editing.pet);
  const [draft, setDraft] = useState<PetDraft>(draftOf(original));
  const [errors, setErrors] = useState<FieldErrors>({});
  useModal(dialog, { initial: editing.kind === 'pet' && editing.scanned ? cancel : nameField });
  usePhotoKeptCurrent(environment, editing.kind === 'pet' ? editing.pet.id : null, setPet);

  const change = (field: PetField, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    setErrors(validateDraft(next, environment, categories));
  };

  const save = async () => {
    try {
      if (editing.kind === 'entry') {
        if (!isRemote(environment)) return;
        const pet = draftToPet(draft, environment, categories);
        await call('correctEntry', { environment, entryId: editing.entry.entryId, pet });
        toast(
          <span>
            <Name>{draft.name.trim()}</Name> corrected; it goes to {ENVIRONMENT_LABELS[environment]} as corrected.
          </span>,
        );
      } else {
        const patch = patchOf(pet!, draft, environment, categories);
        if (Object.keys(patch).length > 0) {
          const made = await changeAnimal(pet!, patch);
          if (made !== null) offerUndo(environment, pet!, `${draft.name.trim()} corrected.`, made);
        }
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
    const problems = validateDraft(draft, environment, categories);
    if (Object.keys(problems).length > 0) return setErrors(problems);
    if (Object.keys(patchOf(original, draft, environment, categories)).length === 0) return onClose(); // nothing changed: nothing to ask or send
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
        {pet !== null && <PhotoField environment={environment} pet={pet} onChanged={setPet} dropTarget={dialog} />}
        <PetFields
          idPrefix="edit"
          environment={environment}
          draft={draft}
          errors={errors}
          onChange={change}
          nameRef={nameField}
          categories={categories}
        />
        <FormError>{errors.form}</FormError>
        <div className="dialog-actions">
          <button type="button" ref={cancel} onClick={onClose}>
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
