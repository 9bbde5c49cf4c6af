import { html, ours, type Markup } from './paper-markup';

/**
 * What a printed page may load: images from data: URLs and its own inline style, nothing else (no
 * script, no font, no frame, no request). The printer refuses any other request as well.
 */
export const PAPER_CONTENT_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** Every page's type: the system's sans serif, then fonts that have the scripts and emoji a name may hold. */
const BASE_STYLE = `
* { box-sizing: border-box; margin: 0; padding: 0; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: system-ui, 'DejaVu Sans', 'Noto Sans CJK JP', 'Noto Color Emoji', sans-serif; color: #000; }
.code-svg svg { display: block; width: 100%; height: 100%; }
.code-text { font-family: 'DejaVu Sans Mono', ui-monospace, monospace; letter-spacing: 0.02em; }
`;

/** The whole document: our style and the body, whose every text of a person's was escaped by `html`. */
export function paperPage(title: string, style: string, body: Markup): string {
  return html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content="${PAPER_CONTENT_POLICY}" />
        <title>${title}</title>
        <style>
          ${ours(BASE_STYLE + style)}
        </style>
      </head>
      <body>
        ${body}
      </body>
    </html>`.text;
}

/** One of the codes' SVG (drawn by bwip-js from the label code alone), in a box the layout sizes. */
export const codeBox = (svg: string, className: string): Markup =>
  html`<div class="code-svg ${className}">${ours(svg)}</div>`;
