import { ApiError, parseIfMatch, type IfMatch } from '../../shared/contract';

/**
 * The precondition a change must carry: without If-Match, two counters could overwrite each other
 * without knowing, so none is made (428, RFC 6585); `If-Match: *` is how a client says, on purpose,
 * "whatever the animal is now".
 */
export function readIfMatch(header: string | string[] | undefined): IfMatch {
  if (header === undefined || (typeof header === 'string' && header.trim() === '')) {
    throw new ApiError(
      'precondition_required',
      'Send If-Match with the entity tag of the animal as you last saw it (its ETag, the revision in quotes, such as "3"), or If-Match: * to change it whatever it is now.',
    );
  }
  const parsed = parseIfMatch(Array.isArray(header) ? header.join(', ') : header);
  if (parsed === null) {
    throw new ApiError(
      'invalid_parameter',
      'If-Match must be * or entity tags in double quotes, separated by commas, such as "3".',
    );
  }
  return parsed;
}
