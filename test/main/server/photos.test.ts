// An animal's photo on our service (our extension): PUT, GET and DELETE /v1/pets/{petId}/photo.
// The real service on 127.0.0.1; every answer checked against resources/openapi.yaml.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PHOTO_BODY_MAX_BYTES } from '../../../src/main/server/photo-routes';
import { send } from '../../helpers/http-client';
import { TEST_API_KEY } from '../../helpers/http-service';
import { rawExchange } from '../../helpers/raw-http';
import { useServicePerFile } from '../../helpers/service-per-file';
import { pngBomb } from '../photos/photo-fixtures';
import { expectDocumented, parseRawAnswer, sendPhoto } from './photo-client';

const service = useServicePerFile();
beforeEach(() => service.db.exec('DELETE FROM pet_photos'));

const add = (name = 'Rex') => service.store.createPet({ name, categoryId: '3', status: 'available' });
const photoPath = (id: string | number) => `/v1/pets/${id}/photo`;
const put = (id: string | number, body: Uint8Array, headers: Record<string, string> = {}) =>
  sendPhoto(service.baseUrl, 'PUT', photoPath(id), { body, headers: { 'content-type': 'image/jpeg', ...headers } });
const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString() === 'RIFF' && bytes.subarray(8, 12).toString() === 'WEBP';

const jpegOf = (r: number, g: number, b: number) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();
const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);

let green: Buffer;
let purple: Buffer;
beforeAll(async () => {
  [green, purple] = await Promise.all([jpegOf(30, 160, 60), jpegOf(120, 40, 160)]);
});

describe('PUT /v1/pets/{petId}/photo', () => {
  it('200: the animal names the kept photo by digest at its next revision; the list shows it at once', async () => {
    const pet = add();
    await send(service.baseUrl, 'GET', '/v1/pets'); // a cached list page, which the photo must not leave stale
    const response = await put(pet.id, green, { 'if-match': '"1"' });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      id: Number(pet.id),
      name: 'Rex',
      categoryId: 3,
      status: 'available',
      photo: expect.stringMatching(/^[0-9a-f]{64}$/),
      revision: 2,
    });
    expect(response.headers.get('etag')).toBe('"2"');
    expect(response.headers.get('content-location')).toBe(`/v1/pets/${pet.id}`);
    const list = await send(service.baseUrl, 'GET', '/v1/pets');
    expect(list.json).toEqual([response.json]);
    const kept = await sendPhoto(service.baseUrl, 'GET', photoPath(pet.id));
    expect(createHash('sha256').update(kept.bytes).digest('hex')).toBe(response.json.photo);
  });

  it('the same photo again changes nothing; another replaces it', async () => {
    const pet = add();
    const first = await put(pet.id, green, { 'if-match': '"1"' });
    const again = await put(pet.id, green, { 'if-match': '"2"' });
    expect(again.json).toEqual(first.json);
    const other = await put(pet.id, purple, { 'if-match': '"2"' });
    expect(other.json.revision).toBe(3);
    expect(other.json.photo).not.toBe(first.json.photo);
  });

  it('428 without If-Match, 412 with the animal as it is now under a stale tag, 400 for a malformed one', async () => {
    const pet = add();
    const missing = await put(pet.id, green);
    expect([missing.status, missing.json.code]).toEqual([428, 'precondition_required']);
    await put(pet.id, green, { 'if-match': '*' });
    const stale = await put(pet.id, purple, { 'if-match': '"1"' });
    expect([stale.status, stale.json.code]).toEqual([412, 'precondition_failed']);
    expect(stale.json.current).toMatchObject({ id: Number(pet.id), revision: 2 });
    expect(stale.headers.get('etag')).toBe('"2"');
    const malformed = await put(pet.id, purple, { 'if-match': '2' });
    expect([malformed.status, malformed.json.code]).toEqual([400, 'invalid_parameter']);
    expect(service.store.getPet(pet.id).photo).toBe(stale.json.current.photo);
  });

  it('four counters at once under one tag: one 200, three 412 naming the winner', async () => {
    const pet = add();
    const photos = await Promise.all([jpegOf(1, 2, 3), jpegOf(200, 10, 10), jpegOf(10, 200, 10), jpegOf(10, 10, 200)]);
    const answers = await Promise.all(photos.map((photo) => put(pet.id, photo, { 'if-match': '"1"' })));
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    const lost = answers.filter((answer) => answer.status === 412);
    expect(lost).toHaveLength(3);
    for (const answer of lost) expect(answer.json.current).toEqual(won[0]!.json);
    expect(service.store.getPet(pet.id)).toMatchObject({ photo: won[0]!.json.photo, revision: 2 });
  });

  it('hostile photos are refused in words and change nothing: script in SVG 415, a PNG bomb 413, a cut JPEG 400', async () => {
    const pet = add();
    const svg = await put(pet.id, SVG_WITH_SCRIPT, { 'content-type': 'image/svg+xml', 'if-match': '"1"' });
    expect([svg.status, svg.json.code]).toEqual([415, 'unsupported_media_type']);
    expect(svg.json.message).toMatch(/image\/jpeg, image\/png, image\/webp, image\/gif, image\/avif/);
    const disguised = await put(pet.id, SVG_WITH_SCRIPT, { 'content-type': 'image/png', 'if-match': '"1"' });
    expect([disguised.status, disguised.json.message]).toEqual([
      415,
      'The body is not a photo this app takes: choose a JPEG, PNG, WebP, GIF or AVIF file.',
    ]);
    const bomb = await put(pet.id, pngBomb(100_000), { 'content-type': 'image/png', 'if-match': '"1"' });
    expect([bomb.status, bomb.json.code]).toEqual([413, 'payload_too_large']);
    expect(bomb.json.message).toMatch(/100000 × 100000 pixels; at most 100 megapixels/);
    const cut = await put(pet.id, green.subarray(0, green.length / 2), { 'if-match': '"1"' });
    expect([cut.status, cut.json.code]).toEqual([400, 'invalid_body']);
    expect(cut.json.fields).toEqual([{ field: 'body', message: expect.stringMatching(/damaged or incomplete/) }]);
    const empty = await put(pet.id, new Uint8Array(0), { 'if-match': '"1"' });
    expect([empty.status, empty.json.message]).toEqual([415, expect.stringMatching(/^The body is empty/)]);
    expect(service.store.getPet(pet.id)).toMatchObject({ revision: 1 });
    expect(service.store.getPet(pet.id).photo).toBeUndefined();
  });

  it('a body over its bound is 413, and only its headers are read', async () => {
    const pet = add();
    const over = await put(pet.id, new Uint8Array(PHOTO_BODY_MAX_BYTES + 1), { 'if-match': '"1"' });
    expect([over.status, over.json.message]).toEqual([413, expect.stringMatching(/larger than 12 MiB/)]);
    expect(over.headers.get('connection')).toBe('close');
  });

  it('refuses from the headers alone, before reading the body: no key 401, no If-Match 428, wrong type 415, no animal 404, a stale tag 412', async () => {
    const pet = add();
    const cases: Array<[Record<string, string>, number, string?]> = [
      [{ 'content-type': 'image/jpeg', 'if-match': '"1"' }, 401],
      [{ authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'image/jpeg' }, 428],
      [{ authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'text/html', 'if-match': '"1"' }, 415],
      [{ authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'image/jpeg', 'if-match': '*' }, 404, '999'],
      // A stale tag: the photo was meant for a version changed since.
      [{ authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'image/jpeg', 'if-match': '"7"' }, 412],
    ];
    for (const [headers, status, id = pet.id] of cases) {
      // Announces 10 MB and sends none of it: the answer comes at once, and the connection is closed.
      const head = Object.entries({ host: '127.0.0.1', 'content-length': '10000000', ...headers })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      const exchange = await rawExchange(service.port, `PUT ${photoPath(id)} HTTP/1.1\r\n${head}\r\n`);
      expect(exchange.closedByServer).toBe(true);
      const answer = parseRawAnswer(exchange.text);
      expect(answer.status).toBe(status);
      await expectDocumented('PUT', photoPath(id), answer);
    }
  });

  it('404 for an animal that does not exist; 400 for an id that is not an int64', async () => {
    const absent = await put(999, green, { 'if-match': '*' });
    expect([absent.status, absent.json.code]).toEqual([404, 'not_found']);
    const notId = await put('abc', green, { 'if-match': '*' });
    expect([notId.status, notId.json.code]).toEqual([400, 'invalid_parameter']);
  });

  it('Idempotency-Key: a retry replays the first 200 though the revision moved; another request under it is 422', async () => {
    const pet = add();
    const headers = { 'if-match': '"1"', 'idempotency-key': 'photo-1' };
    const first = await put(pet.id, green, headers);
    const again = await put(pet.id, green, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.bytes).toEqual(first.bytes);
    const other = await put(pet.id, purple, headers);
    expect([other.status, other.json.code]).toEqual([422, 'idempotency_key_mismatch']);
    expect(service.store.getPet(pet.id).revision).toBe(2);
  });
});

describe('GET /v1/pets/{petId}/photo', () => {
  it('200: WebP that cannot be read as anything else, revalidated by its digest (304)', async () => {
    const pet = add();
    const { json } = await put(pet.id, green, { 'if-match': '"1"' });
    const image = await sendPhoto(service.baseUrl, 'GET', photoPath(pet.id));
    expect(image.status).toBe(200);
    expect(isWebp(image.bytes)).toBe(true);
    expect(
      Object.fromEntries(
        ['content-type', 'etag', 'cache-control', 'x-content-type-options', 'content-security-policy'].map((name) => [
          name,
          image.headers.get(name),
        ]),
      ),
    ).toEqual({
      'content-type': 'image/webp',
      etag: `"${json.photo}"`,
      'cache-control': 'private, no-cache',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    });
    expect((await sharp(image.bytes).metadata()).width).toBe(800);
    for (const held of [`"${json.photo}"`, `W/"${json.photo}"`, `"other", "${json.photo}"`, '*']) {
      const unchanged = await sendPhoto(service.baseUrl, 'GET', photoPath(pet.id), {
        headers: { 'if-none-match': held },
      });
      expect(unchanged.status, held).toBe(304);
    }
    const stale = await sendPhoto(service.baseUrl, 'GET', photoPath(pet.id), { headers: { 'if-none-match': '"0"' } });
    expect(stale.status).toBe(200);
  });

  it('?size=thumbnail: the thumbnail, under the same digest', async () => {
    const pet = add();
    const { json } = await put(pet.id, green, { 'if-match': '"1"' });
    const thumbnail = await sendPhoto(service.baseUrl, 'GET', `${photoPath(pet.id)}?size=thumbnail`);
    expect(thumbnail.headers.get('etag')).toBe(`"${json.photo}"`);
    const { width, height, format } = await sharp(thumbnail.bytes).metadata();
    expect([format, width, height]).toEqual(['webp', 160, 120]);
    const head = await sendPhoto(service.baseUrl, 'HEAD', `${photoPath(pet.id)}?size=thumbnail`);
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(thumbnail.bytes.length)]);
  });

  it('404 for an animal without a photo or none at all, 400 for another size, 401 without the key', async () => {
    const pet = add();
    const none = await sendPhoto(service.baseUrl, 'GET', photoPath(pet.id));
    expect([none.status, none.json.message]).toEqual([404, `Animal ${pet.id} has no photo.`]);
    const absent = await sendPhoto(service.baseUrl, 'GET', photoPath(999));
    expect([absent.status, absent.json.message]).toEqual([404, 'No animal has id 999.']);
    const size = await sendPhoto(service.baseUrl, 'GET', `${photoPath(pet.id)}?size=huge`);
    expect([size.status, size.json.code]).toEqual([400, 'invalid_parameter']);
    const anonymous = await sendPhoto(service.baseUrl, 'GET', photoPath(pet.id), { anonymous: true });
    expect(anonymous.status).toBe(401);
  });
});

describe('DELETE /v1/pets/{petId}/photo', () => {
  it('200: the animal without its photo at its next revision; once more changes nothing', async () => {
    const pet = add();
    await put(pet.id, green, { 'if-match': '"1"' });
    const removed = await sendPhoto(service.baseUrl, 'DELETE', photoPath(pet.id), { headers: { 'if-match': '"2"' } });
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ id: Number(pet.id), name: 'Rex', categoryId: 3, status: 'available', revision: 3 });
    expect((await send(service.baseUrl, 'GET', '/v1/pets')).json).toEqual([removed.json]);
    expect((await sendPhoto(service.baseUrl, 'GET', photoPath(pet.id))).status).toBe(404);
    const again = await sendPhoto(service.baseUrl, 'DELETE', photoPath(pet.id), { headers: { 'if-match': '"3"' } });
    expect(again.json.revision).toBe(3);
  });

  it('428 without If-Match, 412 under a stale tag, 404 for no such animal; the photo stays', async () => {
    const pet = add();
    await put(pet.id, green, { 'if-match': '"1"' });
    const missing = await sendPhoto(service.baseUrl, 'DELETE', photoPath(pet.id));
    expect(missing.status).toBe(428);
    const stale = await sendPhoto(service.baseUrl, 'DELETE', photoPath(pet.id), { headers: { 'if-match': '"1"' } });
    expect([stale.status, stale.json.current.revision]).toEqual([412, 2]);
    const absent = await sendPhoto(service.baseUrl, 'DELETE', photoPath(999), { headers: { 'if-match': '*' } });
    expect(absent.status).toBe(404);
    expect((await sendPhoto(service.baseUrl, 'GET', photoPath(pet.id))).status).toBe(200);
  });
});

describe('DELETE /v1/pets/{petId}/photo, retried', () => {
  it('Idempotency-Key: a retry replays the first 200; another request under it is 422; 400 and 401 as for PUT', async () => {
    const pet = add();
    await put(pet.id, green, { 'if-match': '"1"' });
    const headers = { 'if-match': '"2"', 'idempotency-key': 'remove-1' };
    const first = await sendPhoto(service.baseUrl, 'DELETE', photoPath(pet.id), { headers });
    const again = await sendPhoto(service.baseUrl, 'DELETE', photoPath(pet.id), { headers });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(again.bytes).toEqual(first.bytes);
    const other = await sendPhoto(service.baseUrl, 'DELETE', photoPath(pet.id), {
      headers: { 'if-match': '"3"', 'idempotency-key': 'remove-1' },
    });
    expect([other.status, other.json.code]).toEqual([422, 'idempotency_key_mismatch']);
    const notId = await sendPhoto(service.baseUrl, 'DELETE', photoPath('x'), { headers: { 'if-match': '*' } });
    expect([notId.status, notId.json.code]).toEqual([400, 'invalid_parameter']);
    const malformed = await sendPhoto(service.baseUrl, 'DELETE', photoPath(pet.id), { headers: { 'if-match': 'W/3' } });
    expect(malformed.status).toBe(400);
    const anonymous = await sendPhoto(service.baseUrl, 'DELETE', photoPath(pet.id), {
      headers: { 'if-match': '*' },
      anonymous: true,
    });
    expect(anonymous.status).toBe(401);
    expect(service.store.getPet(pet.id).revision).toBe(3);
  });
});

describe('the photo as a resource', () => {
  it('any other method is 405 with Allow', async () => {
    const pet = add();
    for (const method of ['POST', 'PATCH']) {
      const answer = await sendPhoto(service.baseUrl, method, photoPath(pet.id), {
        headers: { 'content-type': 'image/jpeg' },
        body: green,
      });
      expect([answer.status, answer.headers.get('allow')]).toEqual([405, 'GET, HEAD, PUT, DELETE']);
    }
  });

  it('a client of the interface alone sees the animals it always saw', async () => {
    const pet = add();
    const one = await send(service.baseUrl, 'GET', `/v1/pets/${pet.id}`);
    expect(one.json).toEqual({ id: Number(pet.id), name: 'Rex', categoryId: 3, status: 'available', revision: 1 });
    const created = await send(service.baseUrl, 'POST', '/v1/pets', { body: { name: 'Tom', categoryId: 1 } });
    expect(created.json).not.toHaveProperty('photo');
  });
});
