// A phone photo prepared to keep (src/main/photos/prepare-photo.ts): decoded, turned upright, made
// at most 1600 pixels a side and 300 KB as WebP, with its thumbnail. The photos are made here, soft
// shapes with grain, so they weigh what a camera's JPEG does.
import { FIFTY_MP, TWELVE_MP, photoLikeJpeg } from '../main/photos/photo-fixtures';
import { preparePhoto } from '../../src/main/photos/prepare-photo';
import { fmt, summarize } from './stats';

const RUNS = 5;

export async function benchPhotoPrepare(): Promise<string> {
  const lines = [
    `A JPEG prepared ${RUNS} times, one at a time (bytes in memory, the file already read), median:`,
    '',
    '| Photo | JPEG (MB) | Prepare (ms) | Image | Image (KB) | Thumbnail (KB) |',
    '|---|---:|---:|---|---:|---:|',
  ];
  for (const [label, size] of [
    ['12 MP', TWELVE_MP],
    ['50 MP', FIFTY_MP],
  ] as const) {
    const jpeg = await photoLikeJpeg(size.width, size.height);
    const times: number[] = [];
    let photo;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      photo = await preparePhoto(jpeg);
      times.push(performance.now() - started);
    }
    lines.push(
      `| ${label} (${size.width} × ${size.height}) | ${fmt(jpeg.length / 1024 / 1024)} | ${fmt(summarize(times).median, 0)} | ${photo!.width} × ${photo!.height} | ${fmt(photo!.image.length / 1024)} | ${fmt(photo!.thumbnail.length / 1024)} |`,
    );
  }
  return lines.join('\n');
}
