import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import type { MenuProps } from './menu-primitive';

export type { MenuProps } from './menu-primitive';

type MenuModule = typeof import('./menu-primitive');

// Radix's dropdown menu (with its positioning engine, about 16 KiB of compressed script) loads when a user first
// points at, focuses or presses a menu's trigger, not with every signed-in first page (issue 45). Until the first press
// the trigger is a plain button that looks and reads the same.
let loadedMenu: MenuModule | null = null;
let loadingMenu: Promise<MenuModule> | null = null;

function loadMenu(): Promise<MenuModule> {
  loadingMenu ??= import(/* webpackChunkName: "ui-menu" */ './menu-primitive').then(
    (module) => (loadedMenu = module),
    (error: unknown) => {
      // A failed download is tried again on the next press.
      loadingMenu = null;
      throw error;
    },
  );
  return loadingMenu;
}

/** A dropdown menu (arrow keys move, Escape closes, focus returns to the trigger). */
export function Menu(props: MenuProps) {
  const [menu, setMenu] = useState(loadedMenu);
  // A menu whose script was there when it mounted starts closed; one swapped in by a press starts open.
  const swappedIn = useRef(loadedMenu === null);
  if (menu) return <menu.RadixMenu {...props} openAtStart={swappedIn.current} />;

  const prefetch = () => void loadMenu().catch(() => undefined);
  // Pressed: Radix's menu takes the trigger's place, open. Never sooner: a trigger swapped under a press in progress
  // would lose the press.
  const open = () => {
    loadMenu().then(setMenu, () => undefined);
  };
  return (
    <button
      type="button"
      className={props.triggerClassName ?? 'ui-menu__trigger'}
      aria-label={props.label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onPointerDown={prefetch}
      onClick={open}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          open();
        }
      }}
    >
      {props.trigger}
    </button>
  );
}

function loadedMenuModule(): MenuModule {
  // Items render only inside an open menu, which is Radix's: the module is there.
  if (!loadedMenu) throw new Error('A menu item rendered outside an open Menu');
  return loadedMenu;
}

export function MenuItem({ children, onSelect }: { children: ReactNode; onSelect(): void }) {
  const { RadixMenuItem } = loadedMenuModule();
  return <RadixMenuItem onSelect={onSelect}>{children}</RadixMenuItem>;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  const { RadixMenuLabel } = loadedMenuModule();
  return <RadixMenuLabel>{children}</RadixMenuLabel>;
}

export function MenuSeparator() {
  const { RadixMenuSeparator } = loadedMenuModule();
  return <RadixMenuSeparator />;
}
