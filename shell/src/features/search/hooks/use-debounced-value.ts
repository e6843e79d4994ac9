import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `milliseconds`. */
export function useDebouncedValue<T>(value: T, milliseconds: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), milliseconds);
    return () => clearTimeout(timer);
  }, [value, milliseconds]);
  return debounced;
}
