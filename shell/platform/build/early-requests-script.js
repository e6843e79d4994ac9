// The inline script of index.html that EarlyRequestsPlugin writes (its source is copied there as it stands here).
/* eslint-disable no-var -- runs as written in every browser, before any bundle */
function startEarlyRequests(requests) {
  try {
    var token = localStorage.getItem('authToken');
    if (!token && localStorage.getItem('cookieSession') !== '1') return;
    if (document.querySelector('meta[name="api-base"]')) return;
    var headers = { Accept: 'application/json' };
    if (token) headers.Authorization = 'Bearer ' + token;
    var urls = requests.always.concat(requests.routes[location.pathname] || []);
    var responses = {};
    for (var index = 0; index < urls.length; index += 1) {
      responses[urls[index]] = fetch(urls[index], { headers: headers, credentials: 'include' });
      // An answer nobody adopts must not count as an unhandled rejection.
      responses[urls[index]].catch(function () {});
    }
    window.__appEarlyRequests = { token: token, startedAt: Date.now(), responses: responses };
  } catch (error) {
    // Storage or fetch unavailable: the client asks itself.
  }
}

module.exports = { startEarlyRequests };
