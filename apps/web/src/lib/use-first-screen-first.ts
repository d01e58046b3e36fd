import { startTransition, useEffect, useMemo, useState } from 'react';

/**
 * The items of a long list to render now: the first screenful at once, the rest in a second,
 * interruptible (transition) render right after. React renders a transition in slices of a few
 * milliseconds and lets the browser handle input between them, so the list no longer makes one long task
 * on a phone (decision 0025, round two). The rest is added below what is already shown, so nothing moves;
 * it follows within a frame or two, before anyone could scroll or tab to it.
 */
export function useFirstScreenFirst<T>(items: readonly T[], firstScreen: number): readonly T[] {
  const [all, setAll] = useState(false);
  const rest = items.length > firstScreen;
  useEffect(() => {
    if (all || !rest) return;
    const timer = window.setTimeout(() => startTransition(() => setAll(true)));
    return () => window.clearTimeout(timer);
  }, [all, rest]);
  return useMemo(() => (all || !rest ? items : items.slice(0, firstScreen)), [all, rest, items, firstScreen]);
}
