// An animal's photo on a server's environment: shown at once, sent once as a change of the photo
// (in order with the animal's other changes, merged field by field), kept on this computer for a
// server without photos and uploaded once it takes them; the server's photos brought here, checked,
// never trusted. Real HTTP on 127.0.0.1: our service, and proxies in front of it.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPetPhotos } from '../../../src/main/database/pet-photos';
import { preparePhoto, type PreparedPhoto } from '../../../src/main/photos/prepare-photo';
import type { Replica } from '../../../src/main/sync/replica';
import { REFUSED_PHOTO_AGAIN_MS } from '../../../src/main/sync/photo-fetch';
import { useCleanups } from '../../helpers/cleanups';
import { startService, type RunningService } from '../../helpers/http-service';
import { drain, openTestReplica, type SyncRunsIn } from '../../helpers/replica';
import { startSeedOnlyProxy } from '../../helpers/seed-only-proxy';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const tempDir = useTempDir();

let red: PreparedPhoto;
let blue: PreparedPhoto;
beforeAll(async () => {
  const photo = (r: number, b: number) =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g: 60, b } } })
      .jpeg()
      .toBuffer()
      .then((bytes) => preparePhoto(bytes));
  [red, blue] = await Promise.all([photo(220, 30), photo(30, 220)]);
});

/** Our service, behind a proxy that counts the requests by method and path and can answer a photo's GET itself. */
async function startCountingProxy(service: RunningService) {
  const seen: string[] = [];
  let photoAnswer: ((res: ServerResponse) => void) | null = null;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').replace(/\?.*$/, '').replace(/\/[0-9]+/g, '/{id}');
    seen.push(`${req.method} ${path}`);
    if (photoAnswer !== null && req.method === 'GET' && path.endsWith('/photo')) return photoAnswer(res);
    const forwarded = request(
      { host: '127.0.0.1', port: service.port, method: req.method, path: req.url, headers: req.headers },
      (upstream) => {
        res.writeHead(upstream.statusCode ?? 502, upstream.headers);
        upstream.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    count: (what: string) => seen.filter((line) => line === what).length,
    answerPhotosWith(answer: ((res: ServerResponse) => void) | null) {
      photoAnswer = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const serverPhotos = (service: RunningService) => createPetPhotos(service.db);
const shownDigest = (replica: Replica, id: string) => replica.shownPet(id)?.photo;
const heldThumbnail = (replica: Replica, id: string) => replica.photos.photo(id, 'thumbnail');

async function replicaOf(baseUrl: string, syncRunsIn: SyncRunsIn = 'this thread', dir = tempDir()) {
  const { replica } = track(openTestReplica(dir, 'staging', baseUrl, syncRunsIn));
  await replica.learnExtensions();
  await replica.walkInventory();
  return replica;
}

describe.each<SyncRunsIn>(['this thread', 'a sync thread'])('a photo, the engine in %s', (syncRunsIn) => {
  it('is shown at once, sent once as a change of the photo, and kept by the server; this computer keeps its copy', async () => {
    const service = track(await startService());
    const proxy = track(await startCountingProxy(service));
    const rex = service.store.createPet({ name: 'Rex', categoryId: '1', status: 'available' });
    const replica = await replicaOf(proxy.baseUrl, syncRunsIn);

    replica.photos.setPhoto(rex.id, red, '*');
    expect(shownDigest(replica, rex.id)).toBe(red.digest);
    expect(heldThumbnail(replica, rex.id)?.bytes.equals(red.thumbnail)).toBe(true);
    expect(replica.changeEntries().map((entry) => entry.patch)).toEqual([{ photo: red.digest }]);

    await drain(replica);
    const kept = serverPhotos(service).photo(rex.id, 'image');
    expect(kept).toBeDefined();
    expect(service.store.getPet(rex.id).photo).toBe(kept!.digest);
    expect(proxy.count('PUT /v1/pets/{id}/photo')).toBe(1);
    // The server's digest is shown, over this computer's own copy: nothing is fetched back.
    await replica.walkInventory();
    await replica.engine.syncNow({ force: true });
    expect(shownDigest(replica, rex.id)).toBe(kept!.digest);
    expect(heldThumbnail(replica, rex.id)).toMatchObject({ digest: kept!.digest });
    expect(proxy.count('GET /v1/pets/{id}/photo')).toBe(0);

    replica.photos.removePhoto(rex.id, '*');
    expect(shownDigest(replica, rex.id)).toBeUndefined();
    await drain(replica);
    expect(service.store.getPet(rex.id).photo).toBeUndefined();
    expect(proxy.count('DELETE /v1/pets/{id}/photo')).toBe(1);
    expect(heldThumbnail(replica, rex.id)).toBeUndefined();
  });

  it("another counter's photo is brought here, checked, and shown", async () => {
    const service = track(await startService());
    const rex = service.store.createPet({ name: 'Rex', categoryId: '1', status: 'available' });
    const onServer = serverPhotos(service).setPhoto(rex.id, blue, '*');
    const replica = await replicaOf(`${service.baseUrl}/v1`, syncRunsIn);
    expect(shownDigest(replica, rex.id)).toBe(onServer.photo);
    await replica.engine.syncNow({ force: true });
    const held = replica.photos.photo(rex.id, 'image');
    expect(held?.digest).toBe(onServer.photo);
    expect(held?.bytes.equals(serverPhotos(service).photo(rex.id, 'image')!.bytes)).toBe(true);
  });
});

describe('one photo for several animals, on a server', () => {
  it('a litter shares it: each is sent and shown; removed from one, the others keep it; from all, nothing is kept', async () => {
    const service = track(await startService());
    const litter = ['Pip', 'Pop', 'Pup'].map((name) => service.store.createPet({ name, categoryId: '1' }));
    const replica = await replicaOf(`${service.baseUrl}/v1`);
    for (const { id } of litter) replica.photos.setPhoto(id, red, '*');
    await drain(replica);
    expect(replica.changeEntries().filter((entry) => entry.state !== 'accepted')).toEqual([]);
    for (const { id } of litter) {
      expect(service.store.getPet(id).photo, `animal ${id} on the server`).toBeDefined();
      expect(replica.photos.photo(id, 'image')?.bytes.equals(red.image), `animal ${id} here`).toBe(true);
    }

    replica.photos.removePhoto(litter[0]!.id, '*');
    await drain(replica);
    expect(replica.photos.photo(litter[0]!.id, 'image')).toBeUndefined();
    for (const { id } of litter.slice(1)) expect(heldThumbnail(replica, id)?.bytes.equals(red.thumbnail)).toBe(true);

    for (const { id } of litter.slice(1)) replica.photos.removePhoto(id, '*');
    await drain(replica);
    expect(replica.db.prepare('SELECT count(*) FROM pet_photos').pluck().get()).toBe(0);
  });
});

describe("one photo of the server's, for several animals", () => {
  it('is brought here once, for whichever of them is still named with it', async () => {
    const service = track(await startService());
    const [pip, pop] = ['Pip', 'Pop'].map((name) => service.store.createPet({ name, categoryId: '1' }));
    const shared = serverPhotos(service).setPhoto(pip!.id, red, '*').photo!;
    expect(serverPhotos(service).setPhoto(pop!.id, red, '*').photo).toBe(shared);
    const { replica } = track(openTestReplica(tempDir(), 'staging', `${service.baseUrl}/v1`));
    await replica.learnExtensions();
    await replica.walkInventory(); // both named with it; nothing brought yet
    serverPhotos(service).setPhoto(pip!.id, blue, '*'); // the first one named with it has another now
    service.store.createPet({ name: 'Pap', categoryId: '1' }); // a write through the store: its list is read afresh
    await replica.walkInventory();
    await replica.engine.syncNow({ force: true });
    expect(replica.photos.photo(pop!.id, 'image')?.digest).toBe(shared);
    expect(replica.photos.photo(pip!.id, 'image')?.digest).toBe(shownDigest(replica, pip!.id));
  });
});

describe('a photo and the animal it belongs to, on a server', () => {
  it('goes in order with the animal’s other changes, and merges with another counter’s change of other fields', async () => {
    const service = track(await startService());
    const rex = service.store.createPet({ name: 'Rex', categoryId: '1', status: 'available' });
    const dir = tempDir();
    const replica = await replicaOf(`${service.baseUrl}/v1`, 'this thread', dir);
    await replica.engine.stop(); // what is made waits
    replica.changePet(rex.id, { status: 'pending' });
    replica.photos.setPhoto(rex.id, red, '*');
    replica.changePet(rex.id, { name: 'Rexy' });
    expect(replica.changeEntries().map((entry) => entry.patch)).toEqual([
      { status: 'pending' },
      { photo: red.digest },
      { name: 'Rexy' },
    ]);
    service.store.changePet(rex.id, { categoryId: '7' }, '*'); // another counter, another field

    const { replica: again } = track(openTestReplica(dir, 'staging', `${service.baseUrl}/v1`)); // a restart
    await drain(again);
    expect(service.store.getPet(rex.id)).toMatchObject({ status: 'pending', name: 'Rexy', categoryId: '7' });
    expect(service.store.getPet(rex.id).photo).toBeDefined();
    expect(again.changeEntries()).toEqual([]);
  });

  it('set on both sides waits for a person, with both photos here; "keep mine" sends this one to theirs', async () => {
    const service = track(await startService());
    const rex = service.store.createPet({ name: 'Rex', categoryId: '1', status: 'available' });
    const replica = await replicaOf(`${service.baseUrl}/v1`);
    replica.photos.setPhoto(rex.id, red, '*');
    const theirs = serverPhotos(service).setPhoto(rex.id, blue, '*'); // another counter first
    await replica.engine.syncNow({ force: true });
    const [conflict] = replica.changeEntries();
    expect(conflict).toMatchObject({ state: 'conflict', patch: { photo: red.digest } });
    expect(conflict!.theirs?.photo).toBe(theirs.photo);
    expect(conflict!.lastError).toMatch(/photo: another there, a photo in this change/);
    // Theirs shows until a person decides; both can be shown side by side: theirs once brought here.
    await replica.engine.syncNow({ force: true });
    expect(replica.photos.photo(rex.id, 'thumbnail')?.digest).toBe(theirs.photo);
    expect(replica.photos.photo(rex.id, 'thumbnail', red.digest)?.digest).toBe(red.digest);

    replica.resolveConflict(conflict!.entryId, 'keep-mine');
    await drain(replica);
    const kept = serverPhotos(service).photo(rex.id, 'image')!;
    expect(kept.digest).not.toBe(theirs.photo);
    expect(service.store.getPet(rex.id).photo).toBe(kept.digest);
  });
});

describe('a photo for a server without photos', () => {
  it('is kept here, never sent, survives the server’s answers, and goes up once the server takes photos', async () => {
    const service = track(await startService());
    const seedOnly = track(await startSeedOnlyProxy(service.port));
    const rex = service.store.createPet({ name: 'Rex', categoryId: '1', status: 'available' });
    const replica = await replicaOf(seedOnly.baseUrl);
    expect(replica.status().details).toMatchObject({ photos: 'lacks', keptHere: 0 });

    replica.photos.setPhoto(rex.id, red, '*');
    expect(replica.changeEntries()).toEqual([]);
    expect(replica.status().details).toMatchObject({ photos: 'lacks', keptHere: 1 });
    const rexRow = () => replica.animals({}).rows.find((row) => row.kind === 'pet' && row.pet.id === rex.id);
    expect(rexRow()).toMatchObject({ detailsHere: true }); // its row says so
    replica.changePet(rex.id, { status: 'sold' });
    await drain(replica);
    await replica.walkInventory();
    expect(service.store.getPet(rex.id)).toMatchObject({ status: 'sold' });
    expect(service.store.getPet(rex.id).photo).toBeUndefined();
    expect(shownDigest(replica, rex.id)).toBe(red.digest);
    expect(heldThumbnail(replica, rex.id)?.digest).toBe(red.digest);
    expect(seedOnly.refusedForDetails).toBe(0);

    seedOnly.gainDetails();
    await replica.learnExtensions({ again: true });
    expect(replica.status().details).toMatchObject({ photos: 'takes', keptHere: 1 });
    expect(replica.uploadKeptDetails()).toBe(1);
    await drain(replica);
    expect(service.store.getPet(rex.id).photo).toBeDefined();
    expect(replica.status().details.keptHere).toBe(0);
    expect(rexRow()).not.toHaveProperty('detailsHere');
  });
});

describe("a server's photo, untrusted", () => {
  const answers: Record<string, (res: ServerResponse) => void> = {
    'another photo than its digest names': (res) => res.writeHead(200, { 'content-type': 'image/webp' }).end(red.image),
    'not WebP (SVG with script)': (res) =>
      res.writeHead(200, { 'content-type': 'image/webp' }).end(Buffer.from('<svg onload="x()"/>')),
    'larger than a photo is kept': (res) =>
      res.writeHead(200, { 'content-type': 'image/webp' }).end(Buffer.alloc(2 * 1024 * 1024, 1)),
  };
  it.each(Object.keys(answers))('is refused when it is %s, and not asked for again soon', async (what) => {
    const service = track(await startService());
    const proxy = track(await startCountingProxy(service));
    const rex = service.store.createPet({ name: 'Rex', categoryId: '1', status: 'available' });
    serverPhotos(service).setPhoto(rex.id, blue, '*');
    const dir = tempDir();
    const replica = await replicaOf(proxy.baseUrl, 'this thread', dir);
    proxy.answerPhotosWith(answers[what]!);
    await replica.engine.syncNow({ force: true });
    expect(replica.photos.photo(rex.id, 'thumbnail')).toBeUndefined();
    const asked = proxy.count('GET /v1/pets/{id}/photo');
    expect(asked).toBeGreaterThan(0);
    await replica.engine.syncNow({ force: true });
    expect(proxy.count('GET /v1/pets/{id}/photo')).toBe(asked);

    // The server mended, the app started again: asked again, and kept.
    proxy.answerPhotosWith(null);
    await replica.engine.stop();
    const restarted = await replicaOf(proxy.baseUrl, 'this thread', dir);
    await restarted.engine.syncNow({ force: true });
    expect(restarted.photos.photo(rex.id, 'thumbnail')?.digest).toBe(service.store.getPet(rex.id).photo);
    expect(REFUSED_PHOTO_AGAIN_MS).toBeGreaterThan(0);
  });
});
