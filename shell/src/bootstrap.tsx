import '@app/platform/styles.css';
import './shell.css';
import { startSessionRequests, yieldToBrowser } from '@app/platform';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { evaluateChunksInTheirOwnTask } from './app/chunk-arrival';
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
  const session = startSessionRequests();
  await yieldToBrowser();
  const remote = startFirstPageRemote(pathname);
  await yieldToBrowser();
  const { arrived } = await startSignedInFirstPage(pathname);
  await yieldToBrowser();
  const reactRoot = createRoot(root);
  await firstPageArrived([remote, arrived, session]);
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

/** The longest the first render waits for its page's chunks (`firstPageArrived`). */
const FIRST_RENDER_WAIT_MILLISECONDS = 1500;

/**
 * Waits until the chunks the first page started have arrived (or failed) and the stored session has been checked, at
 * most FIRST_RENDER_WAIT_MILLISECONDS, so that the first render finds them in and shows the page in one commit (a
 * transition, in slices), without a spinner and the wait React adds after one (app/arrived-chunks.ts), and without a
 * second render of the whole page, not in slices, when the session's answer comes. The cap keeps a slow remote or
 * server from holding back the frame.
 */
async function firstPageArrived(arrivals: Promise<void>[]): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_RENDER_WAIT_MILLISECONDS)));
  await Promise.race([Promise.all(arrivals), cap]);
  clearTimeout(timer);
  await yieldToBrowser();
}

evaluateChunksInTheirOwnTask();
void start(container);
