// The HTTP service under load, against the floor (bare node:http) and json-server.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../../src/main/database/database';
import { PET_STATUSES } from '../../src/shared/contract';
import { freePort, startProcess, stopProcess } from '../helpers/processes';
import { fmt, verdict } from './stats';

const ANIMALS = 100_000;
const KEY = 'bench-key-0a1b2c3d-bench-Xq9Lr2Tz8Kw1Jm6P';
const DURATION_S = 3;
const ROUNDS = 7;
const CONNECTIONS = 10;
const ROOT = join(import.meta.dirname, '../..');

interface Load {
  rps: number;
  p99: number;
  non2xx: number;
  /** The server process's CPU time (user + system, all threads) per request answered, in µs. */
  cpuPerRequestUs: number;
}

/** CPU time a process has used so far, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function load(url: string, pid: number, options: Partial<autocannon.Options> = {}): Promise<Load> {
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  if (result.non2xx + result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    cpuPerRequestUs: ((cpuMs(pid) - before) * 1000) / result.requests.total,
  };
}

export async function benchHttp(dir: string): Promise<string[]> {
  const dbFile = join(dir, 'http.db');
  const db = openDatabase(dbFile);
  const insert = db.prepare('INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?)');
  db.transaction(() => {
    for (let i = 0; i < ANIMALS; i++) insert.run(`Animal ${i}`, BigInt(i % 97), PET_STATUSES[i % 3]!);
  })();
  const page = db.prepare('SELECT id, name, category_id AS categoryId, status FROM pets ORDER BY id').all() as Array<{
    id: number;
    name: string;
    categoryId: number;
    status: string;
  }>;
  db.close();

  // json-server 0.17 serves the same 100,000 animals from a JSON file.
  const jsonServerDb = join(dir, 'json-server.json');
  writeFileSync(jsonServerDb, JSON.stringify({ pets: page }));

  const oursPort = await freePort();
  const oursUrl = `http://127.0.0.1:${oursPort}/v1/pets?limit=20`;
  // The real `npm run serve`, logging a line per request as in production (to /dev/null here).
  const ours = await startProcess(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src/main/server/serve.ts'), '--port', String(oursPort), '--db', dbFile],
    oursUrl,
    {
      PETSTORE_API_KEY: KEY,
    },
  );
  const headers = { authorization: `Bearer ${KEY}` };
  const sample = await (await fetch(oursUrl, { headers })).text();
  const bodyFile = join(dir, 'constant-body.json');
  writeFileSync(bodyFile, sample);

  const barePort = await freePort();
  const bare = await startProcess(
    process.execPath,
    [join(import.meta.dirname, 'servers/bare-http.mjs'), String(barePort), bodyFile],
    /listening/,
  );
  const fastifyPort = await freePort();
  const fastify = await startProcess(
    process.execPath,
    [join(import.meta.dirname, 'servers/fastify-constant.mjs'), String(fastifyPort), bodyFile],
    /listening/,
  );
  const uncachedPort = await freePort();
  const uncached = await startProcess(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'servers/ours-uncached.ts'), String(uncachedPort), dbFile, KEY],
    /listening/,
  );
  const jsonPort = await freePort();
  const jsonServer = await startProcess(
    process.execPath,
    [
      join(ROOT, 'node_modules/json-server/lib/cli/bin.js'),
      jsonServerDb,
      '--port',
      String(jsonPort),
      '--host',
      '127.0.0.1',
      '--quiet',
    ],
    `http://127.0.0.1:${jsonPort}/pets?_limit=1`,
  );

  const lines: string[] = [];
  try {
    const jsonUrl = `http://127.0.0.1:${jsonPort}/pets?_limit=20`;
    const jsonSample = await fetch(jsonUrl).then((r) => r.json() as Promise<unknown[]>);
    if (jsonSample.length !== 20) throw new Error('json-server did not answer 20 animals');
    const uncachedUrl = `http://127.0.0.1:${uncachedPort}/v1/pets?limit=20`;
    if ((await (await fetch(uncachedUrl, { headers })).text()) !== sample)
      throw new Error('uncached server answers differently');

    // This VM's neighbours make throughput swing by a factor of three from minute to minute, so
    // the servers take turns: ROUNDS short runs each, interleaved, and the median of each.
    // Every server gets the very same request, key included (those that need none ignore it).
    const targets = {
      ours: () => load(oursUrl, ours.pid!, { headers }),
      bare: () => load(`http://127.0.0.1:${barePort}/v1/pets?limit=20`, bare.pid!, { headers }),
      fastify: () => load(`http://127.0.0.1:${fastifyPort}/v1/pets?limit=20`, fastify.pid!, { headers }),
      uncached: () => load(uncachedUrl, uncached.pid!, { headers }),
      json: () => load(jsonUrl, jsonServer.pid!, { headers }),
    };
    const rounds: Record<keyof typeof targets, Load[]> = { ours: [], bare: [], fastify: [], uncached: [], json: [] };
    for (const run of Object.values(targets)) await run(); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of Object.entries(targets)) rounds[name as keyof typeof targets].push(await run());
    }
    const median = (runs: Load[]): Load => {
      const sorted = [...runs].sort((a, b) => a.rps - b.rps);
      return sorted[Math.floor(sorted.length / 2)]!;
    };
    const [oursGet, bareGet, fastifyGet, uncachedGet, jsonGet] = (
      ['ours', 'bare', 'fastify', 'uncached', 'json'] as const
    ).map((name) => median(rounds[name]));
    // A ratio is the median of the per-round ratios: each round's two figures were taken within
    // seconds of each other, so their ratio is spared most of the host's swings, which a ratio of
    // the two medians (taken from different rounds) is not. Both are printed.
    const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const perRound = (name: keyof typeof targets, baseline: keyof typeof targets) =>
      rounds[name].map((run, i) => run.rps / rounds[baseline][i]!.rps);
    const ratiosPerRound = perRound('ours', 'bare');
    const cpuMedian = (runs: Load[]) => middle(runs.map((run) => run.cpuPerRequestUs));
    const [oursCpu, bareCpu, fastifyCpu] = [cpuMedian(rounds.ours), cpuMedian(rounds.bare), cpuMedian(rounds.fastify)];
    const oursPost = await load(`http://127.0.0.1:${oursPort}/v1/pets`, ours.pid!, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Loaded', categoryId: 1, status: 'available' }),
      duration: 10,
    });

    const floorRatio = middle(ratiosPerRound);
    const jsonRatio = middle(perRound('ours', 'json'));
    lines.push(
      `autocannon, ${CONNECTIONS} keep-alive connections, loopback; ${ANIMALS.toLocaleString('en')} animals; response body ${Buffer.byteLength(sample)} bytes. ` +
        `GET figures: median of ${ROUNDS} interleaved ${DURATION_S}-second rounds per server. Ratios: the median of the per-round ratios; ours/(a) per round: ${ratiosPerRound.map((r) => fmt(r, 2)).join(', ')} ` +
        `(the ratio of the two medians: ${fmt(oursGet!.rps / bareGet!.rps, 2)}x).`,
      '',
      '| measure | requests/s | p99 latency | errors or non-2xx | ratio | target | result |',
      '|---|---|---|---|---|---|---|',
      `| ours (npm run serve): GET /v1/pets?limit=20 | ${fmt(oursGet!.rps, 0)} | ${oursGet!.p99} ms | ${oursGet!.non2xx} | | | |`,
      `| (a) bare node:http, constant body of the same size | ${fmt(bareGet!.rps, 0)} | ${bareGet!.p99} ms | ${bareGet!.non2xx} | ours/(a) = ${fmt(floorRatio, 2)}x | ≥ 0.5x | ${verdict(floorRatio >= 0.5)} |`,
      `| (b) json-server 0.17, GET /pets?_limit=20 | ${fmt(jsonGet!.rps, 0)} | ${jsonGet!.p99} ms | ${jsonGet!.non2xx} | ours/(b) = ${fmt(jsonRatio, 1)}x | ≥ 3x | ${verdict(jsonRatio >= 3)} |`,
      `| (c) minimal Fastify route, constant body (the framework's own floor) | ${fmt(fastifyGet!.rps, 0)} | ${fastifyGet!.p99} ms | ${fastifyGet!.non2xx} | (c)/(a) = ${fmt(middle(perRound('fastify', 'bare')), 2)}x | (reference) | |`,
      `| ours with the list cache off (SQLite + serialization on every request) | ${fmt(uncachedGet!.rps, 0)} | ${uncachedGet!.p99} ms | ${uncachedGet!.non2xx} | /(a) = ${fmt(middle(perRound('uncached', 'bare')), 2)}x, /(b) = ${fmt(middle(perRound('uncached', 'json')), 1)}x | (reported) | |`,
      `| ours: POST /v1/pets, durable (synchronous=FULL), 10 s | ${fmt(oursPost.rps, 0)} | ${oursPost.p99} ms | ${oursPost.non2xx} | | (reported) | |`,
      '',
      `Server CPU time per GET answered (user + system, from /proc; median of the rounds; steadier than throughput here, since it does not count the time a neighbour takes): ` +
        `ours ${fmt(oursCpu, 1)} µs, (a) bare ${fmt(bareCpu, 1)} µs, (c) Fastify ${fmt(fastifyCpu, 1)} µs; ours costs ${fmt(oursCpu / bareCpu, 2)}x the floor's CPU per request.`,
    );
  } finally {
    await Promise.all([ours, bare, fastify, uncached, jsonServer].map(stopProcess));
  }
  return lines;
}
