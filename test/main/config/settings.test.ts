import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSettings } from '../../../src/main/config/settings';
import { openDatabase } from '../../../src/main/database/database';
import { ApiError, checkBaseUrl } from '../../../src/shared/contract';
import { thrown, useStore } from '../../helpers/store';
import { useTempDir } from '../../helpers/temp-dir';

describe('base address validation', () => {
  it.each([
    ['https://shop.example/v1', 'https://shop.example/v1'],
    ['https://shop.example/v1/', 'https://shop.example/v1'],
    ['  https://SHOP.example:8443/api/v1 ', 'https://shop.example:8443/api/v1'],
    ['http://localhost:8787/v1', 'http://localhost:8787/v1'],
    ['http://127.0.0.1:8787/v1/', 'http://127.0.0.1:8787/v1'],
    ['http://127.1.2.3/v1', 'http://127.1.2.3/v1'],
    ['http://[::1]:8787/v1', 'http://[::1]:8787/v1'],
  ])('accepts %s as %s', (input, url) => {
    expect(checkBaseUrl(input)).toEqual({ ok: true, url });
  });

  it.each([
    ['shop.example/v1', 'is not an absolute address'],
    ['http://shop.example/v1', 'must use https://'],
    ['http://128.0.0.1/v1', 'must use https://'],
    ['ftp://shop.example/v1', 'must start with https://'],
    ['https://shop.example/v2', 'must end with the version prefix /v1'],
    ['https://shop.example/', 'must end with the version prefix /v1'],
    ['https://user:secret@shop.example/v1', 'must not contain a user name or password'],
    ['https://shop.example/v1?key=1', 'must not contain a query'],
  ])('refuses %s, saying what is wrong', (input, problem) => {
    const checked = checkBaseUrl(input);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem).toContain(problem);
  });
});

describe('settings', () => {
  const open = useStore();
  const tempDir = useTempDir();

  it('start on local, and persist the active environment and addresses across restarts', () => {
    const file = join(tempDir(), 'app.db');
    const first = openDatabase(file);
    const settings = createSettings(first, {});
    expect(settings.activeEnvironment()).toBe('local');
    settings.setActiveEnvironment('staging');
    expect(settings.setBaseUrl('staging', 'https://staging.shop.example/v1/')).toBe('https://staging.shop.example/v1');
    first.close();
    const again = createSettings(openDatabase(file), {});
    expect(again.activeEnvironment()).toBe('staging');
    expect(again.baseUrl('staging')).toEqual({ url: 'https://staging.shop.example/v1', source: 'settings' });
  });

  it('are read as they are now: written here, by another connection to the file, or rolled back', () => {
    const file = join(tempDir(), 'app.db');
    const here = createSettings(openDatabase(file), {});
    const otherDb = openDatabase(file);
    const other = createSettings(otherDb, {});
    expect(here.baseUrl('staging').url).toBeNull();
    other.setBaseUrl('staging', 'https://one.example/v1');
    expect(here.baseUrl('staging').url).toBe('https://one.example/v1');
    here.setBaseUrl('staging', 'https://two.example/v1');
    expect(here.baseUrl('staging').url).toBe('https://two.example/v1');
    expect(other.baseUrl('staging').url).toBe('https://two.example/v1');
    here.recordKeySet('staging', { at: new Date(), origin: 'https://two.example' });
    expect(here.keyOrigin('staging')).toBe('https://two.example');
    here.recordKeySet('staging', null);
    expect(here.keyOrigin('staging')).toBeNull();
    expect(() =>
      otherDb.transaction(() => {
        other.setBaseUrl('staging', 'https://never.example/v1');
        expect(other.baseUrl('staging').url).toBe('https://never.example/v1');
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(other.baseUrl('staging').url).toBe('https://two.example/v1');
    expect(here.baseUrl('staging').url).toBe('https://two.example/v1');
  });

  it('take presets from PETSTORE_PRODUCTION_URL and PETSTORE_STAGING_URL until an address is set', () => {
    const settings = createSettings(open().db, {
      PETSTORE_PRODUCTION_URL: 'https://shop.example/v1/',
      PETSTORE_STAGING_URL: 'http://staging.shop.example/v1',
    });
    expect(settings.baseUrl('production')).toEqual({ url: 'https://shop.example/v1', source: 'environment variable' });
    expect(settings.baseUrl('staging')).toMatchObject({
      url: null,
      problem: expect.stringContaining('PETSTORE_STAGING_URL: the address must use https://'),
    });
    settings.setBaseUrl('production', 'https://other.example/v1');
    expect(settings.baseUrl('production')).toEqual({ url: 'https://other.example/v1', source: 'settings' });
  });

  it('refuse an unusable address with an invalid_parameter ApiError and keep the old one', () => {
    const settings = createSettings(open().db, {});
    settings.setBaseUrl('staging', 'https://staging.shop.example/v1');
    const error = thrown(() => settings.setBaseUrl('staging', 'http://staging.shop.example/v1'));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/^The staging address is not usable: the address must use https:\/\//);
    expect(settings.baseUrl('staging').url).toBe('https://staging.shop.example/v1');
  });

  it("remember the window's bounds, and ignore a stored value that is not whole numbers", () => {
    const { db } = open();
    const settings = createSettings(db, {});
    expect(settings.windowBounds()).toBeNull();
    settings.setWindowBounds({ x: 10, y: 20, width: 1200, height: 800 });
    expect(settings.windowBounds()).toEqual({ x: 10, y: 20, width: 1200, height: 800 });
    db.prepare("UPDATE settings SET value = ? WHERE name = 'window_bounds'").run(
      '{"x":"10","y":1,"width":1,"height":1}',
    );
    expect(settings.windowBounds()).toBeNull();
  });
});
