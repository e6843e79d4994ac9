const { startEarlyRequests } = require('./early-requests-script');
const { tapInlineScript } = require('./inline-script');

/**
 * Starts a signed-in visitor's first API reads from index.html, while main.js is still downloading (issue 45): a few
 * bytes of inline script send `GET` for the session (`always`) and for the page's own first query (`routes`, by
 * `location.pathname`) with the stored token, and leave the pending answers on `window.__appEarlyRequests`. The API
 * client (`@app/platform`'s api/early-requests.ts) adopts each answer once instead of asking again. Without it the
 * session is asked for only after main.js has run and React has mounted, and the header (the LCP element) waits for it.
 *
 * A visitor without a token or cookie session sends nothing; a page that points /api elsewhere
 * (`<meta name="api-base">`) is left to the client.
 */
class EarlyRequestsPlugin {
  /** @param {{ always: string[], routes: Record<string, string[]> }} requests same-origin /api URLs, exactly as the client builds them */
  constructor(requests) {
    this.requests = requests;
  }

  apply(compiler) {
    tapInlineScript(compiler, 'EarlyRequestsPlugin', startEarlyRequests, () => this.requests);
  }
}

module.exports = { EarlyRequestsPlugin };
