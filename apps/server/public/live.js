// Live public pages (issues 12, 24): the page's <main> says where its event's Server-Sent Events are
// (sse-connect, with ?page= this page and ?since= the version it was rendered from). Each `change`
// frame carries the page's new <main>, rendered once on the server for every viewer: htmx's SSE
// extension swaps it in when htmx is on the page (sse-swap="change"), this script does otherwise.
// When the server refuses the stream (429/503: too many from this address or in all) or the
// browser has no EventSource, the page asks for itself now and then with If-None-Match (its ETag):
// 304 while nothing changed. Without any script the page is complete; reloading shows the news.
(function () {
  'use strict';
  var main = document.querySelector('main[sse-connect]');
  var me = document.currentScript;
  if (!main || !window.fetch) return;
  var en = (me && me.getAttribute('data-lang')) === 'en';
  var status = document.getElementById('live-status');
  var etag = main.getAttribute('data-etag') || '';
  var POLL_MS = 20000;
  var poller = null;
  var polls = 0;
  var source = null;
  // htmx's SSE extension, once loaded, sets htmx.createEventSource: then htmx connects and swaps.
  var byHtmx = !!(window.htmx && window.htmx.createEventSource && main.getAttribute('hx-ext'));

  function say(text) {
    if (status) status.textContent = text;
  }
  function time() {
    var d = new Date();
    return ('0' + d.getHours()).slice(-2) + ':' + ('0' + d.getMinutes()).slice(-2) + ':' + ('0' + d.getSeconds()).slice(-2);
  }
  function live(state) {
    document.body.setAttribute('data-live', state);
  }
  function updated(version) {
    if (version) document.body.setAttribute('data-live-version', version);
    say((en ? 'Updated ' : '已更新 ') + time());
  }

  // The page itself, conditionally: what a refused or unsupported stream falls back to.
  function refetch() {
    return fetch(location.href, { headers: { Accept: 'text/html', 'If-None-Match': etag }, credentials: 'same-origin', cache: 'no-store' })
      .then(function (r) {
        if (r.status === 304 || !r.ok) return;
        etag = r.headers.get('ETag') || etag;
        return r.text().then(function (html) {
          var fresh = new DOMParser().parseFromString(html, 'text/html').querySelector('main');
          if (!fresh) return;
          main.innerHTML = fresh.innerHTML;
          updated(/^W\/"([^."]+)\./.exec(etag) ? /^W\/"([^."]+)\./.exec(etag)[1] : '');
        });
      })
      .catch(function () {
        /* the next poll tries again */
      });
  }
  function poll() {
    if (poller) return;
    live('polling');
    poller = setInterval(
      function () {
        refetch();
        // Now and then the stream again: the crowd that filled it may have gone.
        if (++polls % 15 === 0 && !byHtmx) connect();
      },
      POLL_MS + Math.floor(Math.random() * 5000),
    );
  }
  function stopPolling() {
    if (poller) {
      clearInterval(poller);
      poller = null;
    }
  }

  if (byHtmx) {
    main.addEventListener('htmx:sseOpen', function () {
      stopPolling();
      live('on');
    });
    main.addEventListener('htmx:sseMessage', function (e) {
      updated(e.detail && e.detail.lastEventId);
    });
    main.addEventListener('htmx:sseError', function (e) {
      var s = e.detail && e.detail.source;
      if (s && s.readyState === 2)
        poll(); // refused: htmx retries with its backoff, we poll meanwhile
      else live('reconnecting');
    });
    return;
  }

  function connect() {
    if (!window.EventSource) {
      poll();
      return;
    }
    if (source) source.close();
    source = new EventSource(main.getAttribute('sse-connect'));
    source.addEventListener('hello', function () {
      stopPolling();
      live('on');
    });
    source.addEventListener('change', function (e) {
      stopPolling();
      live('on');
      if (e.data.charAt(0) === '{') {
        refetch();
        return;
      } // a JSON announcement: fetch the page
      main.innerHTML = e.data;
      updated(e.lastEventId);
    });
    source.addEventListener('refetch', function () {
      refetch();
    });
    source.onerror = function () {
      // CLOSED: the server answered otherwise than with a stream (429/503) — poll. Else it reconnects by itself.
      if (source.readyState === 2) poll();
      else live('reconnecting');
    };
  }
  connect();
  window.addEventListener('pagehide', function () {
    if (source) source.close();
    stopPolling();
  });
})();
