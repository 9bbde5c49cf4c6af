import bwipjs from 'bwip-js/node';

/**
 * An animal's label code drawn as the two codes a card and a label carry, as SVG for the page:
 * a QR code (any phone reads it) and a Code 128 barcode (any counter scanner reads it). bwip-js
 * draws them from the code's text alone, so nothing a person typed reaches the markup.
 */
export interface AnimalCodes {
  qr: string;
  barcode: string;
}

/** The SVG element alone, sized by the page's CSS (bwip-js gives it a viewBox only). */
const bareSvg = (svg: string, extra = '') =>
  svg.replace(/^\s*(?:<\?xml[^>]*>\s*)?<svg /, `<svg aria-hidden="true" focusable="false"${extra} `);

export function animalCodes(code: string): AnimalCodes {
  return {
    // Level M: a card with a scratch or a crease still reads.
    qr: bareSvg(bwipjs.toSVG({ bcid: 'qrcode', text: code, ...({ eclevel: 'M' } as object) })),
    // Stretched to the box the layout gives it: only the bars' widths carry the code, in proportion.
    barcode: bareSvg(bwipjs.toSVG({ bcid: 'code128', text: code, height: 10 }), ' preserveAspectRatio="none"'),
  };
}
