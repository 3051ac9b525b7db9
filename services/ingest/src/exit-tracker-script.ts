// GET /exit-tracker.js — the script a lander includes. It keeps the clickId (and exitUrl) the
// redirect gave the lander, and points every exit link at /click on the right tracking host:
// the global exit domain (exitUrl), else the host that served this script (the tracking link's
// domain), else the lander's own origin (spec §9 tracking host order).

export const EXIT_TRACKER_SCRIPT = `(function () {
  var STORE = 'tracker.click';
  var params = new URLSearchParams(window.location.search);
  var saved = {};
  try { saved = JSON.parse(window.sessionStorage.getItem(STORE) || '{}'); } catch (e) {}
  var clickId = params.get('clickId') || saved.clickId || '';
  var exitUrl = params.get('exitUrl') || saved.exitUrl || '';
  try { window.sessionStorage.setItem(STORE, JSON.stringify({ clickId: clickId, exitUrl: exitUrl })); } catch (e) {}
  var script = document.currentScript;
  var scriptOrigin = '';
  try { scriptOrigin = script && script.src ? new URL(script.src).origin : ''; } catch (e) {}
  var base = exitUrl || (scriptOrigin || window.location.origin) + '/click';
  function exitLink() {
    return base + (base.indexOf('?') === -1 ? '?' : '&') + 'clickId=' + encodeURIComponent(clickId);
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
