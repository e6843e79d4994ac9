// The inline script of index.html that FirstPaintPlugin writes after #root (its source is copied there as it stands).
/* eslint-disable no-var -- runs as written in every browser, before any bundle */
function paintFirstFrame(frames) {
  try {
    var frame = frames[location.pathname];
    if (!frame) return;
    var storage = window.localStorage;
    // A visitor is sent to sign in by the app: no signed-in frame for them.
    if (!storage.getItem('authToken') && storage.getItem('cookieSession') !== '1') return;
    var root = document.getElementById('root');
    if (!root || root.firstChild) return;
    root.innerHTML = frame;
    var name = storage.getItem('greetingName');
    var slots = root.querySelectorAll('[data-first-paint-name]');
    for (var index = 0; index < slots.length; index += 1) {
      var optional = slots[index].closest('[data-first-paint-optional]');
      if (name) slots[index].textContent = name;
      else if (optional) optional.remove();
    }
  } catch (error) {
    // Storage unavailable or an old browser: the app paints the page itself, as without this script.
  }
}

module.exports = { paintFirstFrame };
