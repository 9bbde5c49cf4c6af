// An animal's photo through the core: from a file chosen in main's dialog, from a path, from bytes
// dropped on the window; removed; read back. Real core over SQLite files in a temp folder, real
// files, photos made by sharp; the window's writes through main's guard.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { guardPhotoWrites } from '../../../src/main/core/photo-use-cases';
import type { PetstoreCore } from '../../../src/main/core/petstore-core';
import { guardWrites, type ProductionQuestion } from '../../../src/main/core/write-guard';
import { ApiError, type EnvironmentName } from '../../../src/shared/contract';
import { useTestCore } from './test-core';

let jpeg: Buffer;
let png: Buffer;
beforeAll(async () => {
  const create = { width: 400, height: 300, channels: 3 as const, background: { r: 240, g: 180, b: 40 } };
  const blue = { ...create, background: { r: 40, g: 80, b: 220 } };
  [jpeg, png] = await Promise.all([sharp({ create }).jpeg().toBuffer(), sharp({ create: blue }).png().toBuffer()]);
});

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const isWebp = (bytes: Uint8Array) => Buffer.from(bytes.subarray(8, 12)).toString() === 'WEBP';

async function refusal(run: Promise<unknown> | (() => unknown)): Promise<ApiError> {
  const error = await (typeof run === 'function' ? Promise.resolve().then(run) : run).then(
    () => new Error('expected a refusal'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("an animal's photo, through the core", () => {
  const { open, tempDir } = useTestCore();

  /** A core whose open dialog answers with `chosen` (null: the person cancels), and what it was asked. */
  function coreChoosing(chosen: () => string | null) {
    const purposes: string[] = [];
    const core = open({
      openFile: async (purpose) => {
        purposes.push(purpose);
        return chosen();
      },
    });
    const changed: EnvironmentName[] = [];
    core.on('dataChanged', ({ environment }) => changed.push(environment));
    const pet = (core.addPet('local', { name: 'Bella', categoryId: '2' }) as { pet: { id: string } }).pet;
    changed.length = 0;
    return { core, pet, purposes, changed };
  }

  const fileOf = (name: string, bytes: Uint8Array) => {
    const folder = join(tempDir(), 'chosen');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, name), bytes);
    return join(folder, name);
  };

  it("a photo chosen in main's dialog becomes the animal's, its thumbnail read back as WebP; the list is told", async () => {
    let path: string | null = null;
    const { core, pet, purposes, changed } = coreChoosing(() => path);
    path = fileOf('bella.jpg', jpeg);
    const after = await core.choosePhoto('local', pet.id, 1);
    expect(purposes).toEqual(['photo']);
    expect(after).toMatchObject({ id: pet.id, photo: expect.stringMatching(/^[0-9a-f]{64}$/), revision: 2 });
    expect(changed).toEqual(['local']);
    const thumbnail = core.photoBytes('local', pet.id, 'thumbnail');
    expect(thumbnail?.digest).toBe(after?.photo);
    expect(isWebp(thumbnail!.bytes)).toBe(true);
    expect((await sharp(thumbnail!.bytes).metadata()).width).toBe(160);
    expect(core.getPet('local', pet.id)).toEqual(after);
  });

  it('a person who cancels the dialog changes nothing', async () => {
    const { core, pet, changed } = coreChoosing(() => null);
    expect(await core.choosePhoto('local', pet.id, 1)).toBeNull();
    expect(core.getPet('local', pet.id)).toMatchObject({ revision: 1 });
    expect(changed).toEqual([]);
  });

  it('no dialog opens for an animal that is not there', async () => {
    const { core, purposes } = coreChoosing(() => fileOf('x.jpg', jpeg));
    expect((await refusal(core.choosePhoto('local', '999'))).code).toBe('not_found');
    expect(purposes).toEqual([]);
  });

  it('bytes dropped on the window, then a path; under the revision shown, or refused with the animal as it is now', async () => {
    const { core, pet } = coreChoosing(() => null);
    const dropped = await core.setPhotoFromBytes('local', pet.id, new Uint8Array(png), 1);
    expect(dropped.revision).toBe(2);
    const stale = await refusal(core.setPhotoFromFile('local', pet.id, fileOf('other.jpg', jpeg), 1));
    expect(stale.code).toBe('precondition_failed');
    expect(stale.current).toEqual(dropped);
    const fromPath = await core.setPhotoFromFile('local', pet.id, fileOf('other.jpg', jpeg), 2);
    expect(fromPath.revision).toBe(3);
  });

  it('a hostile or broken file is refused in words about the photo, and nothing changes', async () => {
    const { core, pet, changed } = coreChoosing(() => null);
    const svg = await refusal(core.setPhotoFromBytes('local', pet.id, SVG, 1));
    expect([svg.code, svg.fields]).toEqual([
      'unsupported_media_type',
      [{ field: 'photo', message: 'is not a photo this app takes: choose a JPEG, PNG, WebP, GIF or AVIF file' }],
    ]);
    const cut = await refusal(core.setPhotoFromBytes('local', pet.id, jpeg.subarray(0, 200), 1));
    expect(cut.message).toMatch(/damaged or incomplete/);
    const folder = await refusal(core.setPhotoFromFile('local', pet.id, tempDir(), 1));
    expect(folder.message).toMatch(/is a folder: choose a photo file in it/);
    expect(core.getPet('local', pet.id)).toMatchObject({ revision: 1 });
    expect(core.photoBytes('local', pet.id, 'image')).toBeNull();
    expect(changed).toEqual([]);
  });

  it('is removed under the revision shown; the list is told', async () => {
    const { core, pet, changed } = coreChoosing(() => null);
    await core.setPhotoFromBytes('local', pet.id, jpeg, 1);
    expect((await refusal(() => core.removePhoto('local', pet.id, 1))).code).toBe('precondition_failed');
    const removed = core.removePhoto('local', pet.id, 2);
    expect(removed).not.toHaveProperty('photo');
    expect(core.photoBytes('local', pet.id, 'image')).toBeNull();
    expect(changed).toEqual(['local', 'local']);
  });

  it("is shown in main's own questions as a PNG of its thumbnail (the OS's dialogs show no WebP); none without one", async () => {
    const { core, pet } = coreChoosing(() => null);
    expect(await core.questionThumbnail('local', pet.id)).toBeNull();
    await core.setPhotoFromBytes('local', pet.id, jpeg, 1);
    const png = await core.questionThumbnail('local', pet.id);
    expect(png?.subarray(1, 4).toString('latin1')).toBe('PNG');
    const { width, height } = await sharp(png!).metadata();
    expect(Math.max(width, height)).toBeLessThanOrEqual(160);
  });
});

describe("the window's photo writes, through main's guard", () => {
  const { open } = useTestCore();

  function guarded(active: EnvironmentName) {
    const questions: ProductionQuestion[] = [];
    let dialogs = 0;
    const core: PetstoreCore = open({
      openFile: async () => {
        dialogs++;
        return null;
      },
    });
    const pet = (core.addPet('local', { name: 'Bella', categoryId: '2' }) as { pet: { id: string } }).pet;
    core.setActiveEnvironment(active);
    const confirmProduction = async (question: ProductionQuestion) => {
      questions.push(question);
      return true;
    };
    const photos = guardPhotoWrites(core, guardWrites(core, { environments: 'active', confirmProduction }));
    return { core, pet, photos, questions, dialogs: () => dialogs };
  }

  it('a write for the local store while the app works in another environment is refused; no dialog opens', async () => {
    const { core, pet, photos, dialogs } = guarded('staging');
    for (const run of [
      () => photos.choosePhoto('local', pet.id, 1),
      () => photos.setPhotoFromBytes('local', pet.id, jpeg, 1),
      () => photos.removePhoto('local', pet.id, 1),
    ]) {
      const refused = await Promise.resolve()
        .then(run)
        .then(
          () => undefined,
          (error: unknown) => error as { report?: { code: string } },
        );
      expect(refused?.report?.code).toBe('environment_not_active');
    }
    expect(dialogs()).toBe(0);
    expect(core.getPet('local', pet.id)).toMatchObject({ revision: 1 });
  });

  it("production's photo is asked about first, like any write there; without an address nothing is kept", async () => {
    const { pet, photos, questions } = guarded('production');
    const outcome = await photos.setPhotoFromBytes('production', pet.id, jpeg).then(
      () => 'set',
      (error: unknown) => (error as Error).message,
    );
    expect(questions.map((question) => question.message)).toEqual([`Set animal ${pet.id}'s photo in PRODUCTION?`]);
    expect(outcome).toMatch(/No address is set for production/);
  });

  it('the active local store takes them', async () => {
    const { pet, photos } = guarded('local');
    const set = await photos.setPhotoFromBytes('local', pet.id, jpeg, 1);
    expect(set.revision).toBe(2);
    expect((await photos.removePhoto('local', pet.id, 2)).revision).toBe(3);
  });
});
