// The photo channels as the window calls them: validated in main, written through main's guard,
// answered with values Electron's structured clone carries as they are. Real core, SQLite files.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPetstoreCore, type PetstoreCore } from '../../../src/main/core/petstore-core';
import { forwardCoreEvents } from '../../../src/main/ipc/core-events';
import { createIpcRouter } from '../../../src/main/ipc/router';
import { createKeychain } from '../../../src/main/secrets/keychain';
import { PHOTO_INPUT_MAX_BYTES } from '../../../src/shared/contract/photos';
import { useTempDir } from '../../helpers/temp-dir';

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
});

describe('IPC: the photo channels', () => {
  const tempDir = useTempDir();
  let core: PetstoreCore | undefined;
  afterEach(async () => {
    await core?.close();
    core = undefined;
  });

  function open(chosen: () => string | null = () => null) {
    core = openPetstoreCore({
      dataDir: tempDir(),
      env: {},
      keychain: createKeychain(`Petstore Desk test ${randomUUID()}`),
      openFile: async () => chosen(),
    });
    const events: string[] = [];
    forwardCoreEvents(core, (event) => void events.push(event));
    const pet = (core.addPet('local', { name: 'Bella', categoryId: '2' }) as { pet: { id: string } }).pet;
    events.length = 0;
    return { router: createIpcRouter(core), pet, events };
  }

  it('a photo dropped as bytes, read back as bytes and digest; the list is told; every answer survives a structured clone', async () => {
    const { router, pet, events } = open();
    const set = await router.dispatch('setPhotoFromBytes', {
      environment: 'local',
      petId: pet.id,
      bytes: new Uint8Array(jpeg),
      revision: 1,
    });
    expect(set).toMatchObject({ ok: true, value: { id: pet.id, revision: 2 } });
    expect(events).toEqual(['dataChanged']);
    const read = await router.dispatch('photoBytes', { environment: 'local', petId: pet.id, size: 'thumbnail' });
    expect(read.ok).toBe(true);
    const value = (read as { value: { bytes: Uint8Array; digest: string } }).value;
    expect(value.digest).toBe((set as { value: { photo: string } }).value.photo);
    const cloned = structuredClone(read) as typeof read & { value: { bytes: Uint8Array } };
    expect(cloned.value.bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(cloned.value.bytes).subarray(8, 12).toString()).toBe('WEBP');
    const removed = await router.dispatch('removePhoto', { environment: 'local', petId: pet.id, revision: 2 });
    expect(removed).toMatchObject({ ok: true, value: { revision: 3 } });
    expect(await router.dispatch('photoBytes', { environment: 'local', petId: pet.id, size: 'image' })).toEqual({
      ok: true,
      value: null,
    });
  });

  it("choosePhoto opens main's dialog; a person who cancels gets null", async () => {
    let path: string | null = null;
    const { router, pet } = open(() => path);
    expect(await router.dispatch('choosePhoto', { environment: 'local', petId: pet.id, revision: 1 })).toEqual({
      ok: true,
      value: null,
    });
    path = join(mkdtempSync(join(tempDir(), 'chosen-')), 'bella.jpg');
    writeFileSync(path, jpeg);
    const chosen = await router.dispatch('choosePhoto', { environment: 'local', petId: pet.id, revision: 1 });
    expect(chosen).toMatchObject({ ok: true, value: { photo: expect.stringMatching(/^[0-9a-f]{64}$/) } });
  });

  it('what the page sends is bounded: bytes over the bound, or not bytes at all, and a path, are refused', async () => {
    const { router, pet } = open();
    const refused = [
      { environment: 'local', petId: pet.id, bytes: new Uint8Array(PHOTO_INPUT_MAX_BYTES + 1) },
      { environment: 'local', petId: pet.id, bytes: [...jpeg.subarray(0, 100)] },
      { environment: 'local', petId: pet.id, bytes: 'data:image/jpeg;base64,AAAA' },
      { environment: 'local', petId: pet.id, bytes: new Uint8Array(jpeg), path: '/etc/passwd' },
    ];
    for (const argument of refused) {
      const outcome = await router.dispatch('setPhotoFromBytes', argument);
      expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_parameter' } });
    }
    expect(
      await router.dispatch('setPhotoFromFile', { environment: 'local', petId: pet.id, path: '/etc/passwd' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_parameter' } });
  });

  it('a hostile photo comes back as words on the field photo, and changes nothing', async () => {
    const { router, pet, events } = open();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const outcome = await router.dispatch('setPhotoFromBytes', { environment: 'local', petId: pet.id, bytes: svg });
    expect(outcome).toEqual({
      ok: false,
      error: {
        code: 'unsupported_media_type',
        status: 415,
        message: 'The file is not a photo this app takes: choose a JPEG, PNG, WebP, GIF or AVIF file.',
        fields: [
          { field: 'photo', message: 'is not a photo this app takes: choose a JPEG, PNG, WebP, GIF or AVIF file' },
        ],
      },
    });
    expect(events).toEqual([]);
  });

  it('a write for an environment the app is not working in is refused by main', async () => {
    const { router, pet } = open();
    core!.setActiveEnvironment('staging');
    const outcome = await router.dispatch('setPhotoFromBytes', {
      environment: 'local',
      petId: pet.id,
      bytes: new Uint8Array(jpeg),
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'environment_not_active' } });
  });
});
