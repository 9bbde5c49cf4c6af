// The add, correction and fix forms' rules, from the animal's declaration: which fields a form
// shows, what each starts with, the contract's own schema, and field problems put on their fields.
import {
  ANIMAL_FIELDS,
  categoryNameKey,
  isCategoryIdText,
  fieldProblems,
  moneyText,
  newPetSchema,
  parseMoney,
  PERSON_FIELD_NAMES,
  personFieldsTakenBy,
  phraseIssue,
  type AppError,
  type CategoryName,
  type EnvironmentName,
  type FieldProblem,
  type NewPet,
  type PersonField,
  type PersonFieldName,
  type Pet,
} from '../../shared/contract';
import { activeCurrency } from './active-currency';

/** A field a person gives, as a form has it. */
export type PetField = PersonFieldName;
export type FieldErrors = Partial<Record<PetField | 'form', string>>;

/** Each field as typed or picked: '' for one left empty (a choice's "none"). */
export type PetDraft = Record<PetField, string>;

export const fieldOf = (name: PetField): PersonField => ANIMAL_FIELDS[name];

/** The fields a form for `environment` shows, in order: those it takes (a server's are not our extension's). */
export const formFields = (environment: EnvironmentName): readonly PetField[] => personFieldsTakenBy(environment);

/**
 * Whether the field is shown for this draft: one with `shownWhen` only while the other field holds
 * that value (`is`), or none of those (`isNot`; '' is a choice's none).
 */
export function isShown(name: PetField, draft: PetDraft): boolean {
  const when = fieldOf(name).form.shownWhen;
  if (when === undefined) return true;
  const holds = draft[when.field as PetField];
  return 'is' in when ? holds === when.is : !when.isNot.includes(holds);
}

/** The fields a form for `environment` shows for this draft, in order. */
export const shownFields = (environment: EnvironmentName, draft: PetDraft): readonly PetField[] =>
  formFields(environment).filter((name) => isShown(name, draft));

/** What a person types (text, an amount, a date), as against what they pick or name (a choice, a category). */
const isTyped = (name: PetField) => ['text', 'lines', 'money', 'date'].includes(fieldOf(name).form.input);

/** How a problem names its field: our details by their label ("born must be…"), the others by their name. */
function fieldWords(field: string): string {
  if (!isPetField(field)) return field;
  const declared = fieldOf(field);
  return declared.presence === 'ours' ? declared.label.toLowerCase() : field;
}

/**
 * A new animal's form: a choice at its first (status "Available": an animal without one matches no
 * filter, so "No status" is a choice a person makes), the category last added to, if any, and
 * nothing typed.
 */
export const newDraft = (categoryId = ''): PetDraft =>
  Object.fromEntries(
    PERSON_FIELD_NAMES.map((name) => {
      const { form, choices } = fieldOf(name);
      return [name, form.input === 'category' ? categoryId : form.startsWithFirst ? choices![0] : ''];
    }),
  ) as PetDraft;

/** An animal (or an entry of one) in a form, to correct it: a price as plain decimal text in `currency`. */
export const draftOf = (animal: Partial<Pick<Pet, PetField>>, currency = activeCurrency()): PetDraft =>
  Object.fromEntries(
    PERSON_FIELD_NAMES.map((name) => {
      const value = animal[name];
      if (value === undefined) return [name, ''];
      return [name, fieldOf(name).form.input === 'money' ? moneyText(Number(value), currency) : String(value)];
    }),
  ) as PetDraft;

/** Nothing typed yet for the next animal in `environment`'s form (the defaults are not typing). */
export const isEmptyDraft = (draft: PetDraft, environment: EnvironmentName) =>
  formFields(environment).every((name) => !isTyped(name) || draft[name] === '');

/** The category field holds an id, or a name the environment knows: the id it stands for, or what was typed. */
export function categoryIdOf(typed: string, categories: readonly CategoryName[]): string {
  const text = typed.trim();
  if (text === '' || isCategoryIdText(text)) return text;
  const key = categoryNameKey(text);
  return categories.find(({ name }) => categoryNameKey(name) === key)?.categoryId ?? text;
}

/**
 * The animal a form for `environment` gives: each field it shows, a category as its id, a price in
 * minor units of `currency`, a field an animal may lack left out when empty. Otherwise as typed:
 * main checks it (validateDraft shows how), and an amount it cannot read stays text, refused.
 */
export function draftToPet(
  draft: PetDraft,
  environment: EnvironmentName,
  categories: readonly CategoryName[] = [],
  currency = activeCurrency(),
): NewPet {
  const pet: Partial<Record<PetField, string | number>> = {};
  for (const name of shownFields(environment, draft)) {
    const { form, presence } = fieldOf(name);
    const typed = draft[name];
    if (form.input === 'category') pet[name] = categoryIdOf(typed, categories);
    else if (presence !== 'required' && typed.trim() === '') continue;
    else if (form.input === 'money') {
      const amount = parseMoney(typed, currency);
      pet[name] = 'minor' in amount ? amount.minor : typed;
    } else pet[name] = typed;
  }
  return pet as NewPet;
}

const isPetField = (field: string): field is PetField => (PERSON_FIELD_NAMES as readonly string[]).includes(field);

/** Each problem on the field it names ("name must not be empty"); a problem of no field of the form, on the form. */
export function errorsOnFields(problems: readonly FieldProblem[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of problems) {
    const key = isPetField(field) ? field : 'form';
    const text = `${fieldWords(field)} ${message}`;
    errors[key] = errors[key] ? `${errors[key]}; ${text}` : text;
  }
  return errors;
}

/**
 * An error from main or a server: its field problems on their fields, or its message on the form.
 * A sale refused under treatment says why in a whole sentence (what the treatment is, what to do).
 */
export function errorsOf(error: AppError): FieldErrors {
  if (error.code === 'under_treatment') return { status: error.message };
  return error.fields?.length ? errorsOnFields(error.fields) : { form: error.message };
}

const schema = newPetSchema('app');

/** The same check the server makes, as the person types (a category by a name the environment knows, too). */
export function validateDraft(
  draft: PetDraft,
  environment: EnvironmentName,
  categories: readonly CategoryName[] = [],
  currency = activeCurrency(),
): FieldErrors {
  const pet = draftToPet(draft, environment, categories, currency);
  const result = schema.safeParse(pet, { error: phraseIssue });
  const errors = result.success ? {} : errorsOnFields(fieldProblems(result.error, 'body'));
  for (const name of shownFields(environment, draft)) {
    const { form } = fieldOf(name);
    const typed = String(pet[name] ?? '');
    if (form.input === 'category' && /\p{L}/u.test(typed))
      errors[name] = `No category is named "${typed.slice(0, 60)}" here: type its id, or pick one from the list`;
    const amount = form.input === 'money' && typeof pet[name] === 'string' ? parseMoney(typed, currency) : null;
    if (amount !== null && 'problem' in amount) errors[name] = `${fieldWords(name)} ${amount.problem}`;
  }
  return errors;
}

/** The fields the add form keeps under More details, for `environment`. */
export const moreFields = (environment: EnvironmentName): readonly PetField[] =>
  formFields(environment).filter((name) => fieldOf(name).form.more === true);

/** The first field of a form for `environment` with a problem, if any. */
export const firstWithProblem = (errors: FieldErrors, environment: EnvironmentName): PetField | undefined =>
  formFields(environment).find((name) => errors[name]);
