import { ariaKeyShortcuts, COMMANDS, shortcutLabel } from '../../../shared/commands';
import { ENVIRONMENTS, type EnvironmentName } from '../../../shared/contract';
import { ENVIRONMENT_LABELS, isMac } from '../format';
import { useWindowState } from '../window-state';

/** Where the app is working, in words: the strip under the top bar, and dialogs whose work is the environment's. */
export const STRIP_TEXT: Record<EnvironmentName, string> = {
  local: 'Local store: the animals kept on this computer only',
  production: 'PRODUCTION: the live shop. Animals added here are real.',
  staging: 'STAGING: the test server, not the live shop',
};

const shortcuts = (name: EnvironmentName) => COMMANDS[`use-${name}`].keys;

/** The strip under the top bar that says in words where the app is working (the colour only repeats it). */
export function EnvironmentStrip() {
  const environment = useWindowState((state) => state.environment);
  if (!environment) return null;
  return (
    <div
      className={`env-strip env-strip-${environment}`}
      role="note"
      aria-label="Current environment"
      data-environment={environment}
    >
      {STRIP_TEXT[environment]}
    </div>
  );
}

/** The environment switcher, always visible. */
export function EnvironmentBar() {
  const environment = useWindowState((state) => state.environment);
  const chooseEnvironment = useWindowState((state) => state.chooseEnvironment);
  return (
    <fieldset className="env-switcher">
      <legend className="visually-hidden">Environment</legend>
      {ENVIRONMENTS.map((name) => (
        <label
          key={name}
          className={`env-option env-${name}`}
          title={`${ENVIRONMENT_LABELS[name]} (${shortcutLabel(shortcuts(name)[0], isMac)})`}
        >
          <input
            type="radio"
            name="environment"
            value={name}
            checked={environment === name}
            aria-keyshortcuts={ariaKeyShortcuts(shortcuts(name), isMac)}
            onChange={() => void chooseEnvironment(name)}
          />
          <span>{ENVIRONMENT_LABELS[name]}</span>
        </label>
      ))}
    </fieldset>
  );
}
