import '@app/platform/styles.css';
import { renderStandalone } from '@app/platform/app';
import WalletRoutes, { standaloneLinks } from './routes';

// mf_wallet on its own (npm run dev -w @app/mf-wallet): the same routes the shell mounts, in a thin frame.
renderStandalone({ remoteName: 'mf_wallet', homePath: '/wallet', links: standaloneLinks, routes: WalletRoutes });
