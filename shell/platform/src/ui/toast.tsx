import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useOnceTrue } from './once-true';
import type { ToastEntry, ToastInput } from './toast-region';

export type { ToastInput } from './toast-region';

// Radix's toasts (timers, swipe, the F8 region) load with the first toast, not with every signed-in first page
// (issue 45).
const ToastRegion = lazy(() => import(/* webpackChunkName: "ui-toast" */ './toast-region'));

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const show = useCallback((toast: ToastInput) => {
    setToasts((current) => [...current, { ...toast, id: Date.now() + Math.random() }]);
  }, []);
  const remove = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  // The region loads with the first toast and stays.
  const shownOne = useOnceTrue(toasts.length > 0);
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
