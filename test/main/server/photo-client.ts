// Requests of the photo operations, whose bodies are bytes, each answer checked against
// resources/openapi.yaml: a documented status, content type and headers, and a JSON body (an
// error's or a Pet's) matching its schema.
import OpenAPIBackend from 'openapi-backend';
import { expect } from 'vitest';
import { TEST_API_KEY } from '../../helpers/http-service';
import { expectErrorShape, openapiDocument } from '../../helpers/openapi-contract';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever JSON came back
type AnyJson = any;

export interface PhotoAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  json: AnyJson;
}

let backend: Promise<OpenAPIBackend> | undefined;
function api(): Promise<OpenAPIBackend> {
  backend ??= (async () => {
    const instance = new OpenAPIBackend({ definition: structuredClone(openapiDocument), apiRoot: '/v1', strict: true });
    await instance.init();
    return instance;
  })();
  return backend;
}

type Documented = { content?: Record<string, unknown>; headers?: Record<string, { required?: boolean }> };

/** The answer is what the description says of its operation and status. */
export async function expectDocumented(method: string, path: string, answer: Omit<PhotoAnswer, 'json'>) {
  const [pathname = '', query = ''] = path.split('?');
  const openapi = await api();
  const operation = openapi.matchOperation({
    method,
    path: pathname,
    headers: {},
    query: Object.fromEntries(new URLSearchParams(query)),
  });
  const type = (answer.headers.get('content-type') ?? '').split(';')[0]!;
  const json = type === 'application/json' ? JSON.parse(answer.bytes.toString('utf8')) : undefined;
  if (answer.status >= 400) expectErrorShape(json, answer.status);
  if (operation === undefined) return json;
  const documented = operation.responses?.[String(answer.status)] as Documented | undefined;
  expect(documented, `${method} ${pathname} answered ${answer.status}`).toBeDefined();
  if (answer.status === 304 || method === 'HEAD') expect(answer.bytes.length).toBe(0);
  else expect(Object.keys(documented!.content ?? {})).toContain(type);
  if (json !== undefined) {
    const result = openapi.validateResponse(json, operation, answer.status);
    expect(result.errors ?? [], `${method} ${pathname} ${answer.status}: ${JSON.stringify(json)}`).toEqual([]);
  }
  const headers = Object.fromEntries(answer.headers.entries());
  const headerResult = openapi.validateResponseHeaders(headers, operation, {
    statusCode: answer.status,
    setMatchType: 'any' as never,
  });
  expect(headerResult.errors ?? []).toEqual([]);
  for (const [name, header] of Object.entries(documented!.headers ?? {})) {
    if (header.required) expect(answer.headers.has(name), `required header ${name}`).toBe(true);
  }
  return json;
}

/** A request over real HTTP with the key (unless `anonymous`), its answer checked against the description. */
export async function sendPhoto(
  baseUrl: string,
  method: string,
  path: string,
  {
    body,
    headers = {},
    anonymous = false,
  }: { body?: Uint8Array; headers?: Record<string, string>; anonymous?: boolean } = {},
): Promise<PhotoAnswer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(anonymous ? {} : { authorization: `Bearer ${TEST_API_KEY}` }), ...headers },
    body,
  });
  const answer = {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
  const json = await expectDocumented(method, path, answer);
  return { ...answer, json };
}

/** A raw HTTP/1.1 answer as status, headers and body bytes. */
export function parseRawAnswer(text: string): Omit<PhotoAnswer, 'json'> {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Headers();
  for (const line of lines) headers.append(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim());
  return { status: Number(statusLine.split(' ')[1]), headers, bytes: Buffer.from(rest.join('\r\n\r\n'), 'latin1') };
}
