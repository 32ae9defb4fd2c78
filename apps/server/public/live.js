// Live public pages (issue 12): the event's Server-Sent Events say when its data changed; the page
// fetches itself again (the ETag makes that cheap) and swaps its <main> in place — no reload, the
// scroll position stays. The stream resumes from the last version it saw (Last-Event-ID).
(function () {
  'use strict';
  var me = document.currentScript;
  if (!me || !window.EventSource || !window.fetch) return;
  var eventId = me.getAttribute('data-event-id');
  var version = me.getAttribute('data-version');
  var en = me.getAttribute('data-lang') === 'en';
  var status = document.getElementById('live-status');
  var busy = false;
  var again = false;

  function say(text) { if (status) status.textContent = text; }
  function time() { var d = new Date(); return ('0' + d.getHours()).slice(-2) + ':' + ('0' + d.getMinutes()).slice(-2) + ':' + ('0' + d.getSeconds()).slice(-2); }

  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(location.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' }).then(function (r) {
      if (!r.ok) throw new Error(String(r.status));
      return r.text();
    }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, 'text/html');
      var fresh = doc.querySelector('main');
      var main = document.querySelector('main');
      if (fresh && main) main.innerHTML = fresh.innerHTML;
      var v = doc.querySelector('script[data-version]');
      if (v) version = v.getAttribute('data-version');
      document.body.setAttribute('data-live-version', version || '');
      say((en ? 'Updated ' : '已更新 ') + time());
    }).catch(function () { /* the next change tries again */ }).then(function () {
      busy = false;
      if (again) { again = false; refresh(); }
    });
  }

  var source = new EventSource('/api/events/' + encodeURIComponent(eventId) + '/live?since=' + encodeURIComponent(version || ''));
  source.addEventListener('hello', function () { document.body.setAttribute('data-live', 'on'); });
  source.addEventListener('change', function (e) {
    document.body.setAttribute('data-live', 'on');
    var data = {};
    try { data = JSON.parse(e.data); } catch (x) { /* keep going */ }
    if (data.version && data.version === version) return;
    // Spread the viewers' requests over half a second (the server renders a version once).
    setTimeout(refresh, Math.floor(Math.random() * 500));
  });
  source.onerror = function () { document.body.setAttribute('data-live', 'reconnecting'); };
  window.addEventListener('pagehide', function () { source.close(); });
})();
