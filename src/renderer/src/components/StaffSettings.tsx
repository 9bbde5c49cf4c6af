import { useState } from 'react';
import { toast } from 'sonner';
import { IDLE_SIGN_OUT_MINUTES, pinRule, type CounterView, type StaffRole } from '../../../shared/contract';
import { COMMANDS, shortcutLabel } from '../../../shared/commands';
import { call, CallError, messageOf } from '../api';
import { numberKey, showCounter, useCounter } from '../counter';
import { isMac } from '../format';
import { asManager } from '../manager';
import { Name } from './Name';
import { PinField } from './PinField';
import { FormError } from './FormError';

type Problems = Partial<Record<'name' | 'pin' | 'minutes' | 'form', string>>;

/** Main's refusal on the field it names ("pin must be 4 to 8 digits" under the PIN), else for the form. */
function problemsOf(error: unknown): Problems {
  const fields = error instanceof CallError ? (error.detail.fields ?? []) : [];
  const problems: Problems = {};
  for (const { field, message } of fields)
    if (field === 'name' || field === 'pin' || field === 'minutes') problems[field] = message;
  return fields.length > 0 && Object.keys(problems).length > 0 ? problems : { form: messageOf(error) };
}

/** Runs a manager's task (the PIN asked when main says so); main's view shown, true when done. */
async function asManagerShowing(task: () => Promise<CounterView>, fail: (problems: Problems) => void) {
  try {
    const view = await asManager(task);
    if (view === null) {
      fail({ form: 'Not done: it needs the manager’s PIN.' });
      return false;
    }
    showCounter(view);
    fail({});
    return true;
  } catch (error) {
    fail(problemsOf(error));
    return false;
  }
}

/**
 * The shop's staff, kept by a manager: who may sign in at the counter, each with a personal PIN,
 * and after how many idle minutes main signs them out. Main guards each change with the manager's
 * lock; a manager signed in needs no PIN for it.
 */
export function StaffSettings() {
  const { staff, idleSignOutMinutes } = useCounter((state) => state.view);
  const hasManager = staff.some((person) => person.role === 'manager');
  const [name, setName] = useState('');
  const [chosenRole, setRole] = useState<StaffRole | null>(null);
  // The first person is a manager: a manager keeps the list.
  const role = chosenRole ?? (hasManager ? 'staff' : 'manager');
  const [pin, setPin] = useState('');
  const [forPin, setForPin] = useState('');
  const [newPin, setNewPin] = useState('');
  const [minutes, setMinutes] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [pinProblems, setPinProblems] = useState<Problems>({});

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await asManagerShowing(() => call('addStaff', { name, role, pin }), setProblems)) {
      toast(
        <span>
          <Name>{name.trim()}</Name> is on the staff list.
        </span>,
      );
      setName('');
      setPin('');
      setRole(null);
    }
  };
  const remove = async (who: string) => {
    if (await asManagerShowing(() => call('removeStaff', { name: who }), setProblems))
      toast(
        <span>
          <Name>{who}</Name> is no longer on the staff list.
        </span>,
      );
  };
  const givePin = async (event: React.FormEvent) => {
    event.preventDefault();
    const who = forPin || staff[0]?.name || '';
    if (await asManagerShowing(() => call('setStaffPin', { name: who, pin: newPin }), setPinProblems)) {
      toast(
        <span>
          <Name>{who}</Name> has a new PIN.
        </span>,
      );
      setNewPin('');
    }
  };
  const saveMinutes = async (event: React.FormEvent) => {
    event.preventDefault();
    const asked = Number(minutes ?? idleSignOutMinutes);
    if (await asManagerShowing(() => call('setIdleSignOut', { minutes: asked }), setProblems)) {
      setMinutes(null);
      toast(`Signed out after ${asked} idle minute${asked === 1 ? '' : 's'}.`);
    }
  };

  return (
    <section aria-labelledby="staff-title" className="staff-settings">
      <h2 id="staff-title">Staff at the counter</h2>
      <p className="hint">
        {staff.some((person) => person.role === 'staff')
          ? 'Each change names who made it: the counter asks who is there before anything is changed.'
          : 'Add the shop’s staff and each change will name who made it; until then nothing asks anyone to sign in.'}{' '}
        Sign in with {shortcutLabel(COMMANDS['sign-in'].keys[0], isMac)} (a number, then the PIN). A manager signed in
        needs no PIN for a manager’s task.
      </p>
      {staff.length > 0 && (
        <table className="names">
          <thead>
            <tr>
              <th scope="col" className="num">
                Key
              </th>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.map((person, index) => (
              <tr key={person.name}>
                <td className="num">{numberKey(index)}</td>
                <td>
                  <Name>{person.name}</Name>
                </td>
                <td>{person.role === 'manager' ? 'Manager' : 'Staff'}</td>
                <td>
                  <button
                    type="button"
                    aria-label={`Remove ${person.name} from the staff list`}
                    onClick={() => void remove(person.name)}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="inline-form" noValidate onSubmit={(event) => void add(event)}>
        <div className={`field grow${problems.name ? ' invalid' : ''}`}>
          <label htmlFor="staff-name">Name</label>
          <input
            id="staff-name"
            autoComplete="off"
            value={name}
            aria-invalid={problems.name ? true : undefined}
            aria-describedby="staff-name-note"
            onChange={(event) => setName(event.target.value)}
          />
          <p id="staff-name-note" className={problems.name ? 'field-error' : 'hint'}>
            {problems.name ? `Name ${problems.name}` : 'As the sign-in list and the history show it'}
          </p>
        </div>
        <div className="field">
          <label htmlFor="staff-role">Role</label>
          <select id="staff-role" value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
            <option value="staff">Staff</option>
            <option value="manager">Manager</option>
          </select>
        </div>
        <PinField
          id="staff-pin"
          label="Personal PIN"
          value={pin}
          onChange={setPin}
          problem={problems.pin ? `PIN ${problems.pin}` : ''}
          note={pinRule(role)}
          autoComplete="new-password"
        />
        <button type="submit" className="primary">
          Add
        </button>
      </form>
      <FormError>{problems.form}</FormError>
      {staff.length > 0 && (
        <form className="inline-form" noValidate onSubmit={(event) => void givePin(event)}>
          <div className="field">
            <label htmlFor="new-pin-for">New PIN for</label>
            <select
              id="new-pin-for"
              value={forPin || staff[0]!.name}
              onChange={(event) => setForPin(event.target.value)}
            >
              {staff.map((person) => (
                <option key={person.name} value={person.name}>
                  {person.name}
                </option>
              ))}
            </select>
          </div>
          <PinField
            id="staff-new-pin"
            label="New PIN"
            value={newPin}
            onChange={setNewPin}
            problem={pinProblems.pin ? `PIN ${pinProblems.pin}` : (pinProblems.form ?? '')}
            autoComplete="new-password"
          />
          <button type="submit">Give new PIN</button>
        </form>
      )}
      <form className="inline-form" noValidate onSubmit={(event) => void saveMinutes(event)}>
        <div className={`field${problems.minutes ? ' invalid' : ''}`}>
          <label htmlFor="idle-minutes">Sign out after (idle minutes)</label>
          <input
            id="idle-minutes"
            type="number"
            inputMode="numeric"
            min={IDLE_SIGN_OUT_MINUTES.min}
            max={IDLE_SIGN_OUT_MINUTES.max}
            value={minutes ?? String(idleSignOutMinutes)}
            aria-invalid={problems.minutes ? true : undefined}
            aria-describedby="idle-minutes-note"
            onChange={(event) => setMinutes(event.target.value)}
          />
          <p id="idle-minutes-note" className={problems.minutes ? 'field-error' : 'hint'}>
            {problems.minutes
              ? `Minutes ${problems.minutes}`
              : `${IDLE_SIGN_OUT_MINUTES.min} to ${IDLE_SIGN_OUT_MINUTES.max}; what they were doing stays on screen`}
          </p>
        </div>
        <button type="submit">Save</button>
      </form>
    </section>
  );
}
