import {
  ANIMAL_FIELDS,
  notTakenReason,
  PERSON_FIELD_NAMES,
  personFieldsTakenBy,
  type EnvironmentName,
  type PersonField,
  type PersonFieldName,
} from '../../shared/contract';
import { UsageError, type Parsed } from './cli-args';

/**
 * An animal's fields on the command line, from their declaration: each field a person gives is an
 * option named by its label (`--name`, `--category`, `--status` ...), shown in the help with its
 * value as an id or by the label's initial (the label in capitals when an earlier field has that).
 */

const fieldOf = (name: PersonFieldName): PersonField => ANIMAL_FIELDS[name];
const flagOf = (name: PersonFieldName) => fieldOf(name).label.toLowerCase().replaceAll(' ', '-');

/** The options of an add and a change, for `parse`. */
export const ANIMAL_OPTIONS = Object.fromEntries(
  PERSON_FIELD_NAMES.map((name) => [flagOf(name), { type: 'string' as const }]),
);

const VALUE_WORDS = new Map<PersonFieldName, string>();
for (const name of PERSON_FIELD_NAMES) {
  const { kind, label } = fieldOf(name);
  const initial = kind === 'int64' ? 'ID' : label[0]!.toUpperCase();
  VALUE_WORDS.set(name, [...VALUE_WORDS.values()].includes(initial) ? label.toUpperCase() : initial);
}

const isChoice = (name: PersonFieldName) => fieldOf(name).kind === 'choice';
const mayLack = (name: PersonFieldName) => fieldOf(name).presence !== 'required';

/** What removes a field an animal may lack, in a change: "none" for a choice (never one of its values), else nothing. */
const NONE_WORD = 'none';
const isNone = (name: PersonFieldName, value: string) => (isChoice(name) ? value === NONE_WORD : value.trim() === '');

/** `--name N --category ID [--status S]`: an add's options, in the help. */
export const ADD_OPTIONS_USAGE = PERSON_FIELD_NAMES.map((name) => {
  const option = `--${flagOf(name)} ${VALUE_WORDS.get(name)}`;
  return mayLack(name) ? `[${option}]` : option;
}).join(' ');

/** `[--name N] [--category ID] [--status S|none]`: a change's options, in the help. */
export const CHANGE_OPTIONS_USAGE = PERSON_FIELD_NAMES.map((name) => {
  const none = mayLack(name) ? `|${isChoice(name) ? NONE_WORD : '""'}` : '';
  return `[--${flagOf(name)} ${VALUE_WORDS.get(name)}${none}]`;
}).join(' ');

/** "--name, --category or --status": the options `environment` takes, in words. */
export function optionsInWords(environment: EnvironmentName): string {
  const flags = personFieldsTakenBy(environment).map((name) => `--${flagOf(name)}`);
  return flags.length === 1 ? flags[0]! : `${flags.slice(0, -1).join(', ')} or ${flags.at(-1)}`;
}

/** The fields the options give, each with its value; one the environment does not take is refused, saying why. */
function given(values: Parsed['values'], environment: EnvironmentName): Array<[PersonFieldName, string]> {
  const taken = personFieldsTakenBy(environment);
  const fields: Array<[PersonFieldName, string]> = [];
  for (const name of PERSON_FIELD_NAMES) {
    const value = values[flagOf(name)];
    if (typeof value !== 'string') continue;
    if (!taken.includes(name))
      throw new UsageError(
        `--${flagOf(name)} cannot be used with ${environment}: ${name} ${notTakenReason(environment)}`,
      );
    fields.push([name, value]);
  }
  return fields;
}

/** An add from its options: a field every animal has is sent as given (the core says when it is missing). */
export function newPetOfOptions(values: Parsed['values'], environment: EnvironmentName): Record<string, unknown> {
  const pet: Record<string, unknown> = {};
  for (const name of PERSON_FIELD_NAMES) if (!mayLack(name)) pet[name] = values[flagOf(name)];
  // A text an animal may lack, given empty, is not given.
  for (const [name, value] of given(values, environment))
    if (!mayLack(name) || isChoice(name) || value.trim() !== '') pet[name] = value;
  return pet;
}

/** A change from its options: "none" (a choice) or an empty value (a text) removes a field an animal may lack. */
export function patchOfOptions(values: Parsed['values'], environment: EnvironmentName): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const [name, value] of given(values, environment))
    patch[name] = mayLack(name) && isNone(name, value) ? null : value;
  return patch;
}
