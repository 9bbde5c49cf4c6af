import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '../..');
const config = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;

// Packaging itself needs the Electron binary, which this machine cannot download: these tests
// hold the packaging configuration to what a shop's installers need.
describe('packaging (electron-builder.yml)', () => {
  it('flips the fuses: no run-as-node, NODE_OPTIONS or inspect; asar integrity and asar-only loading on', () => {
    expect(config['electronFuses']).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('ships the built app in an asar with the native modules unpacked and rebuilt for Electron', () => {
    expect(config['asar']).toBe(true);
    expect(config['asarUnpack']).toContain('**/*.node');
    // sharp (photos) loads its libvips from files beside it, which must be on disk too.
    expect(config['asarUnpack']).toEqual(
      expect.arrayContaining(['**/node_modules/sharp/**', '**/node_modules/@img/**']),
    );
    expect(config['npmRebuild']).toBe(true);
    expect(config['files']).toEqual(['out/**', '!out/commands/**', 'package.json']);
  });

  it('has an icon and a target for each desktop platform', () => {
    const resources = (config['directories'] as { buildResources: string }).buildResources;
    expect(
      readFileSync(join(ROOT, resources, 'icon.png'))
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(config['linux']).toMatchObject({ target: ['AppImage', 'deb'] });
    expect(config['win']).toMatchObject({ target: 'nsis' });
    // The zip beside the dmg is what Squirrel.Mac updates from (docs/updates.md).
    expect(config['mac']).toMatchObject({ target: ['dmg', 'zip'] });
  });
});
