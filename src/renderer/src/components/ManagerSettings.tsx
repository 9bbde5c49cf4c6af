import { useState } from 'react';
import { toast } from 'sonner';
import { ENVIRONMENTS, MANAGER_PIN_RULE, type EnvironmentName } from '../../../shared/contract';
import { call, CallError, messageOf } from '../api';
import { ENVIRONMENT_LABELS } from '../format';
import { asManager } from '../manager';
import { useWindowState } from '../window-state';
import { Name } from './Name';
import { PinField } from './PinField';
import { FormError } from './FormError';

/** The manager's PIN: set, changed or removed (main asks for the current one first, when one is set). */
export function PinSettings() {
  const lock = useWindowState((state) => state.managerLock);
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState('');
  const save = async (next: string | null) => {
    try {
      const decided = await asManager(() => call('setManagerPin', { pin: next }));
      if (decided === null) return;
      useWindowState.setState({ managerLock: decided });
      setPin('');
      setProblem('');
      toast.success(next === null ? 'The manager’s PIN is removed: nothing is locked.' : 'The manager’s PIN is set.');
    } catch (error) {
      setProblem(
        error instanceof CallError && error.detail.fields?.[0]
          ? `PIN ${error.detail.fields[0].message}`
          : messageOf(error),
      );
    }
  };
  return (
    <section aria-labelledby="pin-title" className="manager-pin">
      <h2 id="pin-title">Manager’s PIN</h2>
      <p className="hint">
        {lock.pinSet
          ? 'Set: switching environment, Settings, turning production confirmations off and discarding what waits ask for it.'
          : 'Not set: anyone at this computer can switch environment and change Settings.'}{' '}
        It keeps a colleague at the counter out, not the computer’s owner: choose 8 digits or more.
      </p>
      <form
        className="inline-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save(pin);
        }}
      >
        <PinField
          id="new-pin"
          label={lock.pinSet ? 'New PIN' : 'PIN'}
          value={pin}
          onChange={setPin}
          problem={problem}
          note={MANAGER_PIN_RULE}
          autoComplete="new-password"
        />
        <button type="submit" className="primary">
          {lock.pinSet ? 'Change PIN' : 'Set PIN'}
        </button>
        {lock.pinSet && (
          <button type="button" onClick={() => void save(null)}>
            Remove PIN
          </button>
        )}
      </form>
    </section>
  );
}

/** The names of the category ids, per environment, kept on this computer; CSV to share them with every counter. */
export function CategorySettings() {
  const active = useWindowState((state) => state.environment)!;
  const [environment, setEnvironment] = useState<EnvironmentName>(active);
  const [names, setNames] = useState<{ categoryId: string; name: string }[] | null>(null);
  const [categoryId, setCategoryId] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');
  const [loadedFor, setLoadedFor] = useState<EnvironmentName | null>(null);

  const load = async (which: EnvironmentName) => {
    setNames(await call('categoryNames', { environment: which }));
    setLoadedFor(which);
  };
  if (loadedFor !== environment) void load(environment);

  const run = async (task: () => Promise<unknown>) => {
    try {
      const done = await asManager(task);
      if (done === null) return false;
      setProblem('');
      await load(environment);
      return true;
    } catch (error) {
      setProblem(messageOf(error));
      return false;
    }
  };

  return (
    <section aria-labelledby="categories-title" className="category-names">
      <h2 id="categories-title">Category names</h2>
      <div className="inline-form">
        <div className="field">
          <label htmlFor="categories-environment">Environment</label>
          <select
            id="categories-environment"
            value={environment}
            onChange={(event) => setEnvironment(event.target.value as EnvironmentName)}
          >
            {ENVIRONMENTS.map((which) => (
              <option key={which} value={which}>
                {ENVIRONMENT_LABELS[which]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" onClick={() => void run(() => call('importCategoryNames', { environment }))}>
          Import CSV…
        </button>
        <button
          type="button"
          onClick={() =>
            void call('exportCategoryNames', { environment }).then(
              (outcome) => outcome.path && toast.success(`${outcome.rows} names exported to ${outcome.path}.`),
              (error: unknown) => setProblem(messageOf(error)),
            )
          }
        >
          Export CSV…
        </button>
      </div>
      <form
        className="inline-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => call('nameCategory', { environment, categoryId: categoryId.trim(), name })).then((done) => {
            if (!done) return;
            setCategoryId('');
            setName('');
            document.getElementById('category-id')?.focus();
          });
        }}
      >
        <div className="field">
          <label htmlFor="category-id">Category id</label>
          <input
            id="category-id"
            inputMode="numeric"
            autoComplete="off"
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
          />
        </div>
        <div className="field grow">
          <label htmlFor="category-name">Name</label>
          <input id="category-name" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <button type="submit" className="primary">
          Save name
        </button>
      </form>
      <FormError>{problem}</FormError>
      {names && names.length > 0 ? (
        <table className="names">
          <thead>
            <tr>
              <th scope="col" className="num">
                Id
              </th>
              <th scope="col">Name</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {names.map((named) => (
              <tr key={named.categoryId}>
                <td className="num">{named.categoryId}</td>
                <td>
                  <Name>{named.name}</Name>
                </td>
                <td>
                  <button
                    type="button"
                    aria-label={`Take the name ${named.name} away from category ${named.categoryId}`}
                    onClick={() =>
                      void run(() => call('nameCategory', { environment, categoryId: named.categoryId, name: null }))
                    }
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="hint">No category of {ENVIRONMENT_LABELS[environment]} has a name yet.</p>
      )}
    </section>
  );
}
