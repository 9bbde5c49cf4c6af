import {
  ANIMAL_FIELDS,
  parseMoney,
  PERSON_FIELD_NAMES,
  personFieldsTakenBy,
  type AppError,
  type EnvironmentName,
  type PersonField,
  type PersonFieldName,
} from '../../shared/contract';
import { UsageError, type Parsed } from './cli-args';

/**
 * An animal's fields on the command line, from their declaration: each field a person gives is an
 * option named by its `flag` or its label (`--name`, `--category`, `--born` ...), shown in the help
 * with its value in words; a field an animal may lack is removed in a change by `--no-<option>`, or
 * by its `noFlag` (`--not-left` removes both how and when it left).
 */

const fieldOf = (name: PersonFieldName): PersonField => ANIMAL_FIELDS[name];
const flagOf = (name: PersonFieldName) => fieldOf(name).flag ?? fieldOf(name).label.toLowerCase().replaceAll(' ', '-');
const isChoice = (name: PersonFieldName) => fieldOf(name).kind === 'choice';
const mayLack = (name: PersonFieldName) => fieldOf(name).presence !== 'required';
const noFlagOf = (name: PersonFieldName) => fieldOf(name).noFlag ?? `no-${flagOf(name)}`;

/** The options of an add and a change, for `parse`: `--<flag> VALUE`, and `--no-<flag>` (or its noFlag) where a field may be removed. */
export const ANIMAL_OPTIONS = Object.fromEntries(
  PERSON_FIELD_NAMES.flatMap((name) => [
    [flagOf(name), { type: 'string' as const }],
    ...(mayLack(name) ? [[noFlagOf(name), { type: 'boolean' as const }]] : []),
  ]),
);

/** A value in the help: what it is, by its kind. */
function valueWords(name: PersonFieldName): string {
  const { kind, choices, form } = fieldOf(name);
  if (kind === 'int64') return 'ID';
  if (choices !== undefined) return choices.join('|');
  if (kind === 'money') return 'AMOUNT';
  if (kind === 'date') return form.hint?.includes('estimate') ? 'YYYY[-MM[-DD]]' : 'YYYY-MM-DD';
  return form.input === 'lines' ? '"TEXT"' : 'TEXT';
}

/** `--name TEXT --category ID [--status ...]`: an add's options, in the help. */
export const ADD_OPTIONS_USAGE = PERSON_FIELD_NAMES.map((name) => {
  const option = `--${flagOf(name)} ${valueWords(name)}`;
  return mayLack(name) ? `[${option}]` : option;
}).join(' ');

/** `[--name TEXT] [--status ...|--no-status]`: a change's options, in the help; an option removing several once, after them. */
export const CHANGE_OPTIONS_USAGE = PERSON_FIELD_NAMES.map((name) => {
  const shared = PERSON_FIELD_NAMES.filter((other) => mayLack(other) && noFlagOf(other) === noFlagOf(name));
  const none = !mayLack(name) || shared.length > 1 ? '' : `|--${noFlagOf(name)}`;
  const removesAll = shared.length > 1 && shared.at(-1) === name ? ` [--${noFlagOf(name)}]` : '';
  return `[--${flagOf(name)} ${valueWords(name)}${none}]${removesAll}`;
}).join(' ');

/** What removes a field an animal may lack, in a change, besides --no-<option>: "none" for a choice, an empty text. */
const NONE_WORD = 'none';
/** A value that says none: empty, whatever the kind, or a choice's word for none. */
const isNone = (name: PersonFieldName, value: string) =>
  value.trim() === '' || (isChoice(name) && value.trim().toLowerCase() === NONE_WORD);

/** "--name, --category or --status": the options `environment` takes, in words. */
export function optionsInWords(environment: EnvironmentName): string {
  const flags = personFieldsTakenBy(environment).map((name) => `--${flagOf(name)}`);
  return flags.length === 1 ? flags[0]! : `${flags.slice(0, -1).join(', ')} or ${flags.at(-1)}`;
}

/**
 * The fields the options give, each with its value (null: `--no-<option>`); one the environment
 * does not take is refused, saying why, and so is an option given both ways.
 */
function given(values: Parsed['values'], environment: EnvironmentName): Array<[PersonFieldName, string | null]> {
  const taken = personFieldsTakenBy(environment);
  const fields: Array<[PersonFieldName, string | null]> = [];
  for (const name of PERSON_FIELD_NAMES) {
    const flag = flagOf(name);
    const value = values[flag];
    const removed = values[noFlagOf(name)] === true;
    if (typeof value !== 'string' && !removed) continue;
    if (typeof value === 'string' && removed) throw new UsageError(`give --${flag} or --${noFlagOf(name)}, not both`);
    if (!taken.includes(name)) throw new UsageError(`--${flag} cannot be used with ${environment}`);
    fields.push([name, removed ? null : (value as string)]);
  }
  return fields;
}

/** A value as typed, as the contract takes it: an amount of money in the environment's currency as minor units. */
function valueOf(name: PersonFieldName, typed: string, currency: string): unknown {
  if (fieldOf(name).kind !== 'money') return typed;
  const money = parseMoney(typed, currency);
  if ('minor' in money) return money.minor;
  throw new UsageError(`--${flagOf(name)} ${money.problem}`);
}

/** An add from its options: a field every animal has is sent as given (the core says when it is missing). */
export function newPetOfOptions(
  values: Parsed['values'],
  environment: EnvironmentName,
  currency: string,
): Record<string, unknown> {
  const pet: Record<string, unknown> = {};
  for (const name of PERSON_FIELD_NAMES) if (!mayLack(name)) pet[name] = values[flagOf(name)];
  // A field an animal may lack, given empty (or none, or with --no-), is not given.
  for (const [name, value] of given(values, environment))
    if (value !== null && (!mayLack(name) || !isNone(name, value))) pet[name] = valueOf(name, value, currency);
  return pet;
}

/** A change from its options: --no-<option>, "none" (a choice) or an empty value removes a field an animal may lack. */
export function patchOfOptions(
  values: Parsed['values'],
  environment: EnvironmentName,
  currency: string,
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const [name, value] of given(values, environment))
    patch[name] = value === null || (mayLack(name) && isNone(name, value)) ? null : valueOf(name, value, currency);
  return patch;
}

/**
 * A refusal of fields said with the options that gave them, as a person typed them: an animal's
 * field by its option in a pets command ("--born must be a real date"), any other by the option of
 * its name when one was given ("--from"), the animal's id in words; any other message as it is.
 */
export function messageWithOptions(problem: AppError, argv: readonly string[]): string {
  const fields = problem.fields ?? [];
  // Only a message made of its fields is said again: a server's own words are kept.
  if (fields.length === 0 || problem.message !== fields.map(({ field, message }) => `${field} ${message}`).join('; '))
    return problem.message;
  const given = (name: string) => argv.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  const named = (field: string) => {
    if (argv[0] === 'pets' && (PERSON_FIELD_NAMES as readonly string[]).includes(field))
      return `--${flagOf(field as PersonFieldName)}`;
    if (field === 'petId') return "The animal's id";
    return given(field) ? `--${field}` : field;
  };
  return fields.map(({ field, message }) => `${named(field)} ${message}`).join('; ');
}
