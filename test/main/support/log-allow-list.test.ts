// What a support bundle keeps of an app log line: only allowed fields holding allowed values.
import { describe, expect, it } from 'vitest';
import { allowedLogLine } from '../../../src/main/support/log-allow-list';

const line = (fields: object) => JSON.stringify({ level: 30, time: Date.parse('2026-01-02T03:04:05Z'), ...fields });

describe('a log line in a support bundle', () => {
  it('keeps the fields that cannot carry a person’s data, and counts the rest left out', () => {
    expect(
      allowedLogLine(line({ msg: 'request', method: 'PATCH', path: '/v1/pets/42', status: 412, ms: 3.5 })),
    ).toEqual({
      level: 'info',
      time: '2026-01-02T03:04:05.000Z',
      msg: 'request',
      method: 'PATCH',
      path: '/v1/pets/42',
      status: 412,
      ms: 3.5,
      fieldsLeftOut: 0,
    });
    expect(allowedLogLine(line({ msg: 'sold', name: 'Rex', buyer: { name: 'Bea' } }))).toEqual({
      level: 'info',
      time: '2026-01-02T03:04:05.000Z',
      fieldsLeftOut: 3,
    });
  });

  it('keeps of a value only what passes its field’s check', () => {
    const kept = allowedLogLine(
      line({
        path: '/v1/pets/bella/photo?size=large',
        command: 'pets add',
        environment: 'staging',
        channel: 'addPet',
        err: { type: 'SqliteError', code: 'SQLITE_FULL', message: 'Bella', stack: 'at Bella' },
      }),
    );
    expect(kept).toMatchObject({
      path: '/v1/pets/:segment/photo',
      command: 'pets add',
      environment: 'staging',
      channel: 'addPet',
      err: { type: 'SqliteError', code: 'SQLITE_FULL' },
      fieldsLeftOut: 0,
    });
    const refused = allowedLogLine(
      line({ command: 'find Bella', environment: 'Bella', channel: 'Bella', err: { type: 'Bella', code: 'BELLA' } }),
    );
    expect(refused).toEqual({ level: 'info', time: '2026-01-02T03:04:05.000Z', fieldsLeftOut: 4 });
  });

  it('keeps an update’s version, offered or none', () => {
    expect(allowedLogLine(line({ msg: 'update check', offered: '2.4.0' }))).toMatchObject({ offered: '2.4.0' });
    expect(allowedLogLine(line({ msg: 'update check', offered: null }))).toMatchObject({ offered: null });
    expect(allowedLogLine(line({ offered: 'Bella 1.0' }))).toMatchObject({ fieldsLeftOut: 1 });
  });

  it('a line that is not a JSON object is left out whole', () => {
    expect(allowedLogLine('Bella was sold')).toEqual({ leftOut: 'a line that is not JSON' });
    expect(allowedLogLine('["Bella"]')).toEqual({ leftOut: 'a line that is not an object' });
  });
});
