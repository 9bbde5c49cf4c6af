import { PERSON_FIELD_NAMES, REMOTE_PERSON_FIELD_NAMES, type PersonFieldName } from './animal-fields';
import { ENVIRONMENT_LABELS, type EnvironmentName } from './environments';
import { ApiError, type FieldProblem } from './errors';

/**
 * The fields a person gives that an environment takes: the local store every one; a server those
 * it is sent (not our extension's: see REMOTE_FIELD_NAMES). The window's forms show these, the
 * command line takes their options, and anything else is refused before it is asked or kept.
 */
export const personFieldsTakenBy = (environment: EnvironmentName): readonly PersonFieldName[] =>
  environment === 'local' ? PERSON_FIELD_NAMES : REMOTE_PERSON_FIELD_NAMES;

/** Why a server's environment does not take a field of our extension, after the field's name. */
export const notTakenReason = (environment: EnvironmentName): string =>
  `is our extension, which only the local store keeps; ${ENVIRONMENT_LABELS[environment]}'s server is never sent it, as the app cannot yet tell whether a server has the extension`;

/** The fields an add or a change sets that `environment` does not take, each with why. */
export function fieldsNotTaken(environment: EnvironmentName, given: unknown): FieldProblem[] {
  if (typeof given !== 'object' || given === null) return [];
  const taken = personFieldsTakenBy(environment);
  const sets = (name: string) => Object.hasOwn(given, name) && (given as Record<string, unknown>)[name] !== undefined;
  return PERSON_FIELD_NAMES.filter((name) => !taken.includes(name) && sets(name)).map((field) => ({
    field,
    message: notTakenReason(environment),
  }));
}

/** Refused (invalid_body, on each such field) when an add or a change sets a field `environment` does not take. */
export function refuseFieldsNotTaken(environment: EnvironmentName, given: unknown): void {
  const problems = fieldsNotTaken(environment, given);
  if (problems.length > 0) throw ApiError.fromFields('invalid_body', problems);
}
