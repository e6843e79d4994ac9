import '@app/platform/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startSignedInFirstPage } from './app/first-page';
import { startFirstPageRemote } from './federation/first-page-remote';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
startFirstPageRemote(window.location.pathname);
startSignedInFirstPage(window.location.pathname);
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
