import { applyPageMeta, pageMetaFor } from './page-meta';

describe('page meta', () => {
  it('gives each main route its own title and description, by the first path segment', () => {
    expect(pageMetaFor('/auth').title).toBe('Sign in · Rewards');
    expect(pageMetaFor('/invest/shares').description).toMatch(/resale market/);
    expect(pageMetaFor('/').description).not.toBe(pageMetaFor('/wallet').description);
  });

  it('falls back to the landing page for paths it does not know', () => {
    expect(pageMetaFor('/no-such-page')).toEqual(pageMetaFor('/'));
  });

  it('writes the title and the one meta description of the document', () => {
    applyPageMeta('/earn');
    applyPageMeta('/wallet');
    expect(document.title).toBe('Wallet · Rewards');
    const tags = document.querySelectorAll('meta[name="description"]');
    expect(tags).toHaveLength(1);
    expect(tags[0].getAttribute('content')).toMatch(/balances/);
  });
});
