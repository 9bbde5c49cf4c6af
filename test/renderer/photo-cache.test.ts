import { describe, expect, it } from 'vitest';
import { createPhotoCache, type ObjectUrls } from '../../src/renderer/src/components/photo-cache';

/** Object URLs as the page makes them (real blob: URLs), with those still alive counted. */
function countedUrls() {
  const alive = new Set<string>();
  const urls: ObjectUrls = {
    create(bytes) {
      const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/webp' }));
      alive.add(url);
      return url;
    },
    revoke(url) {
      URL.revokeObjectURL(url);
      alive.delete(url);
    },
  };
  return { urls, alive };
}

const bytesOf = (digest: string) => async () => new TextEncoder().encode(digest);

describe('photos kept by digest in the window', () => {
  it('asks main once for a digest however many images want it at once, and shares the URL', async () => {
    const { urls } = countedUrls();
    const cache = createPhotoCache(10, urls);
    let asked = 0;
    const load = async () => {
      asked++;
      return new Uint8Array([1, 2, 3]);
    };
    const [a, b] = await Promise.all([cache.acquire('d1', load), cache.acquire('d1', load)]);
    expect(a).toMatch(/^blob:/);
    expect(b).toBe(a);
    cache.release('d1');
    cache.release('d1');
    expect(await cache.acquire('d1', load)).toBe(a);
    expect(asked).toBe(1);
  });

  it('keeps at most its bound beyond those shown, evicting the one used longest ago and revoking its URL', async () => {
    const { urls, alive } = countedUrls();
    const cache = createPhotoCache(2, urls);
    const first = await cache.acquire('d1', bytesOf('d1'));
    cache.release('d1');
    await cache.acquire('d2', bytesOf('d2'));
    cache.release('d2');
    await cache.acquire('d1', bytesOf('d1')); // d1 used again: d2 is now the oldest
    cache.release('d1');
    await cache.acquire('d3', bytesOf('d3'));
    cache.release('d3');
    expect(cache.size).toBe(2);
    expect(alive.size).toBe(2);
    expect(alive.has(first!)).toBe(true);
    expect(await cache.acquire('d1', bytesOf('other'))).toBe(first);
  });

  it('never revokes a URL an image on screen still shows', async () => {
    const { urls, alive } = countedUrls();
    const cache = createPhotoCache(1, urls);
    const shown = await cache.acquire('d1', bytesOf('d1'));
    for (const digest of ['d2', 'd3', 'd4']) {
      await cache.acquire(digest, bytesOf(digest));
      cache.release(digest);
    }
    expect(alive.has(shown!)).toBe(true);
    expect(cache.size).toBe(2); // the one shown, and the bound
    cache.release('d1');
    expect(alive.has(shown!)).toBe(false);
  });

  it('a photo main no longer has, or could not give, is asked again next time', async () => {
    const { urls } = countedUrls();
    const cache = createPhotoCache(5, urls);
    expect(await cache.acquire('d1', async () => null)).toBeNull();
    cache.release('d1');
    await expect(cache.acquire('d2', () => Promise.reject(new Error('main is busy')))).rejects.toThrow('main is busy');
    cache.release('d2');
    expect(await cache.acquire('d1', bytesOf('d1'))).toMatch(/^blob:/);
    expect(await cache.acquire('d2', bytesOf('d2'))).toMatch(/^blob:/);
  });
});
