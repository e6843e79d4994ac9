import type { ReactNode } from 'react';

/** The dashboard's greeting, which the first paint from index.html shows too (app/first-paint-frame.tsx). */
export function WelcomeHeading({ name }: { name: ReactNode }) {
  return <h1 id="welcome-title">Welcome back, {name}</h1>;
}
