import { remoteForPath } from './remote-ownership';

describe('which remote owns a path', () => {
  it.each([
    ['/earn', 'mf_earn'],
    ['/task/42', 'mf_earn'],
    ['/content/7/edit', 'mf_earn'],
    ['/invest/market', 'mf_invest'],
    ['/holding/h1', 'mf_invest'],
    ['/prediction/p1', 'mf_invest'],
    ['/wallet', 'mf_wallet'],
    ['/growth-hub', 'mf_wallet'],
    ['/advertiser/onboarding', 'mf_advertiser'],
    ['/campaigns', 'mf_advertiser'],
  ])('%s → %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it('leaves host paths and unknown paths to the shell', () => {
    expect(remoteForPath('/')).toBeNull();
    expect(remoteForPath('/dashboard')).toBeNull();
    expect(remoteForPath('/earnings')).toBeNull();
  });
});
