import bwipjs from 'bwip-js/node';
import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';

/**
 * An animal's label code drawn as the two codes a card and a label carry, as SVG for the page:
 * a QR code (any phone reads it) and a Code 128 barcode (any counter scanner reads it). Both are
 * drawn from the code's text alone, so nothing a person typed reaches the markup.
 */
export interface AnimalCodes {
  qr: string;
  barcode: string;
}

/** The SVG element alone, sized by the page's CSS (bwip-js gives it a viewBox only). */
const bareSvg = (svg: string, extra = '') =>
  svg.replace(/^\s*(?:<\?xml[^>]*>\s*)?<svg /, `<svg aria-hidden="true" focusable="false"${extra} `);

/**
 * The QR code's modules as one path, a rectangle for each run of dark modules in a row: one path,
 * so a printer fills the runs as one shape, with no seam between rows. qrcode encodes the text
 * (level M: a card with a scratch or a crease still reads) ten times quicker than bwip-js here.
 */
function qrSvg(code: string): string {
  const { size, data } = QRCode.create(code, { errorCorrectionLevel: 'M' }).modules;
  let path = '';
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!data[y * size + x]) continue;
      let run = 1;
      while (x + run < size && data[y * size + x + run]) run++;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  return `<svg aria-hidden="true" focusable="false" viewBox="0 0 ${size} ${size}" xmlns="http://www.w3.org/2000/svg"><path d="${path}"/></svg>`;
}

/** Codes drawn lately, by label code: a second printing of the same animals draws none again (about 3 KB each). */
const drawn = new LRUCache<string, AnimalCodes>({ max: 5000 });

export function animalCodes(code: string): AnimalCodes {
  const known = drawn.get(code);
  if (known !== undefined) return known;
  const codes = {
    qr: qrSvg(code),
    // Stretched to the box the layout gives it: only the bars' widths carry the code, in proportion.
    barcode: bareSvg(bwipjs.toSVG({ bcid: 'code128', text: code, height: 10 }), ' preserveAspectRatio="none"'),
  };
  drawn.set(code, codes);
  return codes;
}
