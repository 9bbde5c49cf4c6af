/**
 * Serialized listPets responses, keyed by the raw query string and valid for one change stamp of
 * the store: any write, ours or another process's, empties it. A counter polled by the same
 * query again and again is then answered without touching SQLite or the serializer. Bodies are
 * kept as UTF-8 bytes, ready for the socket.
 */
export function createListCache(changeStamp: () => string, maxEntries = 256) {
  let stamp = '';
  const bodies = new Map<string, Buffer>();
  const current = () => {
    const now = changeStamp();
    if (now !== stamp) {
      bodies.clear();
      stamp = now;
    }
    return bodies;
  };
  return {
    /** The cached body for this query if it is still valid; never produces one. */
    peek: (query: string): Buffer | undefined => current().get(query),

    get(query: string, produce: () => string): Buffer {
      let body = current().get(query);
      if (body === undefined) {
        body = Buffer.from(produce()); // produce throws for an invalid query: errors are never cached
        if (bodies.size >= maxEntries) bodies.clear();
        bodies.set(query, body);
      }
      return body;
    },
  };
}
