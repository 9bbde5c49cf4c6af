import type { CoreOptions, PetstoreCore } from '../../../src/main/core/petstore-core';
import type { GlanceDay } from '../../../src/shared/contract/week-at-a-glance';
import type { NewPet } from '../../../src/shared/contract';

/** A moment of the shop's day, read in the test's time zone. */
export const shopTime = (day: string, time: string) => new Date(`${day}T${time}`).getTime();

/** Each day's statuses at its end as [available, pending, sold], or why it has none. */
export const statusesOf = (days: GlanceDay[]) =>
  days.map((day) => (day.counted ? [day.statuses.available, day.statuses.pending, day.statuses.sold] : day.noFigures));

/** A core whose clock the test sets, and whose save dialog keeps what it was given. */
export function clockedShop(open: (options?: Partial<CoreOptions>) => PetstoreCore) {
  const clock = { now: 0 };
  const saved: string[] = [];
  const core = open({
    now: () => clock.now,
    saveFile: async (name, contents) => (saved.push(contents), `/chosen/${name}`),
  });
  const at = (day: string, time: string) => (clock.now = shopTime(day, time));
  const add = (pet: NewPet) => {
    const added = core.addPet('local', pet, { anyway: true });
    if (!('pet' in added)) throw new Error('the local store adds at once');
    return added.pet.id;
  };
  const status = (petId: string, to: 'available' | 'pending' | 'sold') =>
    core.changePet('local', petId, { status: to });
  return { core, at, add, status, saved };
}

/** Each day's [added, sold, takings], or why it has none. */
export const tradeOf = (days: GlanceDay[]) =>
  days.map((day) => (day.counted ? [day.added, day.sold, day.takingsMinor] : day.noFigures));
