import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const hex = (character: string) => character.charCodeAt(0).toString(16).padStart(4, '0');
const escaped = (character: string, upper = false) => `\\u${upper ? hex(character).toUpperCase() : hex(character)}`;
const percent = (character: string, upper = true) => {
  const code = character.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? code.toUpperCase() : code}`;
};
const base64 = (text: string, url = false) => Buffer.from(text).toString(url ? 'base64url' : 'base64');
const each = (text: string, write: (character: string, i: number) => string) => [...text].map(write).join('');

/**
 * The ways a server might write back the Authorization header it was sent ("Bearer <key>"): as
 * text that may stand inside a JSON string literal, where JSON's escapes mean what they say.
 */
export const ECHO_FORMS = {
  plain: (header: string) => header,
  'first character of the key escaped': (header: string) => header.replace(/ (.)/, (_, c: string) => ` ${escaped(c)}`),
  'every character escaped, lower-case hex': (header: string) => each(header, (c) => escaped(c)),
  'every character escaped, upper-case hex': (header: string) => each(header, (c) => escaped(c, true)),
  'escapes mixed with plain characters and \\/': (header: string) =>
    each(header, (c, i) => (c === '/' ? '\\/' : i % 3 === 0 ? escaped(c, i % 2 === 0) : c)),
  'between escaped surrogate pairs': (header: string) =>
    `\\ud83d\\ude00${each(header, (c, i) => (i % 2 ? escaped(c) : c))}\\uD83D\\uDE00`,
  'percent-encoded, upper-case hex': (header: string) => each(header, (c) => percent(c)),
  'percent-encoded, lower-case hex, only some': (header: string) =>
    each(header, (c, i) => (i % 2 ? percent(c, false) : c)),
  'percent-encoded as encodeURIComponent does': (header: string) => encodeURIComponent(header),
  'percent-encoded with the percent sign escaped': (header: string) =>
    each(header, (c) => `\\u0025${percent(c).slice(1)}`),
  'upper case': (header: string) => header.toUpperCase(),
  'base64 of the header': (header: string) => base64(header),
  'base64 of the key': (header: string) => base64(header.slice('Bearer '.length)),
  'base64url of the header, inside a longer token': (header: string) => base64(`token=${header};`, true),
} as const;
export type EchoForm = keyof typeof ECHO_FORMS;

/** A JSON string literal's text holding `echo` as the server wrote it. */
const quoted = (echo: string) => `"${echo}"`;

function answer(res: ServerResponse, status: number, json: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(json);
}

/** What the server answers each call, every answer carrying `echo` (JSON text) and `inHeader` (header text). */
function respond(
  req: IncomingMessage,
  body: string,
  res: ServerResponse,
  echo: string,
  inHeader: string,
  base: string,
) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname.slice(base.length);
  const pet = (id: number) => `{"id":${id},"name":${quoted(`Named ${echo}`)},"categoryId":1,"revision":1}`;
  const error = (code: string, status: number) =>
    `{"code":${quoted(code)},"message":${quoted(`You sent ${echo}`)},"status":${status},"fields":[{"field":"name","message":${quoted(echo)}}]}`;
  if (req.method === 'GET' && path === '/pets') {
    const next =
      url.searchParams.get('status') === 'sold'
        ? `<http://elsewhere.example/${inHeader}>; rel="next"`
        : `<${base}/pets?cursor=${inHeader}>; rel="next"`;
    return answer(res, 200, `[${pet(1)},${pet(2)}]`, { link: next });
  }
  const one = /^\/pets\/(\d+)$/.exec(path);
  if (req.method === 'GET' && one) {
    switch (one[1]) {
      case '1':
        return answer(res, 200, pet(1), {
          deprecation: `@${inHeader}`,
          sunset: inHeader,
          link: `<http://elsewhere.example/${inHeader}>; rel="successor-version"`,
        });
      case '2': // a login page's redirect that names the key
        res.writeHead(302, { location: `http://portal.example/login?from=${inHeader}` });
        return res.end();
      case '3':
        res.writeHead(400, { 'content-type': `text/plain; charset=${inHeader}` });
        return res.end(echo);
      case '4': // not a Pet: the message quotes the value
        return answer(res, 200, `{"id":${quoted(echo)},"name":"Rex","categoryId":1}`);
      case '5': // not JSON: the parser's message quotes the member's name
        return answer(res, 200, `{${quoted(echo)}:1,${quoted(echo)}:2}`);
      default:
        return answer(res, 200, pet(Number(one[1])));
    }
  }
  if (req.method === 'POST' && path === '/pets')
    return answer(res, 400, error('invalid_body', 400), { 'x-echo': inHeader });
  if (req.method === 'PATCH' && one) {
    const id = Number(one[1]);
    const stale = `{"code":"precondition_failed","message":${quoted(`You sent ${echo}`)},"status":412,"current":${pet(id)}}`;
    return answer(res, 412, stale, { etag: '"1"' });
  }
  if (req.method === 'POST' && path === '/pet-changes') {
    const { changes } = JSON.parse(body) as { changes: Array<{ petId: number }> };
    const results = changes.map(({ petId }, i) =>
      i === 0 ? `{"status":400,"error":${error(echo, 400)}}` : `{"status":200,"pet":${pet(petId)}}`,
    );
    return answer(res, 200, `{"results":[${results.join(',')}]}`);
  }
  answer(res, 404, error('not_found', 404));
}

export interface KeyEchoingServer {
  /** The address (ending with /v1) of a server that writes the key back in this form. */
  url(form: EchoForm): string;
  /** How many requests came with an Authorization header: the haystack is real. */
  readonly echoed: number;
  close(): Promise<void>;
}

/**
 * A server on 127.0.0.1 that writes the Authorization header it was sent back in every answer, in
 * one of ECHO_FORMS chosen by the first path segment: in names, messages, field problems, the
 * current animal of a 412, a batch's results, a next-page link, deprecation headers, a redirect, a
 * content type, a value that is not a Pet and a member name the JSON parser complains of.
 */
export async function startKeyEchoingServer(): Promise<KeyEchoingServer> {
  let echoed = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const formName = decodeURIComponent(/^\/([^/]+)\/v1\//.exec(req.url ?? '')?.[1] ?? '') as EchoForm;
      const form = Object.hasOwn(ECHO_FORMS, formName) ? ECHO_FORMS[formName] : undefined;
      const header = req.headers.authorization;
      if (form === undefined || header === undefined)
        return answer(res, 404, '{"code":"not_found","message":"no","status":404}');
      echoed++;
      const written = form(header);
      // In a header, JSON's escapes mean nothing: the percent and base64 forms are what matter there.
      const inHeader = written.replaceAll(/[^\x21-\x7e]/g, '');
      const base = `/${encodeURIComponent(formName)}/v1`;
      respond(req, Buffer.concat(chunks).toString('utf8'), res, written, inHeader, base);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (form) => `http://127.0.0.1:${port}/${encodeURIComponent(form)}/v1`,
    get echoed() {
      return echoed;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
