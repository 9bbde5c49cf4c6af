import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import {
  currencyDigits,
  ENVIRONMENTS,
  formatMoney,
  isCurrencyCode,
  type EnvironmentName,
} from '../../../shared/contract';
import { call, CallError, messageOf } from '../api';
import { ENVIRONMENT_LABELS } from '../format';
import { asManager } from '../manager';

const LIST_ID = 'currency-codes';
const currencyNames = new Intl.DisplayNames(undefined, { type: 'currency' });

/** "British Pound: £12.50", for a code this app knows; nothing for anything else. */
function currencyInWords(code: string): string {
  const wanted = code.trim().toUpperCase();
  if (!isCurrencyCode(wanted)) return '';
  const example = formatMoney(1250 * 10 ** Math.max(0, currencyDigits(wanted) - 2), wanted);
  return `${currencyNames.of(wanted) ?? wanted}, as in ${example}`;
}

/** One environment's currency: typed as its ISO 4217 code, saved by a manager. */
function CurrencyField({ environment }: { environment: EnvironmentName }) {
  const [saved, setSaved] = useState<string | null>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const id = `currency-${environment}`;
  const label = ENVIRONMENT_LABELS[environment];

  useEffect(() => {
    void call('currency', { environment }).then((view) => setSaved(view.currency));
  }, [environment]);

  const value = typed ?? saved ?? '';
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const decided = await asManager(() => call('setCurrency', { environment, currency: value }));
      if (decided === null) return setProblem('Not done: it needs the manager’s PIN.');
      setSaved(decided.currency);
      setTyped(null);
      setProblem('');
      toast.success(`${label} prices are now shown in ${decided.currency}.`);
    } catch (error) {
      const field = error instanceof CallError ? error.detail.fields?.[0] : undefined;
      setProblem(field ? `Currency ${field.message}` : messageOf(error));
    }
  };

  return (
    <form className="inline-form" onSubmit={(event) => void save(event)} noValidate>
      <div className={`field currency-field${problem ? ' invalid' : ''}`}>
        <label htmlFor={id}>{label} currency</label>
        <input
          id={id}
          value={value}
          list={LIST_ID}
          maxLength={20}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-note`}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem('');
          }}
        />
        <p id={`${id}-note`} className={problem ? 'field-error' : 'hint'} aria-live="polite">
          {problem || currencyInWords(value)}
        </p>
      </div>
      <button type="submit" disabled={saved === null || value.trim().toUpperCase() === saved}>
        Save currency
      </button>
    </form>
  );
}

/** The currency each environment's prices are in: a manager's setting, as the other Settings are. */
export function CurrencySettings() {
  return (
    <section aria-labelledby="currency-title" className="currency-settings">
      <h2 id="currency-title">Prices</h2>
      <p className="hint">
        The currency of each environment’s prices, as its ISO 4217 code (GBP, EUR, USD…). Prices are kept as amounts:
        changing the currency does not convert them.
      </p>
      {ENVIRONMENTS.map((environment) => (
        <CurrencyField key={environment} environment={environment} />
      ))}
      <datalist id={LIST_ID}>
        {Intl.supportedValuesOf('currency').map((code) => (
          <option key={code} value={code}>
            {currencyNames.of(code)}
          </option>
        ))}
      </datalist>
    </section>
  );
}
