import type { z } from 'zod';
import {
  animalToWire,
  CHANGE_BATCH,
  changeBatchResultsSchema,
  EXTENSIONS_PATH,
  extensionsSchema,
  type ExtensionName,
  etagOf,
  listPetsQuerySchema,
  newPetSchema,
  petPatchSchema,
  type PetPatch,
  parseOrThrow,
  petIdSchema,
  pickFields,
  PERSON_FIELD_NAMES,
  remotePetSchema,
  remotePetsSchema,
  type ListPetsQuery,
  type HistoryEntry,
  type NewPet,
  type Pet,
  type RemoteEnvironment,
} from '../../shared/contract';
import { serverHistoryEntries, serverHistorySchema } from './history-answer';
import { writeHeaders, type WriteOptions } from './write-headers';
import { stringifyJson } from '../wire/json-codec';
import { readBody } from './answer-body';
import { DEFAULT_TIMEOUTS, exchange } from './http-exchange';
import { keyRemoval, type KeyRemoval } from './key-removal';
import { noAddress, noKey } from './missing-setting';
import { nextPageOf, onListPath, type RemotePage } from './next-page';
import { RemoteError } from './remote-error';
import { serviceError } from './service-error';
import { orderRequests } from './order-request';

export { DEFAULT_TIMEOUTS } from './http-exchange';
export { nextPageOf, type RemotePage } from './next-page';
export { readRetryAfter, RETRY_AFTER_MAX_MS, SERVER_TEXT_LIMITS } from './service-error';

export interface DeprecationNotice {
  operation: 'getPet';
  deprecation: string | null;
  sunset: string | null;
  link: string | null;
}

export interface RemoteClientOptions {
  environment: RemoteEnvironment;
  baseUrl: string | null;
  /**
   * Read from the keychain for each request, so a replaced key takes effect at once; given the
   * origin the request goes to, which the key must be bound to (it throws a RemoteError otherwise).
   */
  apiKey: (origin: string) => Promise<string | null>;
  timeouts?: Partial<typeof DEFAULT_TIMEOUTS>;
  /** Called the first time a deprecation header is seen. */
  onDeprecation?: (notice: DeprecationNotice) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
}

interface Answer {
  status: number;
  header(name: string): string | null;
  body: unknown;
  /** A 200's bytes, when bytes were asked for (a photo). */
  bytes?: Buffer;
  /** How the key this request was sent with is taken out of what is made of the answer. */
  removal: KeyRemoval;
}

/** A client for one remote environment's three operations. Validates everything it receives. */
export function createRemoteClient(options: RemoteClientOptions) {
  const { environment, baseUrl } = options;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const where = `${environment} (${baseUrl ?? 'no address'})`;
  let deprecation: DeprecationNotice | null = null;

  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string | URL,
    init: {
      body?: string | Uint8Array;
      headers?: Record<string, string>;
      signal?: AbortSignal;
      /** A 200's body is bytes, at most this many. */
      bytesUpTo?: number;
    },
  ): Promise<Answer> {
    if (baseUrl === null) throw noAddress(environment);
    const key = await options.apiKey(new URL(baseUrl).origin);
    if (key === null || key === '') throw noKey(environment);
    const answer = await exchange({
      where,
      method,
      url: typeof path === 'string' ? `${baseUrl}${path}` : path.href,
      key,
      body: init.body,
      headers: init.headers,
      signal: init.signal,
      timeouts,
      ...(init.bytesUpTo === undefined ? {} : { bytes: true, maxBytes: init.bytesUpTo }),
    });
    const removal = keyRemoval(key);
    if (answer.bytes !== undefined)
      return { status: answer.status, header: answer.header, body: undefined, bytes: answer.bytes, removal };
    const body = readBody(where, answer.status, answer.header, answer.text, removal);
    return { status: answer.status, header: answer.header, body, removal };
  }

  /** The body of a successful answer, validated; an Error answer becomes a service_error. */
  function expect<S extends z.ZodType>(answer: Answer, okStatus: number, schema: S, what: string): z.output<S> {
    if (answer.status === okStatus) {
      const parsed = schema.safeParse(answer.body);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0]!;
      throw new RemoteError(
        'not_the_contract',
        `${where} answered with something that is not ${what}: ${issue.path.map(String).join('.') || 'the body'} ${issue.message}.`,
        { status: answer.status },
      );
    }
    throw serviceError(where, answer.status, answer.body, answer.header('retry-after'));
  }

  /**
   * An add or a change as the wire carries it: what a person gives, int64s as JSON integers. The
   * replica decides what an add or a change holds: details only for a server that takes them.
   */
  const wireBody = (animal: object): object => animalToWire(pickFields(animal, PERSON_FIELD_NAMES));
  const changeBody = (patch: PetPatch): object =>
    wireBody(parseOrThrow(petPatchSchema('app'), patch, 'invalid_body', 'body'));

  /** The answer about animal `id` (a change of it, or it asked for) is that animal, or the server is not keeping the contract. */
  function theAnimalAsked(pet: Pet, id: string, asked = 'a change of animal'): Pet {
    if (pet.id !== id) {
      throw new RemoteError('not_the_contract', `${where} answered ${asked} ${id} with animal ${pet.id}.`, {
        status: 200,
      });
    }
    return pet;
  }

  return {
    environment,
    baseUrl,
    ...orderRequests(call, expect, where, baseUrl),

    async listPets(query: Partial<ListPetsQuery> = {}, options: CallOptions = {}): Promise<Pet[]> {
      return (await this.listPage(query, options)).pets;
    },

    /**
     * A page of listPets and where the next one is, if the server says (our extension: an RFC 8288
     * `Link: <…>; rel="next"`, followed as given). `next` asks for that page instead of the first.
     * A next page is only ever on the same server and path: a link elsewhere is not followed (the
     * key never goes there), and why is said in `nextRefused`.
     */
    async listPage(
      query: Partial<ListPetsQuery> = {},
      { signal, next }: CallOptions & { next?: string } = {},
    ): Promise<RemotePage> {
      const { limit, status } = parseOrThrow(listPetsQuerySchema, query, 'invalid_parameter', 'query');
      const search = new URLSearchParams({ limit: String(limit), ...(status ? { status } : {}) });
      if (next !== undefined && !onListPath(next, `${baseUrl}/pets`)) {
        // A page of another address (the address changed since): this environment's key never goes there.
        throw new RemoteError(
          'cancelled',
          `${where}: that next page is not on this address; start again from the first.`,
        );
      }
      const answer = await call('GET', next === undefined ? `/pets?${search}` : new URL(next), { signal });
      const pets = expect(answer, 200, remotePetsSchema('json'), 'a list of pets');
      if (pets.length > limit)
        throw new RemoteError(
          'not_the_contract',
          `${where} sent ${pets.length} animals when at most ${limit} were asked for.`,
        );
      return { pets, ...nextPageOf(answer.header('link'), `${baseUrl}/pets`, answer.removal.text) };
    },

    async createPet(newPet: NewPet, options: WriteOptions = {}): Promise<Pet> {
      const valid = parseOrThrow(newPetSchema('app'), newPet, 'invalid_body', 'body');
      const body = stringifyJson(wireBody(valid));
      const headers = writeHeaders('application/json', options);
      const answer = await call('POST', '/pets', { body, headers, signal: options.signal });
      return expect(answer, 201, remotePetSchema('json'), 'a pet');
    },

    /**
     * Our extension: a merge patch of one animal, made only if the server's animal is still at
     * `revision` (If-Match; null when the server gave none: "*" is never sent on our behalf, so the
     * server decides, and ours answers 428). Answers the animal as changed. A 412 carries the
     * server's current animal in `details.current` when it said.
     */
    async changePet(petId: string, patch: PetPatch, options: WriteOptions & { revision: number | null }): Promise<Pet> {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      const body = stringifyJson(changeBody(patch));
      const headers = writeHeaders('application/merge-patch+json', options, options.revision);
      const answer = await call('PATCH', `/pets/${id}`, { body, headers, signal: options.signal });
      return theAnimalAsked(expect(answer, 200, remotePetSchema('json'), 'a pet'), id);
    },

    /**
     * Our extension's batch (POST /v1/pet-changes): each change as changePet would send it (its
     * revision as ifMatch, none when null; its key). Answers, in order, each change's animal or
     * its refusal (the service_error changePet would throw); throws when the request as a whole
     * failed (a server without the batch answers 404, 405 or 501).
     */
    async changePets(
      changes: ReadonlyArray<{ petId: string; patch: PetPatch; revision: number | null } & WriteOptions>,
      { signal }: CallOptions = {},
    ): Promise<Array<{ pet: Pet } | { error: RemoteError }>> {
      const wire = changes.map(({ petId, patch, revision, idempotencyKey, act }) => ({
        petId: BigInt(parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId')),
        ...(revision === null ? {} : { ifMatch: etagOf(revision) }),
        ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
        patch: changeBody(patch),
        ...(act?.by === undefined ? {} : { actor: encodeURIComponent(act.by) }),
        ...(act?.at === undefined ? {} : { actedAt: new Date(act.at).toISOString() }),
      }));
      const body = stringifyJson({ changes: wire });
      const headers = { 'content-type': 'application/json' };
      const answer = await call('POST', CHANGE_BATCH.path, { body, headers, signal });
      const { results } = expect(answer, 200, changeBatchResultsSchema, 'the results of the changes');
      if (results.length !== changes.length) {
        throw new RemoteError(
          'not_the_contract',
          `${where} answered ${changes.length} changes with ${results.length} results.`,
          { status: 200 },
        );
      }
      return results.map((result, i) => {
        const id = String(wire[i]!.petId);
        if (!('pet' in result)) return { error: serviceError(where, result.status, result.error, null) };
        try {
          return { pet: theAnimalAsked(result.pet, id) };
        } catch (error) {
          return { error: error as RemoteError };
        }
      });
    },

    /**
     * Our extension: the animal's photo set to these bytes (PUT /pets/{petId}/photo, WebP) or
     * removed (`image` null: DELETE), under If-Match and an Idempotency-Key as changePet. Answers
     * the animal, its `photo` the digest of what the server keeps (it prepares what it is sent).
     */
    async sendPhoto(
      petId: string,
      image: Uint8Array | null,
      options: WriteOptions & { revision: number | null },
    ): Promise<Pet> {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      const headers = writeHeaders(image === null ? null : 'image/webp', options, options.revision);
      const answer = await call(image === null ? 'DELETE' : 'PUT', `/pets/${id}/photo`, {
        ...(image === null ? {} : { body: image }),
        headers,
        signal: options.signal,
      });
      return theAnimalAsked(expect(answer, 200, remotePetSchema('json'), 'a pet'), id);
    },

    /**
     * Our history extension: a page of the animal's changes as the server recorded them, newest
     * first (at most `limit`, older than its entry `before`), read as untrusted (history-answer.ts):
     * who, when, what, each field before and after. `more`: the server links an older page.
     */
    async petHistory(
      petId: string,
      { signal, limit, before }: CallOptions & { limit: number; before?: number },
    ): Promise<{ entries: HistoryEntry[]; more: boolean }> {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      const path = `/pets/${id}/history`;
      const answer = await call('GET', `${path}?limit=${limit}${before === undefined ? '' : `&before=${before}`}`, {
        signal,
      });
      const entries = serverHistoryEntries(id, expect(answer, 200, serverHistorySchema, "an animal's history"));
      const { next } = nextPageOf(answer.header('link'), `${baseUrl}${path}`, answer.removal.text);
      return { entries, more: next !== null };
    },

    /**
     * Our extension: the bytes of the animal's photo or its thumbnail (GET /pets/{petId}/photo), at
     * most `maxBytes`; null when it has none. What they are is for the caller to check: they are
     * a server's, untrusted.
     */
    async photoBytes(
      petId: string,
      size: 'image' | 'thumbnail',
      { signal, maxBytes }: CallOptions & { maxBytes: number },
    ): Promise<Buffer | null> {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      const path = `/pets/${id}/photo${size === 'thumbnail' ? '?size=thumbnail' : ''}`;
      const answer = await call('GET', path, { headers: { accept: 'image/webp' }, signal, bytesUpTo: maxBytes });
      if (answer.bytes !== undefined) return answer.bytes;
      if (answer.status === 404) return null;
      throw serviceError(where, answer.status, answer.body, answer.header('retry-after'));
    },

    /**
     * Which of our extensions the server has (GET /extensions): none for a server of the interface
     * alone, which answers 404, 405 or 501; names this app does not know are left out.
     */
    async extensions({ signal }: CallOptions = {}): Promise<ExtensionName[]> {
      const lacks = (status: number | undefined) => status === 404 || status === 405 || status === 501;
      try {
        const answer = await call('GET', EXTENSIONS_PATH, { signal });
        if (lacks(answer.status)) return [];
        return expect(answer, 200, extensionsSchema, 'a list of extensions');
      } catch (error) {
        // Its 404 need not be in the Error shape (a web server's page): still a server without it.
        if (error instanceof RemoteError && error.kind === 'not_the_contract' && lacks(error.details.status)) return [];
        throw error;
      }
    },

    /** Deprecated by the interface (removed 2030-12-05); prefer listPets with a status filter. */
    async getPet(petId: string, { signal }: CallOptions = {}): Promise<Pet> {
      const id = parseOrThrow(petIdSchema, petId, 'invalid_parameter', 'petId');
      const answer = await call('GET', `/pets/${id}`, { signal });
      const notice: DeprecationNotice = {
        operation: 'getPet',
        deprecation: answer.header('deprecation'),
        sunset: answer.header('sunset'),
        link: answer.header('link'),
      };
      if (deprecation === null && (notice.deprecation !== null || notice.sunset !== null)) {
        deprecation = notice;
        options.onDeprecation?.(notice);
      }
      return theAnimalAsked(expect(answer, 200, remotePetSchema('json'), 'a pet'), id, 'a request for animal');
    },

    /** The deprecation headers getPet has carried this session, if any. */
    deprecationNotice(): DeprecationNotice | null {
      return deprecation;
    },
  };
}

export type RemoteClient = ReturnType<typeof createRemoteClient>;
