import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAPIBackend from 'openapi-backend';
import { isSafeNumber, parse as parseLossless } from 'lossless-json';
import { parse } from 'yaml';
import { expect } from 'vitest';
import { ERROR_CODES } from '../../src/shared/contract';

export const OPENAPI_FILE = join(import.meta.dirname, '../../resources/openapi.yaml');
export const openapiDocument = parse(readFileSync(OPENAPI_FILE, 'utf8'));

let backend: Promise<OpenAPIBackend> | undefined;
function api(): Promise<OpenAPIBackend> {
  backend ??= (async () => {
    const instance = new OpenAPIBackend({ definition: structuredClone(openapiDocument), apiRoot: '/v1', strict: true });
    await instance.init();
    return instance;
  })();
  return backend;
}

export interface ReceivedResponse {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  text: string;
}

/**
 * Asserts that a response the service gave is what resources/openapi.yaml says: a documented
 * status with a body (and headers) matching its schema for the matched operation; for a request
 * no operation matches (unknown route, wrong method), the Error shape.
 */
export async function expectConformsToOpenApi(response: ReceivedResponse): Promise<void> {
  // The path exactly as sent: `new URL` would resolve dot segments the server never saw resolved.
  const sent = response.url.replace(/^https?:\/\/[^/]+/, '');
  const [pathname = '', ...rest] = sent.split('?');
  const searchParams = new URLSearchParams(rest.join('?'));
  if (response.method === 'HEAD') {
    expect(response.text).toBe(''); // the status and headers of the GET, without its body
    return;
  }
  const body = response.text === '' ? undefined : parseForSchemaCheck(response.text);
  if (response.status >= 400) expectErrorShape(body, response.status);
  const openapi = await api();
  // An empty segment ("/v1/pets//") names no resource, though the library would match it.
  const operation =
    ['GET', 'POST', 'PATCH'].includes(response.method) && !pathname.includes('//')
      ? openapi.matchOperation({
          method: response.method,
          path: pathname,
          headers: {},
          query: Object.fromEntries(searchParams),
        })
      : undefined;
  if (operation === undefined) return;
  const documented = Object.keys(operation.responses ?? {});
  expect(documented, `${response.method} ${pathname} answered ${response.status}`).toContain(String(response.status));
  const result = openapi.validateResponse(body, operation, response.status);
  expect(result.errors ?? [], `${response.method} ${pathname} ${response.status}: ${response.text}`).toEqual([]);
  const headers = Object.fromEntries(response.headers.entries());
  // 'any': documented headers that are present must match their schema. Which must be present is
  // what the description marks `required: true` (the library's stricter modes require them all).
  const headerResult = openapi.validateResponseHeaders(headers, operation, {
    statusCode: response.status,
    setMatchType: 'any' as never,
  });
  expect(headerResult.errors ?? []).toEqual([]);
  const documentedHeaders =
    (operation.responses?.[String(response.status)] as { headers?: Record<string, { required?: boolean }> })?.headers ??
    {};
  for (const [name, header] of Object.entries(documentedHeaders)) {
    if (header.required) expect(response.headers.has(name), `required header ${name}`).toBe(true);
  }
}

/** The Error shape: code, message, status; and on a 400 about fields, `fields` that say the same as the message. */
export function expectErrorShape(body: unknown, httpStatus: number): void {
  const { fields, current, ...shape } = body as {
    fields?: Array<{ field: string; message: string }>;
    current?: unknown;
  };
  expect(shape).toEqual({ code: expect.any(String), message: expect.any(String), status: httpStatus });
  if (current !== undefined) expect(httpStatus).toBe(412);

  expect(ERROR_CODES).toContain((body as { code: string }).code);
  expect((body as { message: string }).message.length).toBeGreaterThan(0);
  // A 400 about fields says them in one sentence; a 409 puts its refusal on the field it is about.
  if (fields !== undefined) {
    expect([400, 409]).toContain(httpStatus);
    if (httpStatus === 400)
      expect(fields.map(({ field, message }) => `${field} ${message}`).join('; ')).toBe(
        (body as { message: string }).message,
      );
  }
}

/**
 * JSON for the schema validator, which (like every JS validator) checks `format: int64` on
 * numbers only within 2^53: an integer beyond that stands in as the largest safe integer of its
 * sign. Exact digits are asserted on the response text by the tests that care.
 */
function parseForSchemaCheck(text: string): unknown {
  return parseLossless(text, null, (literal) =>
    isSafeNumber(literal)
      ? Number(literal)
      : literal.startsWith('-')
        ? Number.MIN_SAFE_INTEGER
        : Number.MAX_SAFE_INTEGER,
  );
}
