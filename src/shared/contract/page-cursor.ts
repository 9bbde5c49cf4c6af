import { checkInt64, type Int64 } from './int64';

/**
 * The cursor of listPets' next page (our extension, see resources/openapi.yaml): opaque to
 * clients, which follow the `Link: <…>; rel="next"` they are given. Inside, the id of the last
 * animal of the page before: the next page is the animals after it in ascending id order (keyset,
 * not an offset, so a page is neither skipped nor repeated while animals are added).
 */
const VERSION = '1';
const CURSOR_FORM = /^[A-Za-z0-9_-]{1,40}$/;

export const CURSOR_PROBLEM =
  'is not a cursor this service gave out: start again from the first page (without cursor), then follow the Link rel="next" header';

const toBase64Url = (text: string) => btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => atob(text.replaceAll('-', '+').replaceAll('_', '/'));

export function encodePageCursor(afterId: Int64): string {
  return toBase64Url(`${VERSION}:${afterId}`);
}

/** The id the page starts after, or null when `cursor` is not one of ours. */
export function decodePageCursor(cursor: string): Int64 | null {
  if (!CURSOR_FORM.test(cursor)) return null;
  let text: string;
  try {
    text = fromBase64Url(cursor);
  } catch {
    return null;
  }
  const [version, id, ...rest] = text.split(':');
  if (version !== VERSION || id === undefined || rest.length > 0) return null;
  const checked = checkInt64(id);
  return checked.ok && encodePageCursor(checked.value) === cursor ? checked.value : null;
}
