import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startService, type RunningService } from './http-service';

/**
 * One real service for a test file: started before its tests, emptied of animals and idempotency
 * keys before each, closed after them. The handle reads through to the service once it is started.
 */
export function useServicePerFile(): RunningService {
  let started: RunningService | undefined;
  beforeAll(async () => {
    started = await startService();
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    started!.db.exec('DELETE FROM pets; DELETE FROM sqlite_sequence; DELETE FROM idempotency_keys;');
  });
  return new Proxy({} as RunningService, {
    get(_target, name) {
      if (started === undefined) throw new Error('the service is started before the tests run, not before');
      return Reflect.get(started, name) as unknown;
    },
  });
}
