import { PERSON_FIELD_NAMES, type PersonFieldName } from './animal-fields';
import type { EnvironmentName } from './environments';

/**
 * The fields a person gives that an environment takes: every one, everywhere. A server without the
 * details extension is never sent its details: they are kept on this computer for it (see
 * docs/sync.md). The window's forms show these, the command line takes their options.
 */
export const personFieldsTakenBy = (_environment: EnvironmentName): readonly PersonFieldName[] => PERSON_FIELD_NAMES;
