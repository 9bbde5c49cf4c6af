import { extname, resolve, sep } from 'node:path';

/** The renderer is served from app://petstore/, a standard, secure scheme registered before ready. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'petstore';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * What app:// may do: behave like https (a real origin, a secure context) and keep V8's compiled
 * code for the renderer between starts (in the harness's Chromium the same cache takes 15-50 ms
 * off a page load; Electron allows it only on a standard scheme). Nothing that would loosen the
 * page's rules: no CSP bypass, no CORS, no service workers.
 */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, codeCache: true } as const;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export type AppFileAnswer =
  { kind: 'file'; path: string; contentType: string } | { kind: 'refused'; status: 400 | 403 | 404; reason: string };

/**
 * Maps an app:// request to a file inside the renderer folder, or refuses it. Only GET on our
 * own host, only known file types, and nothing outside `rendererDir`: URL parsing folds dot
 * segments (plain or %2e-encoded) away, and whatever still points outside after decoding
 * (encoded slashes), backslashes and NUL bytes end at 403, never at a file elsewhere on disk.
 */
export function resolveAppFile(rendererDir: string, requestUrl: string, method = 'GET'): AppFileAnswer {
  if (method !== 'GET') return { kind: 'refused', status: 400, reason: `${method} is not served` };
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { kind: 'refused', status: 400, reason: 'not a URL' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST)
    return { kind: 'refused', status: 403, reason: 'not the app origin' };
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'refused', status: 400, reason: 'malformed escape' };
  }
  if (path.includes('\0') || path.includes('\\'))
    return { kind: 'refused', status: 403, reason: 'forbidden character' };
  if (path === '/' || path === '') path = '/index.html';
  const root = resolve(rendererDir);
  const file = resolve(root, `.${path}`);
  if (!file.startsWith(root + sep)) return { kind: 'refused', status: 403, reason: 'outside the renderer folder' };
  const contentType = CONTENT_TYPES[extname(file).toLowerCase()];
  if (contentType === undefined) return { kind: 'refused', status: 404, reason: 'unknown file type' };
  return { kind: 'file', path: file, contentType };
}
