// The command line and the service as whole processes, started the way a
// person or a script starts them, built (out/commands/) against the same sources through tsx.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { builtCommand, commandEnv, ROOT } from '../helpers/built-commands';
import { TEST_API_KEY } from '../helpers/http-service';
import { fmt, summarize, verdict } from './stats';

const RUNS = 21;

/** Wall time of one whole process, in milliseconds; fails on a non-zero exit. */
function timed(args: string[], env: NodeJS.ProcessEnv): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

/** From spawning petstore-serve to its first answer to GET /v1/pets, in milliseconds. */
async function serveToFirstAnswer(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, [...args, '--port', '0'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk) => {
        output += chunk;
        const line = output.split('\n').find((text) => text.includes('"msg":"listening'));
        if (line) resolve(JSON.parse(line).url);
      });
      child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)));
    });
    const answer = await fetch(`${url}/pets`, { headers: { authorization: `Bearer ${TEST_API_KEY}` } });
    if (answer.status !== 200) throw new Error(`first answer ${answer.status}`);
    await answer.arrayBuffer();
    return Number(process.hrtime.bigint() - start) / 1e6;
  } finally {
    child.kill('SIGKILL');
  }
}

export async function benchCommands(dir: string): Promise<string[]> {
  const dataDir = mkdtempSync(join(dir, 'commands-'));
  const cache = mkdtempSync(join(dir, 'compile-cache-'));
  const env = commandEnv({ PETSTORE_DATA_DIR: dataDir, NODE_COMPILE_CACHE: cache });
  const cli = builtCommand('petstore');
  const fromSources = ['--import', 'tsx', join(ROOT, 'src/main/cli/main.ts')];
  // Interleaved, so a busy minute of the host falls on both alike.
  const built: number[] = [];
  const sources: number[] = [];
  const cold: number[] = [];
  const sourcesCold: number[] = [];
  timed([cli, 'pets', 'list'], env); // the compile cache is written by this first start
  for (let i = 0; i < RUNS; i++) {
    built.push(timed([cli, 'pets', 'list'], env));
    sources.push(timed([...fromSources, 'pets', 'list'], env));
    sourcesCold.push(timed([...fromSources, 'pets', 'list'], { ...env, TSX_DISABLE_CACHE: '1' }));
    const empty = mkdtempSync(join(dir, 'cold-'));
    cold.push(timed([cli, 'pets', 'list'], { ...env, NODE_COMPILE_CACHE: empty }));
    rmSync(empty, { recursive: true, force: true });
  }
  const help = summarize(Array.from({ length: RUNS }, () => timed([cli, '--help'], env)));

  const serveEnv = commandEnv({ PETSTORE_API_KEY: TEST_API_KEY, NODE_COMPILE_CACHE: cache });
  const serve = builtCommand('petstore-serve');
  const serveArgs = (i: number) => [serve, '--db', join(dataDir, `serve-${i}.db`)];
  await serveToFirstAnswer(serveArgs(0), serveEnv);
  const serveBuilt: number[] = [];
  const serveSources: number[] = [];
  for (let i = 1; i <= 11; i++) {
    serveBuilt.push(await serveToFirstAnswer(serveArgs(i), serveEnv));
    serveSources.push(
      await serveToFirstAnswer(
        ['--import', 'tsx', join(ROOT, 'src/main/server/serve.ts'), '--db', join(dataDir, `src-${i}.db`)],
        serveEnv,
      ),
    );
  }
  rmSync(dataDir, { recursive: true, force: true });

  const b = summarize(built);
  const s = summarize(sources);
  const c = summarize(cold);
  const sc = summarize(sourcesCold);
  const sb = summarize(serveBuilt);
  const ss = summarize(serveSources);
  const ms = (x: { median: number; p95: number }) => `${fmt(x.median, 0)} / ${fmt(x.p95, 0)} ms`;
  return [
    `Whole processes on Node ${process.version}, ${RUNS} runs each, interleaved: the built commands (\`out/commands/\`, \`npm run build\`) against the same entry points run from the TypeScript sources through tsx (how \`npm run cli\` and \`npm run serve\` ran before). "Cold": Node's compile cache emptied before each start (a first start after install or upgrade).`,
    '',
    '| measure | built, median / p95 | from the sources (tsx) | ratio of medians | target | result |',
    '|---|---|---|---|---|---|',
    `| \`petstore pets list\`, empty local store | ${ms(b)} | ${ms(s)} | ${fmt(b.median / s.median, 2)}x | < 300 ms median | ${verdict(b.median < 300)} |`,
    `| the same, cold: Node's compile cache emptied; tsx's transform cache off | ${ms(c)} | ${ms(sc)} | ${fmt(c.median / sc.median, 2)}x | (reported) | |`,

    `| \`petstore --help\` (opens nothing) | ${ms(help)} | | | (reported) | |`,
    `| \`petstore-serve\`: spawned → first answer to GET /v1/pets, 11 starts | ${ms(sb)} | ${ms(ss)} | ${fmt(sb.median / ss.median, 2)}x | < 500 ms median | ${verdict(sb.median < 500)} |`,
  ];
}
