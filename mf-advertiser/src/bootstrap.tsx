import '@app/platform/styles.css';
import { renderStandalone } from '@app/platform/app';
import AdvertiserRoutes, { standaloneLinks } from './routes';

// mf_advertiser on its own (npm run dev -w @app/mf-advertiser): the same routes the shell mounts, in a thin frame.
renderStandalone({
  remoteName: 'mf_advertiser',
  homePath: '/advertiser',
  links: standaloneLinks,
  routes: AdvertiserRoutes,
});
