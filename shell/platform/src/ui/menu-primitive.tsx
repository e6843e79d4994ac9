import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

export interface MenuProps {
  /** The trigger button's content; `label` names it for assistive technology. */
  trigger: ReactNode;
  label: string;
  children: ReactNode;
  triggerClassName?: string;
}

export interface RadixMenuProps extends MenuProps {
  /** Open as it mounts: it replaces the plain trigger the user has just pressed (menu.tsx). */
  openAtStart: boolean;
}

/** Radix's dropdown menu behind `Menu` (menu.tsx), loaded when a user first reaches for a menu. */
export function RadixMenu({ trigger, label, children, triggerClassName, openAtStart }: RadixMenuProps) {
  return (
    <MenuPrimitive.Root modal={false} defaultOpen={openAtStart}>
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

export function RadixMenuItem({ children, onSelect }: { children: ReactNode; onSelect(): void }) {
  return (
    <MenuPrimitive.Item className="ui-menu__item" onSelect={onSelect}>
      {children}
    </MenuPrimitive.Item>
  );
}

export function RadixMenuLabel({ children }: { children: ReactNode }) {
  return <MenuPrimitive.Label className="ui-menu__label">{children}</MenuPrimitive.Label>;
}

export function RadixMenuSeparator() {
  return <MenuPrimitive.Separator className="ui-menu__separator" />;
}
