import { createContext, useContext, useEffect } from 'react';

/**
 * Says the first screen has its data: `#root[data-app-state="loaded"]`, which scripts wait for (docs/qa.md).
 * Whatever screen an address opens, its list or dashboard calls it once the data is there.
 */
export const ReadyContext = createContext<() => void>(() => {});

export function useReady(ready: boolean): void {
  const markLoaded = useContext(ReadyContext);
  useEffect(() => {
    if (ready) markLoaded();
  }, [ready, markLoaded]);
}
