import { localToday } from '../../../shared/contract';
import {
  GLANCE_STATUSES,
  type GlanceDay,
  type GlanceWeek,
  type WaitingAnimal,
} from '../../../shared/contract/week-at-a-glance';
import {
  daysWords,
  fullDay,
  NO_FIGURES_WORDS,
  STATUS_WORDS,
  takingsWords,
  weekWords,
} from '../../../shared/contract/week-words';

const count = new Intl.NumberFormat();

/** The chart's figures, day by day: what a screen reader reads, and anyone may. */
export function StatusTable({ days }: { days: readonly GlanceDay[] }) {
  return (
    <table className="glance-table">
      <caption>Animals in each status at the day’s end</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          {GLANCE_STATUSES.map((status) => (
            <th key={status} scope="col" className="number">
              {STATUS_WORDS[status]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.day}>
            <th scope="row">{fullDay(day.day)}</th>
            {day.counted ? (
              GLANCE_STATUSES.map((status) => (
                <td key={status} className="number">
                  {count.format(day.statuses[status])}
                </td>
              ))
            ) : (
              <td colSpan={GLANCE_STATUSES.length} className="no-figures">
                {NO_FIGURES_WORDS[day.noFigures]}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Added, sold and takings for each day, or each week. */
export function TradeTable({
  rows,
  currency,
  caption,
}: {
  rows: ReadonlyArray<GlanceDay | GlanceWeek>;
  currency: string;
  caption: string;
}) {
  return (
    <table className="glance-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{rows.length > 0 && 'day' in rows[0]! ? 'Day' : 'Week'}</th>
          <th scope="col" className="number">
            Added
          </th>
          <th scope="col" className="number">
            Sold
          </th>
          <th scope="col" className="number">
            Takings
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const name = 'day' in row ? fullDay(row.day) : weekWords(row);
          return (
            <tr key={name}>
              <th scope="row">{name}</th>
              {row.counted ? (
                <>
                  <td className="number">{count.format(row.added)}</td>
                  <td className="number">{count.format(row.sold)}</td>
                  <td className="number">{takingsWords(row, currency)}</td>
                </>
              ) : (
                <td colSpan={3} className="no-figures">
                  {NO_FIGURES_WORDS[row.noFigures]}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The animals available now that have waited longest. */
export function WaitingTable({ animals }: { animals: readonly WaitingAnimal[] }) {
  if (animals.length === 0) return <p className="hint">No animal is available now.</p>;
  return (
    <table className="glance-table">
      <caption>Available now, the longest first</caption>
      <thead>
        <tr>
          <th scope="col">Animal</th>
          <th scope="col">Available since</th>
          <th scope="col" className="number">
            Waiting
          </th>
        </tr>
      </thead>
      <tbody>
        {animals.map((animal) => (
          <tr key={animal.petId}>
            <th scope="row">
              {animal.name} <span className="muted">number {animal.petId}</span>
            </th>
            <td>{fullDay(animal.since.length === 10 ? animal.since : localToday(new Date(animal.since)))}</td>
            <td className="number">{daysWords(animal.days)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
