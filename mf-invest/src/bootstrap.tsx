import '@app/platform/styles.css';
import { renderStandalone } from '@app/platform/app';
import InvestRoutes, { standaloneLinks } from './routes';

// mf_invest on its own (npm run dev -w @app/mf-invest): the same routes the shell mounts, in a thin frame.
renderStandalone({ remoteName: 'mf_invest', homePath: '/invest', links: standaloneLinks, routes: InvestRoutes });
