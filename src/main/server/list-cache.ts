/** A listPets response as sent: its body, and its `Link` header when a next page follows. */
export interface ListPage {
  body: Buffer;
  link?: string;
}

/**
 * Serialized listPets responses, keyed by the raw query string and valid for one change stamp of

 * the store: any write, ours or another process's, empties it. A counter polled by the same
 * query again and again is then answered without touching SQLite or the serializer. Bodies are
 * kept as UTF-8 bytes, ready for the socket.
 */
export function createListCache(changeStamp: () => string, maxEntries = 256) {
  let stamp = '';
  const bodies = new Map<string, ListPage>();
  const checkFreshness = () => {
    const now = changeStamp();
    if (now !== stamp) {
      bodies.clear();
      stamp = now;
    }
  };
  const lookup = (query: string): ListPage | undefined => bodies.get(query);
  return {
    /**
     * Reads the change stamp once and returns the lookup of bodies valid at that moment (and
     * after: a later check that finds a change empties the same map). One check can serve every
     * request read before it.
     */
    fresh(): (query: string) => ListPage | undefined {
      checkFreshness();
      return lookup;
    },

    /** Whether a body for this query was kept at the last check; a hint only, its freshness unchecked. */
    holds: (query: string): boolean => bodies.has(query),

    get(query: string, produce: () => { body: string; link?: string }): ListPage {
      checkFreshness();
      let page = bodies.get(query);
      if (page === undefined) {
        const produced = produce(); // throws for an invalid query: errors are never cached
        page = { ...produced, body: Buffer.from(produced.body) };
        if (bodies.size >= maxEntries) bodies.clear();
        bodies.set(query, page);
      }
      return page;
    },
  };
}

export type ListCache = ReturnType<typeof createListCache>;
