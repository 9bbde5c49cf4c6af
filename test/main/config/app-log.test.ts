// The app's log file: what reaches it of a key or a buyer's details, should a caller pass them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appLogFile, openAppLog } from '../../../src/main/config/app-log';
import { useTempDir } from '../../helpers/temp-dir';

describe('the app log', () => {
  const tempDir = useTempDir();

  it('censors a key and a buyer’s name and contact wherever an object holds them', () => {
    const dataDir = tempDir();
    const log = openAppLog(dataDir);
    log.error({ apiKey: 'k-secret', sale: { buyerName: 'Bea Secretname', buyerContact: 'bea@secret.example' } }, 'x');
    log.error({ body: { terms: { buyerName: 'Bea Secretname' } }, buyerContact: '07700 900123' }, 'y');
    log.flush();
    const written = readFileSync(appLogFile(dataDir), 'utf8');
    expect(written.split('\n').filter(Boolean)).toHaveLength(2);
    // Each whole: a part of a number ("07700") may turn up in a line's time.
    expect(written).not.toMatch(/k-secret|Secretname|secret\.example|07700 900123/);
    expect(written).toContain('[redacted]');
  });
});
