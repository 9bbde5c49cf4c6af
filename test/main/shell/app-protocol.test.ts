import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, APP_SCHEME_PRIVILEGES, resolveAppFile } from '../../../src/main/shell/app-protocol';
import { useTempDir } from '../../helpers/temp-dir';

describe('the app:// scheme', () => {
  const tmp = useTempDir();
  const renderer = () => {
    const dir = join(realpathSync(tmp()), 'renderer');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'assets', 'index.js'), '');
    writeFileSync(join(tmp(), 'secret.txt'), 'not for the page');
    return dir;
  };

  it("is privileged like https and no further: nothing that loosens the page's CSP or origin rules", () => {
    const granted = Object.entries(APP_SCHEME_PRIVILEGES)
      .filter(([, on]) => on)
      .map(([name]) => name);
    expect(granted.filter((name) => !['standard', 'secure', 'codeCache'].includes(name))).toEqual([]);
    // Electron keeps compiled code only for a standard scheme, and the renderer needs a secure context.
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({ standard: true, secure: true });
  });

  it('serves the renderer folder with the right content types', () => {
    const dir = renderer();
    expect(resolveAppFile(dir, `${APP_ORIGIN}/`)).toEqual({
      kind: 'file',
      path: join(dir, 'index.html'),
      contentType: 'text/html; charset=utf-8',
    });
    expect(resolveAppFile(dir, `${APP_ORIGIN}/assets/index.js?v=1#x`)).toMatchObject({
      path: join(dir, 'assets', 'index.js'),
      contentType: 'text/javascript; charset=utf-8',
    });
  });

  it.each([
    // URL parsing folds (encoded) dot segments away: what is left, /secret.txt, is inside and of no served type
    ['dot segments', `${APP_ORIGIN}/../secret.txt`, 404],
    ['encoded dot segments', `${APP_ORIGIN}/%2e%2e/secret.txt`, 404],
    ['dots hidden behind an encoded slash', `${APP_ORIGIN}/assets%2f%2e%2e%2f%2e%2e%2fsecret.txt`, 403],
    ['encoded slashes', `${APP_ORIGIN}/assets%2f..%2f..%2fsecret.txt`, 403],
    ['backslashes', `${APP_ORIGIN}/..%5csecret.txt`, 403],
    ['a NUL byte', `${APP_ORIGIN}/index.html%00.js`, 403],
    ['another host', 'app://elsewhere/index.html', 403],
    ['another scheme', 'file:///etc/passwd', 403],
    ['a malformed escape', `${APP_ORIGIN}/%E0%A4%A`, 400],
    ['an unknown file type', `${APP_ORIGIN}/index.sh`, 404],
  ])('refuses %s', (_what, url, status) => {
    expect(resolveAppFile(renderer(), url)).toMatchObject({ kind: 'refused', status });
  });

  it('refuses anything but GET', () => {
    expect(resolveAppFile(renderer(), `${APP_ORIGIN}/index.html`, 'POST')).toMatchObject({
      kind: 'refused',
      status: 400,
    });
  });

  it('never answers with a file outside the renderer folder, whatever the path', () => {
    const dir = renderer();
    const segment = fc.constantFrom(
      '..',
      '.',
      '%2e%2e',
      '%2E.',
      'assets',
      'index.html',
      '%2f',
      '%5c',
      '',
      '~',
      'secret.txt',
      '%00',
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (segments) => {
        const answer = resolveAppFile(dir, `${APP_ORIGIN}/${segments.join('/')}`);
        if (answer.kind === 'file') expect(answer.path.startsWith(dir + sep)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
