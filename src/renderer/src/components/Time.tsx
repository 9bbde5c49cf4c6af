import { useEffect, useState } from 'react';
import { exactTime, relativeTime } from '../format';

/**
 * A moment as "2 min ago", told again every half minute; the exact time on hover (title), on focus
 * (shown beside it) and to a screen reader (in its text: a label is not read on a <time>). Its
 * ticking is never announced by a live region around it (aria-live off).
 */
export function Time({ iso }: { iso: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const exact = exactTime(iso);
  return (
    <time dateTime={iso} title={exact} tabIndex={0} className="relative-time" aria-live="off" data-exact={exact}>
      {relativeTime(iso, now)}
      <span className="visually-hidden"> ({exact})</span>
    </time>
  );
}
