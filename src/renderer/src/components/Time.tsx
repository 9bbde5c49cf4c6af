import { useEffect, useState } from 'react';
import { exactTime, relativeTime } from '../format';

/** A moment as "2 min ago", told again every half minute; the exact time on hover (title) and on focus (shown beside it). */
export function Time({ iso }: { iso: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const exact = exactTime(iso);
  return (
    <time
      dateTime={iso}
      title={exact}
      tabIndex={0}
      className="relative-time"
      data-exact={exact}
      aria-label={`${relativeTime(iso, now)}, ${exact}`}
    >
      {relativeTime(iso, now)}
    </time>
  );
}
