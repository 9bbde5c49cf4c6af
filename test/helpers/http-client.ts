import { expectConformsToOpenApi, type ReceivedResponse } from './openapi-contract';
import { TEST_API_KEY } from './http-service';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever JSON came back
type AnyJson = any;

export interface SendOptions {
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string is sent as it is. */
  body?: unknown;
  /** Leave out the valid Authorization header. */
  anonymous?: boolean;
}

/** Sends a request over real HTTP and checks the response against the OpenAPI description. */
export async function send(
  baseUrl: string,
  method: string,
  path: string,
  options: SendOptions = {},
): Promise<ReceivedResponse & { json: AnyJson }> {
  const headers: Record<string, string> = {
    ...(options.anonymous ? {} : { authorization: `Bearer ${TEST_API_KEY}` }),
    ...options.headers,
  };
  let body: string | undefined;
  if (typeof options.body === 'string') body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const url = `${baseUrl}${path}`;
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  const received = { method, url, status: response.status, headers: response.headers, text };
  await expectConformsToOpenApi(received);
  return { ...received, json: text === '' ? undefined : JSON.parse(text) };
}
