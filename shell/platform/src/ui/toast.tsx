import * as ToastPrimitive from '@radix-ui/react-toast';
import { type ReactNode, createContext, useCallback, useContext, useMemo, useState } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'info' | 'success' | 'error';
  /** Milliseconds; the spec's toasts last 3 or 4 seconds. */
  durationMilliseconds?: number;
}

interface ToastEntry extends ToastInput {
  id: number;
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const show = useCallback((toast: ToastInput) => {
    setToasts((current) => [...current, { ...toast, id: Date.now() + Math.random() }]);
  }, []);
  const remove = (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id));
  return (
    <ToastContext.Provider value={show}>
      <ToastPrimitive.Provider swipeDirection="right">
        {children}
        {toasts.map((toast) => (
          <ToastPrimitive.Root
            key={toast.id}
            className={`ui-toast ui-toast--${toast.variant ?? 'info'}`}
            duration={toast.durationMilliseconds ?? 4000}
            onOpenChange={(open) => {
              if (!open) remove(toast.id);
            }}
          >
            <ToastPrimitive.Title className="ui-toast__title">{toast.title}</ToastPrimitive.Title>
            {toast.description ? (
              <ToastPrimitive.Description className="ui-toast__description">
                {toast.description}
              </ToastPrimitive.Description>
            ) : null}
            <ToastPrimitive.Close className="ui-toast__close" aria-label="Dismiss">
              ×
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ))}
        <ToastPrimitive.Viewport className="ui-toast__viewport" />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): { show(toast: ToastInput): void } {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return useMemo(() => ({ show }), [show]);
}
