// What prints cannot reach the network: a page that asks for images, styles, scripts, frames and
// fonts from a real HTTP server on 127.0.0.1 gets none of them (the printer refuses every request
// but data:), and a name made of markup stays text on the card.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createChromiumPrinter } from '../../../src/main/paper/chromium-printer';
import { pagesOfPdf, textOfPdf } from '../../helpers/paper-reading';
import { useTestCore } from '../core/test-core';
import { addAnimal } from './paper-animals';

describe('printing is safe', () => {
  const { open } = useTestCore();
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  /** A server that counts what it is asked for. */
  async function listening(): Promise<{ origin: string; asked: string[] }> {
    const asked: string[] = [];
    server = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.end('body { background: red }');
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
  }

  it('refuses every request a page makes, even one without our content policy, after another page', async () => {
    const { origin, asked } = await listening();
    const printer = createChromiumPrinter();
    try {
      // The printer keeps its tab from one page to the next: the refusal holds for the second.
      expect(await textOfPdf(await printer.pdf('<p>First page</p>', { pageNumbers: false }))).toContain('First page');
      const hostile = `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="${origin}/style.css"><style>@import url("${origin}/import.css");
@font-face { font-family: x; src: url("${origin}/font.woff"); } body { font-family: x; background: url("${origin}/bg.png"); }</style>
<script src="${origin}/script.js"></script></head><body><p>Still printed</p>
<img src="${origin}/image.png"><iframe src="${origin}/frame.html"></iframe><object data="${origin}/object"></object>
<video poster="${origin}/poster.png"></video><a href="${origin}/link">link</a></body></html>`;
      const pdf = await printer.pdf(hostile, { pageNumbers: false });
      expect((await pagesOfPdf(pdf)).pages).toBe(1);
      expect(await textOfPdf(pdf)).toContain('Still printed');
      expect(await textOfPdf(pdf)).not.toContain('First page');
      expect(asked).toEqual([]);
    } finally {
      await printer.close();
    }
  });

  it('prints pages asked for at once each to its own PDF, nothing of one in another', async () => {
    const printer = createChromiumPrinter();
    try {
      const names = ['Alpha', 'Bravo', 'Charlie'];
      const pdfs = await Promise.all(
        names.map((name) => printer.pdf(`<p>Card of ${name}</p>`, { pageNumbers: false })),
      );
      const texts = await Promise.all(pdfs.map(textOfPdf));
      expect(texts.map((text) => names.filter((name) => text.includes(name)))).toEqual(names.map((name) => [name]));
    } finally {
      await printer.close();
    }
  });

  it('prints a name made of markup as its characters, asking nothing of the network', async () => {
    const { origin, asked } = await listening();
    const core = open();
    const name = `<img src="${origin}/x.png"><script>document.title=1</script>`;
    const pet = addAnimal(core, { name: name.slice(0, 100) });
    const request = { kind: 'cards', environment: 'local', animals: { ids: [pet.id] }, layout: 'a6' } as const;
    const { html } = await core.paperPage({ ...request, animals: { ids: [pet.id] } });
    expect(html).not.toMatch(/<img src="http/);
    expect(html).not.toContain('<script');
    expect(html).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; img-src data:; style-src &#39;unsafe-inline&#39;"/,
    );
    const text = (await textOfPdf((await core.paperPdf({ ...request, animals: { ids: [pet.id] } })).pdf)).replace(
      /\s+/g,
      '',
    );
    expect(text).toContain('<imgsrc="http://127.0.'); // as many characters as two lines of a name hold
    expect(asked).toEqual([]);
  });
});
