import { firstPaintPages as earnPages } from '@app/mf-earn/first-paint';
import { firstPaintPages as investPages } from '@app/mf-invest/first-paint';
import { firstPaintPages as walletPages } from '@app/mf-wallet/first-paint';
import { PageHeader } from '@app/platform';
import type { ReactNode } from 'react';
import { WelcomeHeading } from '../features/dashboard/welcome-heading';
import { DesktopNavigation, Logo, MobileBar, SearchOpener } from '../features/layout/frame-parts';
import { desktopNavigation } from '../features/layout/navigation-items';

/**
 * The first paint of a signed-in main route (issue 45): index.html puts this frame, the route's page header in it,
 * into #root before any script has run (shell/platform/build/first-paint-script.js), so that a phone shows the app
 * as soon as the HTML and CSS are in instead of after some 200 KB of scripts. React's first render replaces it with
 * the same frame and the page. Rendered when the shell is built (scripts/first-paint-frames.tsx), never part of a
 * bundle: the same parts as
 * the app's frame, nothing that needs the session; the dashboard's greeting takes the name index.html's script finds
 * in storage (`data-first-paint-name`), and is left out (`data-first-paint-optional`) when there is none.
 */
export function FirstPaintFrame({ children }: { children: ReactNode }) {
  return (
    <div className="app-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Logo />
        <SearchOpener />
        <div className="app-header__actions" />
      </header>
      <DesktopNavigation items={desktopNavigation(null)} />
      <main className="app-main" id="main" aria-busy="true">
        {children}
      </main>
      <MobileBar />
    </div>
  );
}

type PageHeading = { readonly title: string; readonly subtitle?: string };

function remotePage(heading: PageHeading) {
  return (
    <div className="ui-stack">
      <PageHeader title={heading.title} subtitle={heading.subtitle} />
    </div>
  );
}

function dashboardPage() {
  return (
    <div className="ui-stack">
      <section className="welcome-banner" aria-labelledby="welcome-title" data-first-paint-optional="">
        <div className="welcome-banner__head">
          <WelcomeHeading name={<span data-first-paint-name="" />} />
        </div>
      </section>
    </div>
  );
}

/** Each route with a first paint, and its page: the remotes' from their own `first-paint` modules. */
export function firstPaintPages(): Record<string, ReactNode> {
  const pages: Record<string, ReactNode> = { '/dashboard': dashboardPage() };
  for (const [path, heading] of Object.entries<PageHeading>({ ...earnPages, ...investPages, ...walletPages })) {
    pages[path] = remotePage(heading);
  }
  return pages;
}
