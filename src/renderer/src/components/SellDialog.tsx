import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatMoney, moneyText, parseMoney, type EnvironmentName, type Pet } from '../../../shared/contract';
import { BUYER_TEXT_MAX } from '../../../shared/contract/orders';
import { useActiveCurrency } from '../active-currency';
import { call, CallError } from '../api';
import { changeRefusedText } from '../change-words';
import { actionBegun, offerUndo } from '../undo';
import { useCategoryWords, useWindowState } from '../window-state';
import { FormError } from './FormError';
import { Name } from './Name';
import { useModal } from './use-modal';
import { writeInOrder } from '../changes-in-order';

type Field = 'price' | 'buyerName' | 'buyerContact';
const LABELS: Record<Field, string> = { price: 'Price', buyerName: 'Buyer’s name', buyerContact: 'Buyer’s contact' };
const HINTS: Record<Field, string> = {
  price: 'What it went for; its price unless changed',
  buyerName: 'Optional: for the health guarantee',
  buyerContact: 'Optional: a phone number or an email address',
};

/**
 * The full road of a sale (the row menu's "Sell…", or Shift+S): the price it went for, prefilled
 * with its price, and the buyer's name and contact; Enter sells. Main checks the terms and says on
 * its field what is wrong; the sale is offered back with Undo as S's is.
 */
export function SellDialog({ environment, pet, onClose }: { environment: EnvironmentName; pet: Pet; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const inputs = {
    price: useRef<HTMLInputElement>(null),
    buyerName: useRef<HTMLInputElement>(null),
    buyerContact: useRef<HTMLInputElement>(null),
  };
  const currency = useActiveCurrency((state) => state.currency);
  const categoryWords = useCategoryWords();
  const [terms, setTerms] = useState<Record<Field, string>>({
    price: pet.price === undefined ? '' : moneyText(pet.price, currency),
    buyerName: '',
    buyerContact: '',
  });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  useModal(dialog, { initial: inputs.price });

  const refuse = (found: Array<{ field: Field; message: string }>, otherwise = '') => {
    setBusy(false);
    setProblems(Object.fromEntries(found.map(({ field, message }) => [field, `${LABELS[field]} ${message}`])));
    setProblem(found.length > 0 ? '' : otherwise);
    const first = found[0] && inputs[found[0].field].current;
    first?.focus();
    first?.select();
  };

  const sell = async () => {
    const price = terms.price.trim() === '' ? undefined : parseMoney(terms.price, currency);
    if (price !== undefined && 'problem' in price) return refuse([{ field: 'price', message: price.problem }]);
    const given = {
      ...(price === undefined ? {} : { price: price.minor }),
      ...(terms.buyerName.trim() === '' ? {} : { buyerName: terms.buyerName }),
      ...(terms.buyerContact.trim() === '' ? {} : { buyerContact: terms.buyerContact }),
    };
    try {
      const { sale, historySeq } = await writeInOrder(
        environment,
        pet,
        (revision) =>
          call('sellPet', {
            environment,
            petId: pet.id,
            terms: given,
            ...(revision === undefined ? {} : { revision }),
          }),
        () => undefined,
      );
      onClose();
      const at = sale.priceMinor === null ? '' : ` for ${formatMoney(sale.priceMinor, currency)}`;
      if (historySeq !== null) offerUndo(environment, pet, `${pet.name} sold${at}.`, historySeq);
      else toast(`${pet.name} sold${at}.`);
    } catch (error) {
      const onFields = error instanceof CallError ? (error.detail.fields ?? []) : [];
      const mine = onFields.filter((found): found is { field: Field; message: string } => found.field in LABELS);
      refuse(mine, changeRefusedText(error, pet.name, categoryWords, environment));
    } finally {
      void useWindowState.getState().reload({ refresh: false });
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    void actionBegun(sell());
  };

  const field = (name: Field) => (
    <div className={`field${problems[name] ? ' invalid' : ''}`} key={name}>
      <label htmlFor={`${id}-${name}`}>{LABELS[name]}</label>
      <span className={name === 'price' ? 'money-input' : undefined}>
        <input
          id={`${id}-${name}`}
          ref={inputs[name]}
          value={terms[name]}
          autoComplete="off"
          spellCheck={false}
          maxLength={name === 'price' ? 40 : BUYER_TEXT_MAX[name]}
          {...(name === 'price' ? { inputMode: 'decimal' as const } : {})}
          aria-invalid={problems[name] ? true : undefined}
          aria-describedby={`${id}-${name}-note`}
          onChange={(event) => {
            setTerms({ ...terms, [name]: event.target.value });
            setProblems({});
          }}
        />
        {name === 'price' && <span className="currency-code">{currency}</span>}
      </span>
      <p id={`${id}-${name}-note`} className={problems[name] ? 'field-error' : 'hint'} aria-live="polite">
        {problems[name] ?? HINTS[name]}
      </p>
    </div>
  );

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      className="dialog sell-dialog"
      onCancel={(event) => (event.preventDefault(), onClose())}
    >
      <h2 id={`${id}-title`}>
        Sell <Name>{pet.name}</Name>
      </h2>
      <form onSubmit={submit} noValidate>
        <div className="dialog-body">
          {field('price')}
          {field('buyerName')}
          {field('buyerContact')}
          <FormError>{problem}</FormError>
        </div>
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            Sell
          </button>
        </div>
      </form>
    </dialog>
  );
}
