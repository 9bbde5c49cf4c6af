import { useWindowState } from '../window-state';
import { Name } from './Name';

/** A category as the list shows it: its name in this environment, with its id beside it (the id alone when unnamed). */
export function Category({ id }: { id: string }) {
  const name = useWindowState((state) => state.categoryNames.get(id));
  return (
    <span className="category">
      {name !== undefined && (
        <span className="category-name">
          <Name>{name}</Name>
        </span>
      )}{' '}
      <span className="category-id num">{id}</span>
    </span>
  );
}
