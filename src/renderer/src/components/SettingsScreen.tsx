import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { REMOTE_ENVIRONMENTS, type RemoteEnvironment } from '../../../shared/contract';
import type { ConnectionVerdictView, EnvironmentSettingsView } from '../../../shared/ipc/views';
import { call, messageOf } from '../api';
import { ENVIRONMENT_LABELS } from '../format';
import { VERDICT_TITLES } from '../server-words';
import { asManager } from '../manager';
import { useWindowState } from '../window-state';
import { BackupSettings } from './BackupSettings';
import { CardFieldsSettings } from './CardFieldsSettings';
import { CurrencySettings } from './CurrencySettings';
import { CategorySettings, PinSettings } from './ManagerSettings';
import { StaffSettings } from './StaffSettings';
import { Time } from './Time';
import { UpdateSettings } from './UpdateSettings';

/** What a manager's PIN guards here, as the PIN dialog names it (main decides what is locked). */
const NEEDS_PIN = 'Not done: it needs the manager’s PIN.';

function ServerSettings({ environment }: { environment: RemoteEnvironment }) {
  const [settings, setSettings] = useState<EnvironmentSettingsView | null>(null);
  const [address, setAddress] = useState('');
  // Once the person has typed an address, the stored one arriving late never overwrites it; one
  // arriving while they are in the field is selected, so what they type next replaces it.
  const addressEdited = useRef(false);
  const addressField = useRef<HTMLInputElement>(null);
  const selectArrived = useRef(false);
  const [addressError, setAddressError] = useState('');
  const [key, setKey] = useState('');
  const [keyError, setKeyError] = useState('');
  const [verdict, setVerdict] = useState<ConnectionVerdictView | null>(null);
  const [testing, setTesting] = useState(false);
  const id = (what: string) => `${environment}-${what}`;

  useEffect(() => {
    void call('environmentSettings', { environment }).then((loaded) => {
      setSettings(loaded);
      if (addressEdited.current) return;
      selectArrived.current = document.activeElement === addressField.current;
      setAddress(loaded.baseUrl ?? '');
    });
  }, [environment]);
  useLayoutEffect(() => {
    if (!selectArrived.current) return;
    selectArrived.current = false;
    addressField.current?.select();
  }, [address]);

  const saveAddress = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const saved = await asManager(() => call('setBaseUrl', { environment, url: address }));
      if (saved === null) return setAddressError(NEEDS_PIN);
      setSettings(saved);
      setAddress(saved.baseUrl ?? '');
      addressEdited.current = false;
      setAddressError('');
      setVerdict(null);
      toast.success(`${ENVIRONMENT_LABELS[environment]} address saved.`);
    } catch (error) {
      setAddressError(messageOf(error));
    }
  };
  const saveKey = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const saved = await asManager(() => call('setKey', { environment, key }));
      if (saved === null) return setKeyError(NEEDS_PIN);
      setSettings(saved);
      setKey('');
      setKeyError('');
      setVerdict(null);
      toast.success(`${ENVIRONMENT_LABELS[environment]} key saved in the system keychain.`);
    } catch (error) {
      setKeyError(messageOf(error));
    }
  };
  const clearKey = async () => {
    try {
      const cleared = await asManager(() => call('clearKey', { environment }));
      if (cleared === null) return setKeyError(NEEDS_PIN);
      setSettings(cleared);
      setVerdict(null);
      toast(`${ENVIRONMENT_LABELS[environment]} key removed from the keychain.`);
    } catch (error) {
      setKeyError(messageOf(error));
    }
  };
  /** Main asks the person in a dialog of its own, naming the host; this only asks main to ask. */
  const confirmKeyForAddress = async () => {
    try {
      const answered = await asManager(() => call('confirmKeyForAddress', { environment }));
      if (answered === null) return setKeyError(NEEDS_PIN);
      setSettings(answered);
      setVerdict(null);
      const host = answered.baseUrl ? new URL(answered.baseUrl).host : '';
      if (answered.confirmed) toast.success(`${ENVIRONMENT_LABELS[environment]} key confirmed for ${host}.`);
      else toast(`Not confirmed: the ${ENVIRONMENT_LABELS[environment]} key is not sent to ${host}.`);
    } catch (error) {
      setKeyError(messageOf(error));
    }
  };
  const test = async () => {
    setTesting(true);
    try {
      setVerdict(await call('testConnection', { environment }));
    } catch (error) {
      setVerdict({ connection: 'failing', message: messageOf(error) });
    } finally {
      setTesting(false);
    }
  };

  const keySet = settings?.key.set === true;
  const noAddress = settings !== null && settings.baseUrl === null;
  // The address moved to another origin than the key's: the key stays behind until a person confirms it.
  const keyLeftBehind = settings !== null && keySet && settings.baseUrl !== null && !settings.key.forCurrentAddress;
  const keyOriginHost = settings?.key.origin ? new URL(settings.key.origin).host : null;
  return (
    <section className={`server-settings env-card-${environment}`} aria-labelledby={id('title')}>
      <h2 id={id('title')}>
        <span className={`env-pill env-pill-${environment}`}>{ENVIRONMENT_LABELS[environment]}</span> server
      </h2>
      <form onSubmit={(event) => void saveAddress(event)} className="inline-form" noValidate>
        <div className={`field grow${addressError ? ' invalid' : ''}`}>
          <label htmlFor={id('address')}>Address</label>
          <input
            ref={addressField}
            id={id('address')}
            type="url"
            placeholder="https://shop.example/v1"
            value={address}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={addressError ? true : undefined}
            aria-describedby={id('address-note')}
            onChange={(event) => {
              addressEdited.current = true;
              setAddress(event.target.value);
            }}
          />
          <p id={id('address-note')} className={addressError ? 'field-error' : 'hint'} aria-live="polite">
            {addressError ||
              (settings?.baseUrlSource === 'environment variable'
                ? 'Preset by an environment variable until saved here.'
                : (settings?.baseUrlProblem ?? ''))}
          </p>
        </div>
        <button type="submit">Save address</button>
      </form>
      <form onSubmit={(event) => void saveKey(event)} className="inline-form" noValidate>
        <div className={`field grow${keyError ? ' invalid' : ''}`}>
          <label htmlFor={id('key')}>{keySet ? 'Replace the key' : 'Key'}</label>
          <input
            id={id('key')}
            type="password"
            value={key}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={keyError ? true : undefined}
            aria-describedby={id('key-note')}
            disabled={noAddress}
            onChange={(event) => setKey(event.target.value)}
          />
          <p
            id={id('key-note')}
            className={keyError || settings?.key.problem ? 'field-error' : 'hint'}
            aria-live="polite"
          >
            {keyError ||
              (settings?.key.problem && `The system keychain cannot be read: ${settings.key.problem}`) ||
              (settings ? (
                keySet ? (
                  <>
                    Key set
                    {settings.key.setAt ? (
                      <>
                        {' '}
                        <Time iso={settings.key.setAt} />
                      </>
                    ) : (
                      ''
                    )}
                    {keyOriginHost ? ` for ${keyOriginHost}` : ''}. It is never shown, and sent to no other address.
                  </>
                ) : noAddress ? (
                  'Save the address first: a key is kept for the address it is set for.'
                ) : (
                  'No key set.'
                )
              ) : (
                ''
              ))}
          </p>
        </div>
        <button type="submit" disabled={key === '' || noAddress}>
          {keySet ? 'Replace key' : 'Set key'}
        </button>
        <button type="button" disabled={!keySet} onClick={() => void clearKey()}>
          Clear key
        </button>
      </form>
      {keyLeftBehind && (
        <div className="key-left-behind" role="status">
          <p>
            The key was set for <strong>{keyOriginHost ?? 'another address'}</strong>. It is not sent to{' '}
            <strong>{new URL(settings.baseUrl!).host}</strong> until you confirm that this is your shop&apos;s{' '}
            {ENVIRONMENT_LABELS[environment]} server, or set a new key.
          </p>
          <button type="button" onClick={() => void confirmKeyForAddress()}>
            Use the key for {new URL(settings.baseUrl!).host}…
          </button>
        </div>
      )}
      <div className="test-connection">
        <button type="button" onClick={() => void test()} disabled={testing}>
          {testing ? 'Testing…' : 'Test connection'}
        </button>
        <p
          aria-live="polite"
          className={verdict ? `verdict verdict-${verdict.connection}` : 'verdict'}
          data-verdict={verdict?.connection}
        >
          {verdict && (
            <>
              <strong>{VERDICT_TITLES[verdict.connection]}:</strong> {verdict.message}
            </>
          )}
        </p>
      </div>
    </section>
  );
}

export function SettingsScreen() {
  const preferences = useWindowState((state) => state.preferences);
  const setPreferences = useWindowState((state) => state.setPreferences);
  return (
    <div className="settings-screen">
      {REMOTE_ENVIRONMENTS.map((environment) => (
        <ServerSettings key={environment} environment={environment} />
      ))}
      <section aria-labelledby="prefs-title" className="preferences">
        <h2 id="prefs-title">Safety</h2>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={preferences.confirmProductionAdds}
            onChange={(event) =>
              setPreferences({ confirmProductionAdds: event.target.checked }).catch((error: unknown) =>
                toast.error(`Not saved: ${messageOf(error)}`),
              )
            }
          />
          Ask before adding or changing anything in production
        </label>
      </section>
      <PinSettings />
      <StaffSettings />
      <CurrencySettings />
      <CardFieldsSettings />
      <CategorySettings />
      <BackupSettings />
      <UpdateSettings />
    </div>
  );
}
