const ASCII = /^\p{ASCII}*$/u;

/**
 * A name as search sees it: compatibility forms unified (ﬁ → fi, full-width → ASCII), accents
 * and other combining marks dropped, lower case, ß as ss. Kept beside each name (`search_text`)
 * and applied to what is typed, so "cafe" finds "Café", "ÖZIL" finds "özil", and a name typed on
 * a Mac (decomposed) is found from a PC (composed).
 */
export function searchText(text: string): string {
  // ASCII has no compatibility forms, marks or ß: lower case is all search does to it.
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .normalize('NFC');
}

/** Shortest text the trigram index serves; shorter ones are looked for by a scan in SQLite. */
export const TRIGRAM = 3;

/** An FTS5 query for `folded` as one substring (a phrase of trigrams), whatever characters it holds. */
export const substringMatch = (folded: string) => `"${folded.replaceAll('"', '""')}"`;

/** What an animal is found by: its name, its species and its breed, if any. */
export interface Searched {
  name: string;
  species?: string | null;
  breed?: string | null;
}

/**
 * The search text kept beside an animal: its name as search sees it, then its species and its
 * breed, each on a line of its own. The name comes first and a line break sorts before any
 * character a name may hold, so the text still sorts by name; no substring typed spans two parts.
 */
export function animalSearchText({ name, species, breed }: Searched): string {
  return [name, species, breed]
    .filter((part) => typeof part === 'string')
    .map(searchText)
    .join('\n');
}
