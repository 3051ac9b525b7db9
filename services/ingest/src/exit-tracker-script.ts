// GET /exit-tracker.js — the script a lander includes. It keeps the clickId (and exitUrl) the
// redirect gave the lander, and points every exit link at /click on the right tracking host:
// the global exit domain (exitUrl), else the host that served this script (the tracking link's
// domain), else the lander's own origin (spec §9 tracking host order). exitUrl arrives in the
// lander's address, which anyone can write: it counts only as our /click on a host named here.

/** The script for these tracking hosts (`host` or `host:port`, lower case, as URL.host gives them). */
export function renderExitTrackerScript(trackingHosts: readonly string[]): string {
  // JSON is a JavaScript literal; '<' escaped so no value can close a <script> it is inlined in.
  const hosts = JSON.stringify(trackingHosts).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `(function () {
  var STORE = 'tracker.click';
  var HOSTS = ${hosts};
  var params = new URLSearchParams(window.location.search);
  var script = document.currentScript;
  var scriptOrigin = '';
  try { scriptOrigin = script && script.src ? new URL(script.src).origin : ''; } catch (e) {}
  var scriptHost = scriptOrigin ? new URL(scriptOrigin).host : '';
  // Our /click on a known tracking host, as origin + '/click'; '' for anything else.
  function trustedExit(value) {
    if (typeof value !== 'string' || !value) return '';
    try {
      var url = new URL(value);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
      if (url.username || url.password || url.pathname !== '/click') return '';
      if (HOSTS.indexOf(url.host) === -1 && url.host !== scriptHost) return '';
      return url.origin + '/click';
    } catch (e) {
      return '';
    }
  }
  var saved = null;
  try { saved = JSON.parse(window.sessionStorage.getItem(STORE) || '{}'); } catch (e) {}
  if (!saved || typeof saved !== 'object') saved = {};
  var clickId = params.get('clickId') || (typeof saved.clickId === 'string' ? saved.clickId : '');
  var exitUrl = trustedExit(params.get('exitUrl')) || trustedExit(saved.exitUrl);
  try { window.sessionStorage.setItem(STORE, JSON.stringify({ clickId: clickId, exitUrl: exitUrl })); } catch (e) {}
  var base = exitUrl || (scriptOrigin || window.location.origin) + '/click';
  function exitLink() {
    return base + '?clickId=' + encodeURIComponent(clickId);
  }
  function wire(root) {
    var links = (root || document).querySelectorAll('a[data-exit], a[href="#exit"], a[href$="/click"], a[href*="/click?"]');
    for (var i = 0; i < links.length; i++) links[i].setAttribute('href', exitLink());
  }
  window.trackerExit = function () { window.location.href = exitLink(); };
  window.trackerExitUrl = exitLink;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { wire(); });
  else wire();
})();
`;
}
