import { useState } from 'react';
import { call, messageOf } from '../api';
import { useOpenAnimal } from '../open-animal';
import { useWindowState } from '../window-state';

/**
 * One animal by its number, its card's label code or its microchip, opened at once: answered from
 * what this computer has, online or not (the interface's deprecated getPet is main's last resort,
 * and its deprecation is for the docs and the logs, not the counter).
 */
export function FindByNumber() {
  const environment = useWindowState((state) => state.environment)!;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const find = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const { pet } = await call('findAnimal', { environment, text });
      setProblem(null);
      setText('');
      useOpenAnimal.getState().open({ pet, scanned: false });
    } catch (error) {
      setProblem(messageOf(error));
    }
  };
  return (
    <details className="find-by-number">
      <summary>Find by number</summary>
      <form onSubmit={(event) => void find(event)} className="find-form">
        <div className="field">
          <label htmlFor="find-number">Number, label code or microchip</label>
          <input
            id="find-number"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            value={text}
            aria-describedby="find-problem"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <button type="submit">Find</button>
      </form>
      <p id="find-problem" aria-live="polite" className="form-error find-answer">
        {problem}
      </p>
    </details>
  );
}
