import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../../../src/main/shell/trusted-sender';

const APP = ['file:///opt/petstore/resources/app.asar/out/renderer/'];

describe('isTrustedSender', () => {
  it("trusts the app's own top frame", () => {
    expect(
      isTrustedSender({ url: 'file:///opt/petstore/resources/app.asar/out/renderer/index.html', parent: null }, APP),
    ).toBe(true);
    expect(isTrustedSender({ url: 'http://localhost:5173/', parent: null }, ['http://localhost:5173/'])).toBe(true);
  });

  it('refuses subframes, other pages, look-alike paths and garbage', () => {
    const cases = [
      { url: 'file:///opt/petstore/resources/app.asar/out/renderer/index.html', parent: {} },
      { url: 'https://evil.example/index.html', parent: null },
      { url: 'file:///opt/petstore/resources/app.asar/out/renderer-evil/index.html', parent: null },
      { url: 'file:///opt/petstore/resources/app.asar/out/renderer/../../../../etc/passwd', parent: null },
      { url: 'http://localhost:5174/', parent: null },
      { url: 'not a url', parent: null },
    ];
    for (const frame of cases)
      expect(isTrustedSender(frame, [...APP, 'http://localhost:5173/']), frame.url).toBe(false);
    expect(isTrustedSender(null, APP)).toBe(false);
    expect(isTrustedSender({ url: 'http://localhost:5173/', parent: null }, ['http://localhost:5173'])).toBe(false); // prefixes must end with /
  });
});
