import * as ToastPrimitive from '@radix-ui/react-toast';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'info' | 'success' | 'error';
  /** Milliseconds; the spec's toasts last 3 or 4 seconds. */
  durationMilliseconds?: number;
}

export interface ToastEntry extends ToastInput {
  id: number;
}

/** Radix's toasts behind `ToastProvider` (toast.tsx), loaded with the first toast. */
export default function ToastRegion({ toasts, onRemove }: { toasts: ToastEntry[]; onRemove(id: number): void }) {
  return (
    <ToastPrimitive.Provider swipeDirection="right">
      {toasts.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          className={`ui-toast ui-toast--${toast.variant ?? 'info'}`}
          duration={toast.durationMilliseconds ?? 4000}
          onOpenChange={(open) => {
            if (!open) onRemove(toast.id);
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
  );
}
