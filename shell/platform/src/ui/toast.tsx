import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ToastEntry, ToastInput } from './toast-region';

export type { ToastInput } from './toast-region';

// Radix's toasts (timers, swipe, the F8 region) load with the first toast, not with every signed-in first page
// (issue 45).
const ToastRegion = lazy(() => import(/* webpackChunkName: "ui-toast" */ './toast-region'));

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const [shownOne, setShownOne] = useState(false);
  const show = useCallback((toast: ToastInput) => {
    setToasts((current) => [...current, { ...toast, id: Date.now() + Math.random() }]);
  }, []);
  const remove = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  // Set while rendering (React's pattern for state derived from state): the region stays once it has loaded.
  if (toasts.length > 0 && !shownOne) setShownOne(true);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {shownOne ? (
        <Suspense fallback={null}>
          <ToastRegion toasts={toasts} onRemove={remove} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): { show(toast: ToastInput): void } {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return useMemo(() => ({ show }), [show]);
}
