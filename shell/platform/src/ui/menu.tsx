import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

export interface MenuProps {
  /** The trigger button's content; `label` names it for assistive technology. */
  trigger: ReactNode;
  label: string;
  children: ReactNode;
  triggerClassName?: string;
}

/** A dropdown menu (arrow keys move, Escape closes, focus returns to the trigger). */
export function Menu({ trigger, label, children, triggerClassName }: MenuProps) {
  return (
    <MenuPrimitive.Root modal={false}>
      <MenuPrimitive.Trigger className={triggerClassName ?? 'ui-menu__trigger'} aria-label={label}>
        {trigger}
      </MenuPrimitive.Trigger>
      <MenuPrimitive.Portal>
        <MenuPrimitive.Content className="ui-menu" align="end" sideOffset={6}>
          {children}
        </MenuPrimitive.Content>
      </MenuPrimitive.Portal>
    </MenuPrimitive.Root>
  );
}

export function MenuItem({ children, onSelect }: { children: ReactNode; onSelect(): void }) {
  return (
    <MenuPrimitive.Item className="ui-menu__item" onSelect={onSelect}>
      {children}
    </MenuPrimitive.Item>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <MenuPrimitive.Label className="ui-menu__label">{children}</MenuPrimitive.Label>;
}

export function MenuSeparator() {
  return <MenuPrimitive.Separator className="ui-menu__separator" />;
}
