import '@app/platform/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startFirstPageRemote } from './federation/first-page-remote';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
startFirstPageRemote(window.location.pathname);
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
