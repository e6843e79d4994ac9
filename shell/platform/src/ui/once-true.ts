import { useState } from 'react';

/**
 * True from the first render in which `condition` holds, and ever after: what loads on first use (a dialog, the
 * toasts) stays mounted. Set while rendering (React's pattern for state derived from props), so that first render
 * already sees true.
 */
export function useOnceTrue(condition: boolean): boolean {
  const [seen, setSeen] = useState(condition);
  if (condition && !seen) setSeen(true);
  return seen || condition;
}
