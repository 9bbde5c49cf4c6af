import { useState } from 'react';
import { GET_PET_DEPRECATION, type Pet } from '../../../shared/contract';
import { call, messageOf } from '../api';
import { longDate } from '../format';
import { useWindowState } from '../window-state';
import { Name } from './Name';

const REMOVAL = longDate(GET_PET_DEPRECATION.removalDate);

/** getPet, kept for now: labelled deprecated with its removal date, and pointing to the filters. */
export function FindById() {
  const environment = useWindowState((state) => state.environment)!;
  const [id, setId] = useState('');
  const [answer, setAnswer] = useState<{ pet: Pet } | { error: string } | null>(null);
  const find = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      setAnswer({ pet: await call('getPet', { environment, petId: id.trim() }) });
    } catch (error) {
      setAnswer({ error: messageOf(error) });
    }
  };
  return (
    <details className="find-by-id">
      <summary>
        Find by id <span className="badge deprecated">Deprecated</span>
      </summary>
      <p className="hint">
        Finding one animal by its id will be removed on <strong>{REMOVAL}</strong>. Use the status filter and the list
        instead.
      </p>
      <form onSubmit={(event) => void find(event)} className="find-form">
        <div className="field">
          <label htmlFor="find-id">Animal id</label>
          <input
            id="find-id"
            inputMode="numeric"
            autoComplete="off"
            value={id}
            onChange={(event) => setId(event.target.value)}
          />
        </div>
        <button type="submit">Find</button>
      </form>
      <div aria-live="polite" className="find-answer">
        {answer && 'pet' in answer && (
          <p>
            #{answer.pet.id}{' '}
            <strong>
              <Name>{answer.pet.name}</Name>
            </strong>
            , category {answer.pet.categoryId}, {answer.pet.status ?? 'no status'}
          </p>
        )}
        {answer && 'error' in answer && <p className="form-error">{answer.error}</p>}
      </div>
    </details>
  );
}
