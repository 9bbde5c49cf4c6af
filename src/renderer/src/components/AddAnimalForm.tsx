import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { toast } from 'sonner';
import { COMMANDS, shortcutLabel } from '../../../shared/commands';
import { type EnvironmentName } from '../../../shared/contract';
import { call, CallError, messageOf } from '../api';
import { notDoneReason } from '../change-words';
import { ENVIRONMENT_LABELS, isMac } from '../format';
import {
  draftToPet,
  errorsOf,
  firstWithProblem,
  formFields,
  isEmptyDraft,
  moreFields,
  newDraft,
  validateDraft,
  type FieldErrors,
  type PetDraft,
  type PetField,
} from '../pet-form';
import { useWindowState, useCategoryWords } from '../window-state';
import { Name } from './Name';
import { PetFields } from './PetFields';
import { decided, WaitingAnimals, waitForThePerson } from './WaitingAnimals';
import { FormError } from './FormError';

export const ADD_NAME_FIELD_ID = 'add-name';

/** Where the add form keeps whether More details is open: as the person left it, across restarts. */
const MORE_KEY = 'petstore.addForm.moreDetails';

/** More details, open or closed as the person last left it; `remember: false` for an opening of the form's own. */
function useMoreDetails() {
  const [open, setOpen] = useState(() => localStorage.getItem(MORE_KEY) === 'open');
  const toggle = useCallback((next: boolean, { remember = true } = {}) => {
    setOpen(next);
    if (remember) localStorage.setItem(MORE_KEY, next ? 'open' : 'closed');
  }, []);
  return { open, toggle };
}

/**
 * The fields the environment takes (name, category, status ...); Enter adds. The form is emptied the moment an animal is handed over (the
 * category and "Available" stay for the next), and the adds are sent to main one after another:
 * whatever is typed next belongs to the next animal, at any typing speed, and a barcode scanner's
 * burst of animals arrives whole and in order. One main does not add (a look-alike, a refusal)
 * waits under the form for the person, without taking the focus from what they are typing.
 */
export function AddAnimalForm() {
  const environment = useWindowState((state) => state.environment)!;
  const categories = useWindowState((state) => state.categories);
  const categoryWords = useCategoryWords();
  const [draft, setDraftState] = useState<PetDraft>(newDraft());
  const [touched, setTouched] = useState<ReadonlySet<PetField>>(new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const nameRef = useRef<HTMLInputElement>(null);
  // The draft as typed, read by handlers that may run before the next render.
  const latest = useRef(draft);
  const sending = useRef(Promise.resolve());

  const setDraft = (next: PetDraft) => {
    latest.current = next;
    setDraftState(next);
  };

  // Each environment's form starts with the category last added to there (main remembers it).
  useEffect(() => {
    let current = true;
    void call('addDefaults', { environment }).then(({ categoryId }) => {
      if (current && isEmptyDraft(latest.current, environment)) setDraft(newDraft(categoryId ?? ''));
    });
    return () => void (current = false);
  }, [environment]);

  const liveErrors = validateDraft(draft, environment, categories);
  // As you type: a field's message shows once it has been typed in; main's until it is edited.
  const shown: FieldErrors = { ...serverErrors };
  for (const field of touched) if (liveErrors[field]) shown[field] = liveErrors[field];

  // A problem on a field under More details opens it, so the person sees what to fix.
  const more = useMoreDetails();
  const openMore = more.toggle;
  const problemInMore = moreFields(environment).some((name) => shown[name]);
  useEffect(() => {
    if (problemInMore) openMore(true, { remember: false });
  }, [problemInMore, openMore]);

  const change = (field: PetField, value: string) => {
    setDraft({ ...latest.current, [field]: value });
    setTouched((current) => new Set(current).add(field));
    setServerErrors(({ [field]: _dropped, form: _form, ...rest }) => rest);
  };

  // Main may answer an add after the form has gone (a trip to Settings): what it refused then waits outside it.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);

  /** Puts an animal main refused back in the form, unless the next one is already being typed there. */
  const putBack = (animal: PetDraft, to: EnvironmentName, errors: FieldErrors) => {
    const shown = useWindowState.getState().environment ?? to;
    if (!mounted.current || !isEmptyDraft(latest.current, shown))
      return waitForThePerson({ kind: 'refused', animal, to, errors });
    setDraft(animal);
    setTouched(new Set());
    setServerErrors(errors);
  };

  const addOne = async (animal: PetDraft, to: EnvironmentName, anyway = false) => {
    try {
      const pet = draftToPet(animal, to, useWindowState.getState().categories);
      const result = await call('addPet', { environment: to, pet, ...(anyway ? { anyway } : {}) });
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
      if (error instanceof CallError && error.detail.code === 'possible_duplicate')
        return waitForThePerson({ kind: 'look-alike', animal, to, same: error.detail.duplicates ?? [] });
      // Main's production question answered no, or the app moved on: kept, and said why.
      const reason = notDoneReason(error, to);
      const errors =
        reason !== null
          ? { form: reason }
          : error instanceof CallError
            ? errorsOf(error.detail)
            : { form: messageOf(error) };
      // The form adds to the environment on screen: one meant for another waits beside it, named.
      if (to !== useWindowState.getState().environment)
        return waitForThePerson({ kind: 'refused', animal, to, errors });
      putBack(animal, to, errors);
    }
  };

  /** Hands the animal over and frees the form for the next one at once (same category, "Available"). */
  const send = (animal: PetDraft) => {
    setDraft(newDraft(animal.categoryId));
    setTouched(new Set());
    setServerErrors({});
    nameRef.current?.focus();
    const to = environment;
    sending.current = sending.current.then(() => addOne(animal, to));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const animal = latest.current;
    const problems = validateDraft(animal, environment, categories);
    if (Object.keys(problems).length > 0) {
      const first = firstWithProblem(problems, environment);
      // Drawn at once (More details opened, if the problem is there), so the field can take the focus.
      flushSync(() => {
        setTouched(new Set(formFields(environment)));
        if (first !== undefined && moreFields(environment).includes(first)) openMore(true, { remember: false });
      });
      document.getElementById(`add-${first}`)?.focus();
      return;
    }
    // Production asks in main's own question, once, before anything is sent.
    send(animal);
  };

  const categoryOf = (animal: PetDraft) => categoryWords(draftToPet(animal, environment, categories).categoryId);

  return (
    <form className="add-form" aria-labelledby="add-title" onSubmit={submit} noValidate>
      <h2 id="add-title">
        New animal <kbd>{shortcutLabel(COMMANDS['new-animal'].keys[0], isMac)}</kbd>
      </h2>
      <PetFields
        idPrefix="add"
        environment={environment}
        draft={draft}
        errors={shown}
        onChange={change}
        nameRef={nameRef}
        categories={categories}
        more={{ open: more.open, onToggle: more.toggle }}
      />
      <FormError>{shown.form && `Not added: ${shown.form}`}</FormError>
      <button type="submit" className={environment === 'production' ? 'danger add-button' : 'primary add-button'}>
        Add to {ENVIRONMENT_LABELS[environment]}
      </button>
      <WaitingAnimals
        categoryOf={categoryOf}
        formEmpty={isEmptyDraft(draft, environment)}
        addAnyway={(item) => {
          decided(item);
          sending.current = sending.current.then(() => addOne(item.animal, item.to, true));
        }}
        putBack={(item) => {
          decided(item);
          if (item.kind === 'refused') putBack(item.animal, item.to, item.errors);
        }}
        dismiss={decided}
        focusForm={() => nameRef.current?.focus()}
      />
    </form>
  );
}
