import '@app/platform/styles.css';
import './shell.css';
import { startSessionRequests } from '@app/platform';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startSignedInFirstPage } from './app/first-page';
import { startFirstPageRemote } from './federation/first-page-remote';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
startSessionRequests();
startFirstPageRemote(window.location.pathname);
startSignedInFirstPage(window.location.pathname);
const root = createRoot(container);
// A transition lets React's concurrent renderer yield to the browser every few milliseconds: the first render is
// many short tasks instead of one long one that blocks input on a slow phone (issue 45).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
