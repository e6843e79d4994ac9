// The frames index.html paints before any script (issue 45): the page header each remote declares, and the same
// frame the app renders, so that the app's first render changes nothing the person already sees but the page.
import { firstPaintPages as earnPages } from '@app/mf-earn/first-paint';
import { firstPaintPages as investPages } from '@app/mf-invest/first-paint';
import { firstPaintPages as walletPages } from '@app/mf-wallet/first-paint';
import { answerApiCalls, createUser, renderWithPlatform } from '@app/platform/testing';
import AppLayout from '../features/layout/app-layout';
import { renderFirstPaintFrames } from '../../scripts/first-paint-frames';

jest.mock('../federation/remotes-registry', () => ({ remotesRegistry: () => Promise.resolve({}) }));

function parsed(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container.firstElementChild as HTMLElement;
}

const frames = renderFirstPaintFrames();

describe('the first-paint frames', () => {
  it('are for the dashboard and the main route of each remote, with the page header the remote declares', () => {
    expect(Object.keys(frames).sort()).toEqual(['/dashboard', '/earn', '/invest', '/wallet']);
    for (const [path, heading] of Object.entries({ ...earnPages, ...investPages, ...walletPages })) {
      const frame = parsed(frames[path]);
      expect(frame.querySelector('main h1')?.textContent).toBe(heading.title);
      expect(frame.querySelector('main .ui-page-header__subtitle')?.textContent).toBe(heading.subtitle);
    }
  });

  it("greet on the dashboard by the name index.html's script puts in, in a part it can leave out", () => {
    const frame = parsed(frames['/dashboard']);
    const heading = frame.querySelector('main h1#welcome-title');
    expect(heading?.textContent).toBe('Welcome back, ');
    expect(heading?.querySelector('[data-first-paint-name]')).not.toBeNull();
    expect(heading?.closest('[data-first-paint-optional]')?.classList.contains('welcome-banner')).toBe(true);
  });

  it("mark the route's own links as current, as the app's links are", () => {
    for (const path of Object.keys(frames)) {
      const current = [...parsed(frames[path]).querySelectorAll('a[aria-current="page"]')];
      expect(current.map((link) => link.getAttribute('href'))).toEqual(
        path === '/wallet' ? ['/wallet'] : [path, path], // the desktop navigation, and the mobile bar (no Wallet there)
      );
    }
  });

  it("are the app's own frame: the same landmarks in the same order, the same logo, search, navigation and bar", () => {
    answerApiCalls({ 'GET /api/notifications': { body: [] } });
    const { container } = renderWithPlatform(<AppLayout>{null}</AppLayout>, {
      route: '/earn',
      user: createUser({ user_type: 'user' }),
    });
    const app = container.querySelector('.app-layout') as HTMLElement;
    const frame = parsed(frames['/earn']);
    const landmarks = (layout: HTMLElement) =>
      [...layout.children].map((child) => `${child.tagName.toLowerCase()}.${child.className}`);
    expect(landmarks(frame)).toEqual(landmarks(app));
    for (const selector of ['.logo', '.search-opener', '.desktop-nav', '.mobile-bar']) {
      expect(frame.querySelector(selector)?.outerHTML).toBe(app.querySelector(selector)?.outerHTML);
    }
  });
});
