import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CARD_FIELD_WORDS, CARD_FIELDS, type CardField } from '../../../shared/contract';
import { call, messageOf } from '../api';

/** What the shop's cage cards show besides the animal's name: each field on or off, saved as it is ticked. */
export function CardFieldsSettings() {
  const [shown, setShown] = useState<CardField[] | null>(null);
  useEffect(() => {
    void call('cardFields', undefined).then(setShown);
  }, []);

  // Shown at once as ticked; main's answer (what it saved) then stands, or the choice before it.
  const toggle = async (field: CardField, on: boolean) => {
    const before = shown ?? [];
    const wanted = on ? [...before, field] : before.filter((other) => other !== field);
    setShown(wanted);
    try {
      setShown(await call('setCardFields', { fields: wanted }));
    } catch (error) {
      setShown(before);
      toast.error(`Not saved: ${messageOf(error)}`);
    }
  };

  return (
    <section aria-labelledby="card-fields-title" className="card-fields-settings">
      <h2 id="card-fields-title">Cage cards</h2>
      <p className="hint">What a card shows besides the animal’s name (Print… on the animals screen).</p>
      <div className="choices">
        {CARD_FIELDS.map((field) => (
          <label key={field} className="check">
            <input
              type="checkbox"
              disabled={shown === null}
              checked={shown?.includes(field) ?? false}
              onChange={(event) => void toggle(field, event.target.checked)}
            />
            {CARD_FIELD_WORDS[field]}
          </label>
        ))}
      </div>
    </section>
  );
}
