import { cpus, totalmem } from 'node:os';

export interface Summary {
  median: number;
  p95: number;
  p99: number;
  count: number;
}

/** Percentiles of samples (any unit), nearest-rank. */
export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95), p99: at(0.99), count: sorted.length };
}

/** Runs fn once and returns its duration in microseconds. */
export function timeMicros(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1000;
}

export function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpu}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;
}

export const fmt = (value: number, digits = 1) => value.toFixed(digits);

/** A check against a target, printed as PASS/MISS; a miss is reported, never hidden. */
export function verdict(ok: boolean): string {
  return ok ? 'PASS' : 'MISS';
}
