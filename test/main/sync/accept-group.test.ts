// How acceptances reach the disk during a drain (accept-group.ts): the groups recorded, on real timers.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ACCEPT_GROUP, ACCEPT_WAIT_MS, groupAcceptances } from '../../../src/main/sync/accept-group';

function recorded(fail?: Error) {
  const groups: number[][] = [];
  const accepted = groupAcceptances((group: number[]) => {
    if (fail) throw fail;
    groups.push(group);
  });
  return { groups, accepted };
}

describe('acceptances recorded in groups', () => {
  it('a full group at once, in one transaction; the rest within the wait', async () => {
    const { groups, accepted } = recorded();
    for (let i = 0; i < ACCEPT_GROUP + 3; i++) accepted.add(i);
    expect(groups.map((group) => group.length)).toEqual([ACCEPT_GROUP]);
    await sleep(ACCEPT_WAIT_MS * 3);
    expect(groups.map((group) => group.length)).toEqual([ACCEPT_GROUP, 3]);
    expect(groups.flat()).toEqual(Array.from({ length: ACCEPT_GROUP + 3 }, (_, i) => i));
  });

  it('a lone acceptance waits no longer than the wait; flush records what waits now', async () => {
    const { groups, accepted } = recorded();
    accepted.add(1);
    expect(groups).toEqual([]);
    await sleep(ACCEPT_WAIT_MS * 3);
    expect(groups).toEqual([[1]]);
    accepted.add(2);
    accepted.flush();
    expect(groups).toEqual([[1], [2]]);
    await sleep(ACCEPT_WAIT_MS * 3);
    expect(groups).toEqual([[1], [2]]); // nothing recorded twice
  });

  it('a group that could not be recorded on its timer is thrown by the next call, once', async () => {
    const { accepted } = recorded(new Error('disk full'));
    accepted.add(1);
    await sleep(ACCEPT_WAIT_MS * 3);
    expect(() => accepted.flush()).toThrow('disk full');
    expect(() => accepted.flush()).not.toThrow();
  });
});
