import { Ellipsis, Gem, Search } from '@app/platform/icons';
import { Link, NavLink } from 'react-router';
import { mobileBarItems, type NavigationItem } from './navigation-items';

// The signed-in frame's parts that need no session: the header, the app-layout and the first paint from index.html
// (app/first-paint-frame.tsx) render these same elements, so the frame does not change shape when the app takes over.

export function Logo() {
  return (
    <Link to="/dashboard" className="logo" aria-label="Rewards home">
      <Gem size={20} className="logo__mark" /> Rewards
    </Link>
  );
}

/** On a phone the search is this icon alone (the label and the shortcut hint collapse). */
export function SearchOpener({ onOpen }: { onOpen?(): void }) {
  return (
    <button
      type="button"
      className="search-opener"
      onClick={onOpen}
      aria-label="Search"
      aria-keyshortcuts="Control+K Meta+K"
    >
      <Search size={18} /> <span className="search-opener__label">Search</span> <kbd>Ctrl K</kbd>
    </button>
  );
}

export function DesktopNavigation({ items }: { items: NavigationItem[] }) {
  return (
    <nav className="desktop-nav" aria-label="Main">
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} className="desktop-nav__link">
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The mobile bottom bar: its destinations, and More, which opens the side menu. */
export function MobileBar({ onMore }: { onMore?(): void }) {
  return (
    <nav className="mobile-bar" aria-label="Mobile">
      {mobileBarItems.map((item) => (
        <NavLink key={item.to} to={item.to} className="mobile-bar__link">
          <item.icon size={22} />
          <span className="mobile-bar__label">{item.label}</span>
        </NavLink>
      ))}
      <button type="button" className="mobile-bar__link" onClick={onMore} aria-haspopup="dialog">
        <Ellipsis size={22} />
        <span className="mobile-bar__label">More</span>
      </button>
    </nav>
  );
}
