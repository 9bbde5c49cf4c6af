// Photos as a person hands them to the window: a JPEG made here, and a file dropped on an element.
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';

/** A JPEG of a soft gradient over a colour, made from raw pixels (the core's sharp reads photos only). */
export function jpegOf([r, g, b]: [number, number, number]): Promise<Buffer> {
  const width = 640;
  const height = 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const shade = Math.round((x / width) * 60 + (y / height) * 60);
      pixels[at] = Math.min(255, r + shade);
      pixels[at + 1] = Math.min(255, g + shade);
      pixels[at + 2] = Math.min(255, b + shade);
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** A file dropped on `target` as the OS hands one over: a DataTransfer holding it, dragged over, then dropped. */
export async function drop(page: Page, target: Locator, name: string, bytes: Buffer, type: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name, type }) => {
      const content = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      // In the page: its DataTransfer, which this file's (Node) types do not know.
      const { DataTransfer: PageTransfer } = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: File): void } };
      };
      const transfer = new PageTransfer();
      transfer.items.add(new File([content], name, { type }));
      return transfer;
    },
    { base64: bytes.toString('base64'), name, type },
  );
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}
