import LinkHeader from 'http-link-header';
import type { Pet } from '../../shared/contract';
import { HEADER_MAX_CHARS } from './http-exchange';
import { bounded } from './service-error';

export interface RemotePage {
  pets: Pet[];
  /** The address of the next page (absolute, on the same server and path), or null: this was the last, or the server does not page. */
  next: string | null;
  /** Why a next page the server named is not followed (it is elsewhere, or the header is malformed). */
  nextRefused?: string;
}

/**
 * The `rel="next"` target of a Link header, resolved against the list's address and checked to
 * stay on it. A link that cannot be followed leaves the page usable: it is reported, not followed.
 * `withoutKey` reads the link as parsed (the parser drops tabs and maps a host's letters, so the
 * key may show only then): a next page that carries the key is not followed.
 */
export function nextPageOf(
  link: string | null,
  listUrl: string,
  withoutKey: (text: string) => string = (text) => text,
): Pick<RemotePage, 'next' | 'nextRefused'> {
  if (link === null) return { next: null };
  const refuse = (why: string) => ({ next: null, nextRefused: `its Link header ${why}` });
  // A header that long arrived cut (see exchange): a cut link would name another page.
  if (link.length >= HEADER_MAX_CHARS) return refuse(`is ${HEADER_MAX_CHARS} characters or longer`);
  let target: string | undefined;
  try {
    target = LinkHeader.parse(link).rel('next')[0]?.uri;
  } catch {
    return refuse('is malformed');
  }
  if (target === undefined) return { next: null };
  let next: URL;
  try {
    next = new URL(target, listUrl);
  } catch {
    return refuse('names no valid address for the next page');
  }
  if (!onListPath(next.href, listUrl)) {
    return refuse(`puts the next page elsewhere (${bounded(withoutKey(`${next.origin}${next.pathname}`), 120)})`);
  }
  if (withoutKey(next.href) !== next.href) return refuse('names a next page that carries the key');
  next.hash = '';
  return { next: next.href };
}

/** Whether `url` is the list's own address (same origin and path; only its query may differ). */
export function onListPath(url: string, listUrl: string): boolean {
  const [target, list] = [URL.parse(url), new URL(listUrl)];
  return (
    target !== null &&
    target.origin === list.origin &&
    target.pathname === list.pathname &&
    target.username === '' &&
    target.password === ''
  );
}
