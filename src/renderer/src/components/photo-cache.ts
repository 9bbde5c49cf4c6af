/** Makes an object URL of bytes main gave (WebP), and gives one back. */
export interface ObjectUrls {
  create(bytes: Uint8Array): string;
  revoke(url: string): void;
}

const BLOB_URLS: ObjectUrls = {
  create: (bytes) => URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/webp' })),
  revoke: (url) => URL.revokeObjectURL(url),
};

interface Entry {
  url: string | null;
  loading: Promise<string | null> | null;
  /** How many shown images hold the URL: it is never revoked under them. */
  users: number;
}

/**
 * Object URLs of photos by the digest that names them, so an animal scrolled past and back, or
 * shown in two places, is asked of main once. At most `most` are kept beyond those in use: the one
 * used longest ago goes first, and its URL is revoked (its bytes freed).
 */
export function createPhotoCache(most: number, urls: ObjectUrls = BLOB_URLS) {
  // In the order last used: the first is the one to evict.
  const entries = new Map<string, Entry>();

  function evictBeyond(most: number): void {
    let inUse = 0;
    for (const entry of entries.values()) if (entry.users > 0 || entry.loading !== null) inUse++;
    const limit = most + inUse;
    for (const [digest, entry] of entries) {
      if (entries.size <= limit) return;
      if (entry.users > 0 || entry.loading !== null) continue;
      if (entry.url !== null) urls.revoke(entry.url);
      entries.delete(digest);
    }
  }

  return {
    /**
     * The URL of the photo `digest` names, held until `release(digest)`; `load` (asked once, however
     * many want it meanwhile) gives its bytes, or null when main no longer has that photo.
     */
    acquire(digest: string, load: () => Promise<Uint8Array | null>): Promise<string | null> {
      const entry = entries.get(digest) ?? { url: null, loading: null, users: 0 };
      entries.delete(digest);
      entries.set(digest, entry);
      entry.users++;
      if (entry.url !== null) return Promise.resolve(entry.url);
      entry.loading ??= load().then(
        (bytes) => {
          entry.loading = null;
          if (bytes === null || entries.get(digest) !== entry) return null;
          entry.url = urls.create(bytes);
          evictBeyond(most);
          return entry.url;
        },
        (error: unknown) => {
          entry.loading = null;
          throw error;
        },
      );
      return entry.loading;
    },

    release(digest: string): void {
      const entry = entries.get(digest);
      if (entry === undefined) return;
      entry.users = Math.max(0, entry.users - 1);
      // A photo that could not be loaded is asked again next time.
      if (entry.users === 0 && entry.url === null && entry.loading === null) entries.delete(digest);
      evictBeyond(most);
    },

    /** How many URLs are kept now (for tests). */
    get size(): number {
      return [...entries.values()].filter((entry) => entry.url !== null).length;
    },
  };
}

export type PhotoCache = ReturnType<typeof createPhotoCache>;
