import type { EnvironmentName } from '../../../shared/contract';
import { markedIn, useMarkedAnimals } from '../marked-animals';
import { FILE_COMMANDS } from './AnimalFiles';

const count = new Intl.NumberFormat();

/** How many animals are marked for paper, with Print… and Clear marks. */
export function MarkedBar({ environment }: { environment: EnvironmentName }) {
  const ids = useMarkedAnimals((state) => markedIn(state, environment));
  const clear = useMarkedAnimals((state) => state.clear);
  return (
    <p className="marked-bar" role="status">
      {ids.length > 0 && (
        <>
          {count.format(ids.length)} animal{ids.length === 1 ? '' : 's'} marked for paper.{' '}
          <button type="button" onClick={() => FILE_COMMANDS['print-paper']?.()}>
            Print…
          </button>{' '}
          <button type="button" onClick={clear}>
            Clear marks
          </button>
        </>
      )}
    </p>
  );
}
