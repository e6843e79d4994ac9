import '@app/platform/styles.css';
import { renderStandalone } from '@app/platform/app';
import EarnRoutes, { standaloneLinks } from './routes';

// mf_earn on its own (npm run dev -w @app/mf-earn): the same routes the shell mounts, in a thin frame.
renderStandalone({ remoteName: 'mf_earn', homePath: '/earn', links: standaloneLinks, routes: EarnRoutes });
