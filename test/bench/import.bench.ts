// A CSV of 1,000 (and 10,000) animals previewed (every row checked with the
// contract's rules) and imported, against adding the same animals one at a time by the add road;
// and into a server's outbox, then drained to our real service on 127.0.0.1.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { openPetstoreCore } from '../../src/main/core/petstore-core';
import { createKeychain } from '../../src/main/secrets/keychain';
import { startService, TEST_API_KEY } from '../helpers/http-service';
import { fmt, summarize } from './stats';

const RUNS = 5;

const fileOf = (rows: number) =>
  `\uFEFFname,category,status\r\n${Array.from({ length: rows }, (_, i) => `Imported ${i},${i % 12},available`).join('\r\n')}\r\n`;

function openCore(dir: string) {
  return openPetstoreCore({
    dataDir: mkdtempSync(join(dir, 'import-')),
    env: {},
    keychain: createKeychain(`Petstore Desk bench ${randomUUID()}`),
  });
}

async function importLocal(dir: string, rows: number) {
  const core = openCore(dir);
  const started = performance.now();
  const preview = core.previewImport('local', 'bench.csv', fileOf(rows));
  const previewed = performance.now();
  await core.importAnimals('local', preview.importId);
  const done = performance.now();
  await core.close();
  return { previewMs: previewed - started, totalMs: done - started };
}

async function addOneByOne(dir: string, rows: number) {
  const core = openCore(dir);
  const started = performance.now();
  for (let i = 0; i < rows; i++)
    core.addPet('local', { name: `Imported ${i}`, categoryId: String(i % 12), status: 'available' });
  const ms = performance.now() - started;
  await core.close();
  return ms;
}

export async function benchImport(dir: string): Promise<string[]> {
  const lines = [
    'Preview (every row read and checked) and import into the local store, fresh data folder each run, median of 5;',
    'baseline: the same animals added one at a time through the add use case (what a person, or a script of `pets add`, does), in the same run.',
    '',
    '| Rows | Preview (ms) | Preview + import (ms) | One at a time (ms) | Ratio import / one at a time | Target |',
    '|---:|---:|---:|---:|---:|---|',
  ];
  for (const rows of [1_000, 10_000]) {
    const imports = [];
    const singles = [];
    for (let run = 0; run < RUNS; run++) {
      imports.push(await importLocal(dir, rows));
      singles.push(await addOneByOne(dir, rows));
    }
    const preview = summarize(imports.map((i) => i.previewMs)).median;
    const total = summarize(imports.map((i) => i.totalMs)).median;
    const single = summarize(singles).median;
    lines.push(
      `| ${rows.toLocaleString('en')} | ${fmt(preview)} | ${fmt(total)} | ${fmt(single)} | ${fmt(total / single, 2)}x | ${rows === 1_000 ? `"in seconds": ${total < 5_000 ? 'PASS' : 'MISS'}` : ''} |`,
    );
  }

  // Through the outbox of a server: saved (what the progress bar shows), then sent once each.
  const service = await startService();
  try {
    const core = openCore(dir);
    await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
    await core.setKey('staging', TEST_API_KEY);
    const started = performance.now();
    const preview = core.previewImport('staging', 'bench.csv', fileOf(1_000));
    await core.importAnimals('staging', preview.importId);
    const saved = performance.now();
    await core.syncUntilSettled('staging');
    const sent = performance.now();
    const onServer = service.db.prepare<[], number>('SELECT count(DISTINCT name) FROM pets').pluck().get();
    await core.clearKey('staging');
    await core.close();
    lines.push(
      '',
      `1,000 rows into staging's outbox: previewed and saved in ${fmt(saved - started)} ms; on the server (real HTTP on 127.0.0.1) ${fmt((sent - started) / 1000, 2)} s after the file was read; distinct animals there: ${onServer} (target 1,000: ${onServer === 1_000 ? 'PASS' : 'MISS'}).`,
    );
  } finally {
    await service.close();
  }
  return lines;
}
