import {
  ANIMAL_FIELD_NAMES,
  DETAIL_FIELD_NAMES,
  PERSON_FIELD_NAMES,
  REMOTE_FIELD_NAMES,
  SENT_APART_FIELD_NAMES,
  type AnimalFieldName,
  type PersonFieldName,
} from './animal-fields';
import type { EnvironmentName } from './environments';

/**
 * The fields a person gives that an environment takes: every one, everywhere. A server without the
 * details extension is never sent its details: they are kept on this computer for it (see
 * docs/sync.md). The window's forms show these, the command line takes their options.
 */
export const personFieldsTakenBy = (_environment: EnvironmentName): readonly PersonFieldName[] => PERSON_FIELD_NAMES;

/** What a server with our extensions decides beyond the interface: the details, and what is sent apart (the photo). */
const EXTENSION_FIELDS = { details: DETAIL_FIELD_NAMES, photos: SENT_APART_FIELD_NAMES } as const;
const decided = new Map<string, readonly AnimalFieldName[]>();
/**
 * The fields a server's answers decide, in the declaration's order: the interface's, and those of
 * each of our extensions it takes (`details`: the details; `photos`: the photo's digest).
 */
export function fieldsServerDecides(takes: { details: boolean; photos: boolean }): readonly AnimalFieldName[] {
  const key = `${takes.details}/${takes.photos}`;
  let names = decided.get(key);
  if (names === undefined) {
    const also = new Set<string>([
      ...(takes.details ? EXTENSION_FIELDS.details : []),
      ...(takes.photos ? EXTENSION_FIELDS.photos : []),
    ]);
    names = ANIMAL_FIELD_NAMES.filter(
      (name) => (REMOTE_FIELD_NAMES as readonly string[]).includes(name) || also.has(name),
    );
    decided.set(key, names);
  }
  return names;
}
