import { useLayoutEffect, useRef, useState } from 'react';

type Methods = Record<string, (...args: never[]) => unknown>;

/**
 * The same methods in one object that stays the same from render to render, each call going to
 * the newest render's: a memoized row handed it is drawn again only when what it shows changes,
 * and never acts with what an older render knew.
 */
export function useStableMethods<T extends Methods>(methods: T): T {
  const latest = useRef(methods);
  useLayoutEffect(() => {
    latest.current = methods;
  });
  const [stable] = useState(
    () =>
      Object.fromEntries(
        Object.keys(methods).map((name) => [name, (...args: never[]) => latest.current[name]!(...args)]),
      ) as T,
  );
  return stable;
}
