import '@app/platform/styles.css';
import './shell.css';
import { startSessionRequests, yieldToBrowser } from '@app/platform';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startSignedInFirstPage } from './app/first-page';
import { startFirstPageRemote } from './federation/first-page-remote';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const pathname = window.location.pathname;

/**
 * The first page's start, one task per step after main.js's own evaluation (issue 45): each step inserts a dozen
 * script tags or sets React up, some milliseconds each on a phone, and in one task with the evaluation they were the
 * first page's longest task.
 */
async function start(root: HTMLElement) {
  await yieldToBrowser();
  startSessionRequests();
  await yieldToBrowser();
  startFirstPageRemote(pathname);
  await yieldToBrowser();
  await startSignedInFirstPage(pathname);
  await yieldToBrowser();
  const reactRoot = createRoot(root);
  await yieldToBrowser();
  // A transition lets React's concurrent renderer yield to the browser every few milliseconds: the first render is
  // many short tasks instead of one long one that blocks input on a slow phone.
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start(container);
