import { ApiError } from './errors';
import type { Pet } from './pet';

/**
 * Entity tags of animals (RFC 9110 §8.8.3), our extension: an animal's tag is its revision in
 * double quotes, strong, so `If-Match` compares it exactly.
 */
export const etagOf = (revision: number): string => `"${revision}"`;

/** The revision an entity tag of ours names, or null (a weak tag, or someone else's). */
export function revisionOfEtag(tag: string): number | null {
  const match = /^"([1-9][0-9]{0,15})"$/.exec(tag);
  const revision = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(revision) ? revision : null;
}

/** If-Match as sent: "*" (any current animal), or the entity tags it lists. */
export type IfMatch = '*' | { tags: string[] };

// entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E / obs-text; listed with commas.
const ENTITY_TAG = /^(W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

/** The header's value read by RFC 9110's grammar, or null when it does not follow it. */
export function parseIfMatch(header: string): IfMatch | null {
  const value = header.trim();
  if (value === '*') return '*';
  const tags = value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  if (tags.length === 0 || !tags.every((tag) => ENTITY_TAG.test(tag))) return null;
  return { tags };
}

/** Whether an animal whose current tag is `current` meets If-Match (strong comparison: a weak tag never matches). */
export const ifMatchHolds = (ifMatch: IfMatch, current: string): boolean =>
  ifMatch === '*' || ifMatch.tags.includes(current);

const MEANT = { change: 'this change was made to', photo: 'this photo was meant for' } as const;

/**
 * Refused (precondition_failed, with the animal as it is now) unless `ifMatch` still names
 * `current`: what was sent (a change, a photo) was meant for a version someone has changed since.
 */
export function refuseUnlessStill(current: Pet, ifMatch: IfMatch, what: keyof typeof MEANT): void {
  const tag = etagOf(current.revision ?? 1);
  if (ifMatchHolds(ifMatch, tag)) return;
  if (ifMatch !== '*' && ifMatch.tags.includes(`W/${tag}`)) {
    const message = `If-Match W/${tag} is a weak tag, which never matches a write: send If-Match: ${tag} for animal ${current.id} as it is.`;
    throw new ApiError('precondition_failed', message, undefined, current);
  }
  throw new ApiError(
    'precondition_failed',
    `Animal ${current.id} was changed since the version ${MEANT[what]}: it is now revision ${current.revision}. Look at it again, and send the ${what} with If-Match: ${tag} if it still applies.`,
    undefined,
    current,
  );
}
