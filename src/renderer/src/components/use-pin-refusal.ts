import { useEffect, useState } from 'react';
import { CallError } from '../api';

/**
 * Why main refused a PIN, in the window's words (`inWords`), with the wait main imposes before the
 * next try counted down beside it: the manager's PIN dialog and the counter's sign-in say it alike.
 */
export function usePinRefusal(inWords: (error: unknown) => string) {
  const [problem, setProblem] = useState('');
  /** When main allows the next try (0: it never said to wait). */
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const waitLeft = Math.max(0, Math.ceil((waitUntil - now) / 1000));
  useEffect(() => {
    if (waitLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [waitLeft]);

  const waited = waitUntil > 0 && waitLeft === 0;
  return {
    /** What the PIN field says (the refusal, and the wait while it runs), and that it takes no keys meanwhile. */
    field: {
      problem:
        waitLeft > 0
          ? `${problem} The next try is possible in ${waitLeft} s.`
          : waited
            ? `${problem} You can try again now.`
            : problem,
      readOnly: waitLeft > 0,
    },
    /** Seconds until main tries a PIN again. */
    waitLeft,
    refused(error: unknown): void {
      const retryAfterMs = error instanceof CallError ? (error.detail.retryAfterMs ?? 0) : 0;
      setWaitUntil(retryAfterMs > 0 ? Date.now() + retryAfterMs : 0);
      setNow(Date.now());
      setProblem(inWords(error));
    },
    clear(): void {
      setProblem('');
      setWaitUntil(0);
    },
  };
}
