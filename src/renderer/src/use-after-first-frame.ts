import { useEffect, useState } from 'react';

/**
 * False while a component's first frame is drawn, true once that frame is done: what is out of view
 * at first can wait for it, and the component shows in the frame after the key that opened it.
 */
export function useAfterFirstFrame(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setAfter(true), 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return after;
}
