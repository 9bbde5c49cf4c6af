import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// A file that grows past this has more than one job: split it by what its parts are for.
const MOST_LINES = 350;
const root = join(import.meta.dirname, '../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|css|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('the source', () => {
  it(`has no file over ${MOST_LINES} lines`, () => {
    const files = sourceFiles(join(root, 'src'));
    expect(files.length).toBeGreaterThan(50);
    const tooLong = files
      .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MOST_LINES);
    expect(tooLong).toEqual([]);
  });
});
