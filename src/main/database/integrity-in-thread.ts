import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// Plain CommonJS, evaluated in the thread: it needs nothing of ours, only better-sqlite3.
const CHECK = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
let db;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  parentPort.postMessage({ check: db.pragma('integrity_check', { simple: true }) });
} catch (error) {
  parentPort.postMessage({ code: String((error && error.code) || 'SQLITE_ERROR'), message: String(error && error.message) });
} finally {
  if (db) db.close();
}
`;

/**
 * SQLite's integrity check of a file, in a thread of its own: over a large file it reads every page
 * (half a second for 100,000 animals), which the main thread must not wait through. 'ok', or what
 * SQLite found; an error carrying SQLite's code when the file cannot be read at all.
 */
export function integrityCheckInThread(file: string): Promise<unknown> {
  const worker = new Worker(CHECK, {
    eval: true,
    workerData: { file, module: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (answer: { check?: unknown; code?: string; message?: string }) =>
      answer.code === undefined
        ? resolve(answer.check)
        : reject(Object.assign(new Error(answer.message), { code: answer.code })),
    );
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
}
