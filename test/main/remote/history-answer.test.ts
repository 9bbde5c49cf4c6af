// A server's history is untrusted: bounded before it is read, and only what this app can show kept.
import { describe, expect, it } from 'vitest';
import { serverHistoryEntries, serverHistorySchema } from '../../../src/main/remote/history-answer';
import { parseJson } from '../../../src/main/wire/json-codec';

const read = (json: string) => serverHistoryEntries('7', serverHistorySchema.parse(parseJson(json)));

describe("a server's history as this app reads it", () => {
  it('keeps who, when, what and the known fields; an int64 as text', () => {
    const [entry] = read(
      '{"entries":[{"seq":3,"at":"2026-11-27T09:00:00Z","by":"Ana","action":"changed","changes":[{"field":"categoryId","from":9223372036854775807,"to":2},{"field":"status","from":null,"to":"sold"}]}]}',
    );
    expect(entry).toEqual({
      seq: 3,
      petId: '7',
      at: '2026-11-27T09:00:00.000Z',
      where: 'server',
      via: null,
      by: 'Ana',
      action: 'changed',
      changes: [
        { field: 'categoryId', from: '9223372036854775807', to: '2' },
        { field: 'status', from: null, to: 'sold' },
      ],
    });
  });

  it('names nobody for a name a history may not keep; an action it does not know is a change; anything else is left out', () => {
    const [entry] = read(
      `{"entries":[{"seq":1,"at":"2026-11-27T09:00:00Z","by":"\\u202eevil","action":"teleported","changes":[{"field":"owner","from":1,"to":2},{"field":"name","from":{"x":1},"to":"Rex"},{"field":"notes","from":null,"to":"${'n'.repeat(3000)}"}]}]}`,
    );
    expect(entry!.by).toBeNull();
    expect(entry!.action).toBe('changed');
    expect(entry!.changes).toHaveLength(1);
    expect(entry!.changes[0]!.to).toHaveLength(2001);
  });

  it('refuses an answer beyond its bounds before reading it', () => {
    const many = Array.from(
      { length: 101 },
      (_, i) => `{"seq":${i + 1},"at":"2026-11-27T09:00:00Z","by":null,"action":"added","changes":[]}`,
    );
    expect(() => read(`{"entries":[${many.join(',')}]}`)).toThrow();
    expect(() => read('{"entries":[{"seq":1,"at":"not a time","by":null,"action":"added","changes":[]}]}')).toThrow();
  });
});
