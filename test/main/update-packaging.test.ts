import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '../..');
const config = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;

// What only the packaged app shows is in docs/updates.md; this holds the configuration that it needs.
describe('updates in the packaging (electron-builder.yml)', () => {
  it('writes the update files for a feed a shop hosts (generic), at an address that can never answer', () => {
    expect(config['publish']).toEqual({ provider: 'generic', url: 'https://updates.petstoredesk.invalid/' });
  });

  it('leaves Windows signature checks on: no option turns off verifying an update’s publisher', () => {
    expect(config['win']).not.toHaveProperty('verifyUpdateCodeSignature');
  });
});
