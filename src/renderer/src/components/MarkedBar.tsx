import type { EnvironmentName } from '../../../shared/contract';
import { markedIn, useMarkedAnimals } from '../marked-animals';
import { FILE_COMMANDS } from './AnimalFiles';

const count = new Intl.NumberFormat();

/**
 * How many animals are marked for paper, with Print… and Clear marks: under the list, and with no
 * row shown too (a filter that shows none of them). Said to a screen reader as it changes, "none"
 * included.
 */
export function MarkedBar({ environment }: { environment: EnvironmentName }) {
  const ids = useMarkedAnimals((state) => markedIn(state, environment));
  const clear = () => {
    // The focus leaves with the button: back to the list, where the marks were made.
    document.querySelector<HTMLElement>('table.animals tbody tr[tabindex="0"], [data-focus-home]')?.focus();
    useMarkedAnimals.getState().clear();
  };
  return (
    <p className="marked-bar" role="status" data-marked={ids.length}>
      {ids.length === 0 ? (
        <span className="visually-hidden">No animals marked for paper.</span>
      ) : (
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
