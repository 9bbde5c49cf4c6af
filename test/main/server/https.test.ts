// Beyond this computer: the built service over HTTPS, the built command line
// trusting it through the certificate authority a shop installs, and plain HTTP refused beyond
// loopback unless asked for by name. Real processes, real TLS on 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { builtCommand, commandEnv } from '../../helpers/built-commands';
import { TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { startServeProcess, type ServeProcess } from '../../helpers/serve-process';
import { makeTestCertificates, type TestCertificates } from '../../helpers/tls';
import { it } from 'vitest';

let certificates: TestCertificates;
let serve: ServeProcess;
let dataDir: string;
beforeAll(async () => {
  certificates = makeTestCertificates();
  dataDir = mkdtempSync(join(tmpdir(), 'petstore-https-'));
  serve = await startServeProcess(
    [
      '--port',
      '0',
      '--db',
      join(dataDir, 'pets.db'),
      '--tls-cert',
      certificates.certFile,
      '--tls-key',
      certificates.keyFile,
    ],
    { PETSTORE_API_KEY: TEST_API_KEY },
  );
}, 30_000);
afterAll(() => {
  serve?.child.kill('SIGTERM');
  rmSync(certificates.dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function petstore(args: string[], env: NodeJS.ProcessEnv = {}, stdin?: string) {
  const result = spawnSync(process.execPath, [builtCommand('petstore'), ...args], {
    encoding: 'utf8',
    input: stdin ?? '',
    env: commandEnv({
      PETSTORE_DATA_DIR: join(dataDir, 'cli'),
      PETSTORE_KEYCHAIN_SERVICE: `https test ${process.pid}`,
      ...env,
    }),
  });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

describe('the service over HTTPS', () => {
  it('listens on https://, and says so', () => {
    expect(serve.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  itWithKeyring(
    'the command line trusts it through the authority a shop installs, and says in words when it does not',
    () => {
      const url = serve.url.replace('127.0.0.1', 'localhost');
      expect(petstore(['env', 'set-url', 'staging', url]).code).toBe(0);
      expect(petstore(['key', 'set', 'staging'], {}, TEST_API_KEY).code).toBe(0);
      const untrusted = petstore(['pets', 'list', '--env', 'staging']);
      expect(untrusted.code).toBe(2);
      expect(untrusted.err).toMatch(/certificate is not trusted by this computer/);
      const trusted = petstore(['pets', 'list', '--env', 'staging', '--json'], {
        NODE_EXTRA_CA_CERTS: certificates.caFile,
      });
      expect(trusted).toMatchObject({ code: 0, out: '[]' });
      // The way a packaged app trusts it (its fuses ignore NODE_EXTRA_CA_CERTS): the authority in
      // the OS store, which on Linux is OpenSSL's file, here pointed at a throwaway one.
      const inStore = petstore(['pets', 'list', '--env', 'staging', '--json'], { SSL_CERT_FILE: certificates.caFile });
      expect(inStore).toMatchObject({ code: 0, out: '[]' });
      petstore(['key', 'clear', 'staging']);
    },
  );
});

describe('plain HTTP beyond this computer', () => {
  it('is refused, saying why and what to do, unless asked for by name', async () => {
    const refused = spawnSync(process.execPath, [builtCommand('petstore-serve'), '--host', '0.0.0.0', '--port', '0'], {
      encoding: 'utf8',
      env: commandEnv({ PETSTORE_API_KEY: TEST_API_KEY }),
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/bearer keys in clear/);
    expect(refused.stderr).toMatch(/--tls-cert/);
    const insecure = await startServeProcess(
      ['--host', '0.0.0.0', '--port', '0', '--insecure-http', '--db', join(dataDir, 'insecure.db')],
      {
        PETSTORE_API_KEY: TEST_API_KEY,
      },
    );
    try {
      expect(insecure.output()).toMatch(/"insecure":true/);
    } finally {
      insecure.child.kill('SIGTERM');
    }
  });
});
