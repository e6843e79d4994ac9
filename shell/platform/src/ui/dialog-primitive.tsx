import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  children: ReactNode;
  /** 'center' for modals, 'side' for the mobile side menu. */
  placement?: 'center' | 'side';
}

/** Radix's dialog behind `Dialog` (dialog.tsx), loaded when a dialog first opens. */
export default function RadixDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  placement = 'center',
}: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="ui-dialog__overlay" />
        <DialogPrimitive.Content className={`ui-dialog ui-dialog--${placement}`}>
          <div className="ui-dialog__header">
            <DialogPrimitive.Title className="ui-dialog__title">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close className="ui-dialog__close" aria-label="Close">
              ×
            </DialogPrimitive.Close>
          </div>
          {description ? (
            <DialogPrimitive.Description className="ui-dialog__description">{description}</DialogPrimitive.Description>
          ) : (
            <DialogPrimitive.Description className="ui-visually-hidden">{title}</DialogPrimitive.Description>
          )}
          <div className="ui-dialog__body">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
