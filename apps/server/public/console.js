// Staff pages (issue 12): login, the chief arbiter's console, the arbiter's result sheet, the
// captain's lineup form. The bearer token of POST /api/auth/login is kept in sessionStorage (this
// tab only) and sent as `Authorization: Bearer …` on every fetch — no cookie, so no CSRF surface.
// The server renders only an empty shell: every datum comes from the API, which checks the roles.
(function () {
  'use strict';
  var app = document.getElementById('console-app');
  if (!app) return;
  var L = JSON.parse(document.getElementById('console-labels').textContent);
  var lang = app.dataset.lang === 'en' ? 'en' : 'zh';
  var TOKEN = 'chuhe.token';
  var RESULTS = ['red_win', 'draw', 'black_win', 'red_win_forfeit', 'black_win_forfeit', 'double_forfeit'];

  // ── helpers ───────────────────────────────────────────────────────────────────────────
  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      var v = attrs[k];
      if (v === null || v === undefined || v === false) return;
      if (k === 'text') e.textContent = v;
      else if (k.slice(0, 2) === 'on') e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? '' : v);
    });
    (children || []).forEach(function (c) { if (c !== null && c !== undefined && c !== false) e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return e;
  }
  function fmt(s, vars) { return String(s).replace(/\{(\w+)\}/g, function (_, k) { return vars[k]; }); }
  function name(x) {
    if (!x) return '';
    var a = lang === 'en' ? x.nameEn : x.nameZh;
    var b = lang === 'en' ? x.nameZh : x.nameEn;
    return a && b && a !== b ? a + ' ' + b : a || b || '';
  }
  function api(method, url, body) {
    var headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    var token = sessionStorage.getItem(TOKEN);
    if (token) headers.Authorization = 'Bearer ' + token;
    return fetch(url, { method: method, headers: headers, body: body !== undefined ? JSON.stringify(body) : undefined, cache: 'no-store' }).then(function (r) {
      return r.text().then(function (t) {
        var data = null;
        try { data = t ? JSON.parse(t) : null; } catch (e) { data = { message: t }; }
        if (!r.ok) {
          var msg = data && data.message;
          if (Array.isArray(msg)) msg = msg.join('; ');
          var err = new Error(msg || r.statusText);
          err.status = r.status; err.body = data;
          throw err;
        }
        return data;
      });
    });
  }
  var statusBox = el('p', { class: 'console-status', id: 'console-status', role: 'status', 'aria-live': 'polite' });
  var alertBox = el('div', { id: 'console-alert', role: 'alert' });
  function ok(text) { statusBox.textContent = text; alertBox.textContent = ''; }
  function fail(e) {
    if (e && e.status === 401) return toLogin();
    alertBox.textContent = '';
    alertBox.appendChild(el('p', { class: 'error', text: L.error + (e.status ? ' ' + e.status : '') + ': ' + e.message }));
  }
  function toLogin() {
    sessionStorage.removeItem(TOKEN);
    location.assign('/login?lang=' + lang + '&next=' + encodeURIComponent(location.pathname + location.search));
  }
  function denied(e) {
    app.innerHTML = '';
    app.appendChild(el('p', { class: 'error', id: 'denied', role: 'alert', text: e.status === 403 ? L.noAccess : L.error + ' ' + (e.status || '') + ': ' + e.message }));
    app.appendChild(userBar());
  }
  function userBar() {
    return el('span', { class: 'user-bar' }, [
      el('button', { type: 'button', class: 'link', id: 'logout', text: L.logout, onclick: function () { sessionStorage.removeItem(TOKEN); location.assign('/login?lang=' + lang); } }),
    ]);
  }
  function guarded(load) {
    if (!sessionStorage.getItem(TOKEN)) return toLogin();
    load();
  }
  function live(eventId, onChange) {
    if (!window.EventSource) return;
    var src = new EventSource('/api/events/' + eventId + '/live');
    src.addEventListener('change', function () { onChange(); });
    window.addEventListener('pagehide', function () { src.close(); });
  }
  function resultText(r) { return r ? (L.results[r] || r) : ''; }
  function resultSelect(id, label, value, withEmpty) {
    var s = el('select', { id: id, 'aria-label': label }, (withEmpty ? [el('option', { value: '', text: '—' })] : []).concat(RESULTS.map(function (r) { return el('option', { value: r, text: L.results[r] }); })));
    if (value) s.value = value;
    return s;
  }
  function field(id, label, input) { return el('p', { class: 'field' }, [el('label', { for: id, text: label }), input]); }

  // ── login ─────────────────────────────────────────────────────────────────────────────
  function loginPage() {
    app.innerHTML = '';
    var next = new URLSearchParams(location.search).get('next') || '/';
    if (next.charAt(0) !== '/' || next.charAt(1) === '/' || next.charAt(1) === '\\') next = '/';
    var email = el('input', { type: 'email', id: 'login-email', autocomplete: 'username', required: true });
    var password = el('input', { type: 'password', id: 'login-password', autocomplete: 'current-password', required: true });
    var form = el('form', { class: 'staff-login', id: 'login-form' }, [
      field('login-email', L.email, email),
      field('login-password', L.password, password),
      el('button', { class: 'primary', type: 'submit', id: 'login-submit', text: L.login }),
    ]);
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      api('POST', '/api/auth/login', { email: email.value, password: password.value }).then(function (r) {
        sessionStorage.setItem(TOKEN, r.token);
        location.assign(next);
      }, function (e) { alertBox.textContent = ''; alertBox.appendChild(el('p', { class: 'error', text: L.error + ' ' + (e.status || '') + ': ' + e.message })); });
    });
    app.appendChild(form);
    app.appendChild(alertBox);
    if (sessionStorage.getItem(TOKEN)) app.appendChild(el('p', {}, [L.loggedIn + ' · ', userBar()]));
  }

  // ── chief arbiter's console ───────────────────────────────────────────────────────────
  function consolePage() {
    var eventId = app.dataset.eventId;
    var data = null;
    function load() {
      return api('GET', '/api/events/' + eventId + '/console').then(function (d) { data = d; render(); }, function (e) {
        if (e.status === 401) return toLogin();
        denied(e);
      });
    }
    function act(promise, done) {
      return promise.then(function (r) { ok(done); return load().then(function () { return r; }); }, fail);
    }
    function entryName(id) {
      var e = data.entries.filter(function (x) { return x.id === id; })[0];
      return e ? e.drawNumber + '. ' + name(e) : id;
    }
    function roundSection(r) {
      var box = el('section', { class: 'staff-card round-card', id: 'round-' + r.number, 'aria-labelledby': 'round-h-' + r.number });
      box.appendChild(el('h2', { id: 'round-h-' + r.number }, [fmt(L.round, { n: r.number }) + ' · ', el('span', { class: 'state state-' + r.state, id: r.state === 'draft' ? 'draft-state' : null, text: L.states[r.state] || r.state })]));
      if (r.state === 'draft') {
        var f = r.findings || [];
        var fbox = el('div', { class: 'findings', id: 'findings' }, [el('h3', { text: L.findings })]);
        if (!f.length) fbox.appendChild(el('p', { class: 'ok', text: L.noFindings }));
        else fbox.appendChild(el('ul', {}, f.map(function (x) { return el('li', { class: 'finding ' + x.severity }, [el('strong', { text: (L.severity[x.severity] || x.severity) + ' ' + (x.code || '') + ': ' }), x.message || '']); })));
        (r.warnings || []).forEach(function (w) { fbox.appendChild(el('p', { class: 'finding warning', text: typeof w === 'string' ? w : w.message })); });
        box.appendChild(fbox);
      }
      var rows = r.pairings.map(function (p) {
        var g = p.games[0];
        var cells = [
          el('td', { class: 'num', text: p.table === null ? '' : String(p.table) }),
          el('td', { class: 'name', text: p.red ? p.red.drawNumber + '. ' + name(p.red) : '' }),
          el('td', { class: 'name', text: p.black ? p.black.drawNumber + '. ' + name(p.black) : L.bye }),
          el('td', { class: 'result' + (p.black && p.games.some(function (x) { return x.result === null; }) && r.state !== 'draft' ? ' open' : ''), text: p.black ? p.games.map(function (x) { return x.result ? resultText(x.result) : (r.state === 'draft' ? '' : L.open); }).join(' · ') : '' }),
        ];
        if (r.state !== 'draft' && data.event.kind === 'team') {
          cells.push(el('td', {}, [p.black ? el('a', { href: '/pairings/' + p.id + '/lineup?lang=' + lang, text: L.lineupTitle }) : null]));
        }
        if (r.state === 'draft') {
          cells.push(el('td', {}, [p.black ? el('button', { type: 'button', class: 'small', 'data-colours': String(p.table), text: L.colours, 'aria-label': L.colours + ' ' + L.table + ' ' + p.table,
            onclick: function () {
              var body = { version: r.version, pairingId: p.id };
              var reasonInput = document.getElementById('change-reason');
              if (reasonInput && reasonInput.value.trim()) body.reason = reasonInput.value.trim();
              act(api('POST', '/api/rounds/' + r.id + '/colours', body), L.colours + ' ✓');
            } }) : null]));
        }
        void g;
        return el('tr', { class: p.black ? '' : 'bye' }, cells);
      });
      var head = [L.table, L.red, L.black, L.result].concat(r.state === 'draft' ? [L.colours] : data.event.kind === 'team' ? [L.lineupTitle] : []);
      box.appendChild(el('div', { class: 'table-wrap' }, [el('table', { class: 'console-pairings', id: 'pairings-' + r.number }, [
        el('thead', {}, [el('tr', {}, head.map(function (h, i) { return el('th', { scope: 'col', class: i === 0 ? 'num' : null, text: h }); }))]),
        el('tbody', {}, rows),
      ])]));
      if (r.state === 'draft') {
        var why = el('input', { type: 'text', id: 'change-reason' });
        box.appendChild(field('change-reason', L.reason + ' (' + L.swap + ' / ' + L.colours + ' / ' + L.moveBye + ')', why));
        var withReason = function (body) { if (why.value.trim()) body.reason = why.value.trim(); return body; };
        var ids = [];
        r.pairings.forEach(function (p) { ids.push(p.red.id); if (p.black) ids.push(p.black.id); });
        var opts = function () { return ids.map(function (id) { return el('option', { value: id, text: entryName(id) }); }); };
        var a = el('select', { id: 'swap-a' }, opts());
        var b = el('select', { id: 'swap-b' }, opts());
        if (ids.length > 1) b.value = ids[1];
        var swap = el('form', { class: 'inline-form', id: 'swap-form' }, [
          el('span', { class: 'help', text: L.swapHelp }),
          el('label', { for: 'swap-a', class: 'sr-only', text: L.entry + ' A' }), a,
          el('label', { for: 'swap-b', class: 'sr-only', text: L.entry + ' B' }), b,
          el('button', { type: 'submit', text: L.swap }),
        ]);
        swap.addEventListener('submit', function (ev) { ev.preventDefault(); act(api('POST', '/api/rounds/' + r.id + '/swap', withReason({ version: r.version, entryA: a.value, entryB: b.value })), L.swap + ' ✓'); });
        box.appendChild(swap);
        if (r.pairings.some(function (p) { return !p.black; })) {
          var byeSel = el('select', { id: 'bye-entry' }, opts());
          var bye = el('form', { class: 'inline-form', id: 'bye-form' }, [el('label', { for: 'bye-entry', text: L.moveBye }), byeSel, el('button', { type: 'submit', text: L.apply })]);
          bye.addEventListener('submit', function (ev) { ev.preventDefault(); act(api('POST', '/api/rounds/' + r.id + '/bye', withReason({ version: r.version, entryId: byeSel.value })), L.moveBye + ' ✓'); });
          box.appendChild(bye);
        }
        box.appendChild(el('p', { class: 'actions' }, [
          el('button', { type: 'button', class: 'primary', id: 'publish', text: L.publish, onclick: function () { act(api('POST', '/api/rounds/' + r.id + '/publish', { version: r.version }), L.states.published); } }),
          ' ',
          el('button', { type: 'button', class: 'secondary', id: 'delete-draft', text: L.deleteDraft, onclick: function () { act(api('DELETE', '/api/rounds/' + r.id + '?version=' + r.version), L.deleteDraft + ' ✓'); } }),
        ]));
      } else {
        box.appendChild(el('p', { class: 'actions' }, [
          el('a', { href: '/rounds/' + r.id + '/results?lang=' + lang, class: 'button-link', id: 'sheet-' + r.number, text: L.sheet }), ' ',
          el('a', { href: '/events/' + eventId + '/rounds/' + r.number + '?lang=' + lang, text: L.publicPage }),
        ]));
      }
      return box;
    }
    function render() {
      app.innerHTML = '';
      var ev = data.event;
      app.appendChild(el('p', { class: 'console-event' }, [el('strong', { text: name(ev) }), ' · ', el('a', { href: '/events/' + ev.id + '?lang=' + lang, text: L.publicPage }), ' · ', userBar()]));
      app.appendChild(statusBox);
      app.appendChild(alertBox);
      var rounds = data.rounds;
      var last = rounds[rounds.length - 1];
      if ((!last || last.state !== 'draft') && data.missing.length === 0) {
        app.appendChild(el('p', { class: 'actions' }, [el('button', { type: 'button', class: 'primary', id: 'pair-next', text: L.pairNext, onclick: function () {
          act(api('POST', '/api/events/' + eventId + '/rounds', {}), L.pairNext + ' ✓');
        } })]));
      }
      // What is still missing: games of published rounds without a result.
      var miss = el('section', { class: 'staff-card', id: 'missing', 'aria-labelledby': 'missing-h' }, [el('h2', { id: 'missing-h', text: L.missing + ' (' + data.missing.length + ')' })]);
      if (!data.missing.length) miss.appendChild(el('p', { class: 'ok', text: L.noneMissing }));
      else miss.appendChild(el('ul', { class: 'missing-list' }, data.missing.slice(0, 200).map(function (m) {
        return el('li', {}, [el('a', { href: '/rounds/' + m.roundId + '/results?lang=' + lang, text: fmt(L.round, { n: m.round }) + ' · ' + L.table + ' ' + m.table + (m.board > 1 || data.event.kind === 'team' ? '.' + m.board : '') }), ' ' + name(m.red) + ' – ' + name(m.black)]);
      })));
      app.appendChild(miss);
      rounds.slice().reverse().slice(0, 2).forEach(function (r) { app.appendChild(roundSection(r)); });
      app.appendChild(withdrawForm());
      if (data.rounds.some(function (r) { return r.state !== 'draft' && r.pairings.some(function (p) { return p.games.some(function (g) { return g.result; }); }); })) app.appendChild(correctForm());
    }
    function withdrawForm() {
      var active = data.entries.filter(function (e) { return e.withdrawnAfterRound === null; });
      var sel = el('select', { id: 'withdraw-entry' }, active.map(function (e) { return el('option', { value: e.id, text: e.drawNumber + '. ' + name(e) }); }));
      var after = el('input', { type: 'number', id: 'withdraw-after', min: '0', inputmode: 'numeric' });
      var reason = el('input', { type: 'text', id: 'withdraw-reason' });
      var form = el('form', { class: 'staff-form', id: 'withdraw-form' }, [el('h2', { text: L.withdraw }), el('p', { class: 'help', text: L.withdrawHelp }),
        field('withdraw-entry', L.entry, sel), field('withdraw-after', L.afterRound, after), field('withdraw-reason', L.reason, reason), el('button', { type: 'submit', text: L.withdraw })]);
      form.addEventListener('submit', function (ev) {
        ev.preventDefault();
        var e = active.filter(function (x) { return x.id === sel.value; })[0];
        if (!e) return;
        var body = { version: e.version };
        if (after.value !== '') body.afterRound = Number(after.value);
        if (reason.value.trim()) body.reason = reason.value.trim();
        act(api('POST', '/api/entries/' + e.id + '/withdraw', body), L.withdrawn + ': ' + name(e));
      });
      return form;
    }
    function correctForm() {
      var games = [];
      data.rounds.filter(function (r) { return r.state !== 'draft'; }).forEach(function (r) {
        r.pairings.forEach(function (p) { p.games.forEach(function (g) { if (g.result) games.push({ r: r, p: p, g: g }); }); });
      });
      games.reverse();
      var sel = el('select', { id: 'correct-game' }, games.slice(0, 500).map(function (x, i) {
        return el('option', { value: String(i), text: fmt(L.round, { n: x.r.number }) + ' · ' + L.table + ' ' + x.p.table + (x.g.board > 1 ? '.' + x.g.board : '') + ' · ' + name(x.g.red) + ' – ' + name(x.g.black) + ' · ' + resultText(x.g.result) });
      }));
      var res = resultSelect('correct-result', L.newResult);
      var reason = el('input', { type: 'text', id: 'correct-reason' });
      var form = el('form', { class: 'staff-form', id: 'correct-form' }, [el('h2', { text: L.correct }), el('p', { class: 'help', text: L.correctHelp }),
        field('correct-game', L.pickGame, sel), field('correct-result', L.newResult, res), field('correct-reason', L.reason, reason), el('button', { type: 'submit', text: L.correct })]);
      form.addEventListener('submit', function (ev) {
        ev.preventDefault();
        var x = games[Number(sel.value)];
        if (!x) return;
        var body = { version: x.g.version, result: res.value };
        if (reason.value.trim()) body.reason = reason.value.trim();
        act(api('PUT', '/api/games/' + x.g.id + '/result', body), L.correct + ' ✓');
      });
      return form;
    }
    // A change elsewhere (results coming in) redraws the console — unless the user is typing into
    // one of its forms: then a button offers the refresh instead of wiping what they typed.
    function busy() {
      var a = document.activeElement;
      if (a && a.closest && a.closest('form')) return true;
      return Array.prototype.some.call(app.querySelectorAll('form input[type=text], form input[type=number]'), function (i) { return i.value !== ''; });
    }
    function onChange() {
      if (!busy()) return load();
      statusBox.textContent = '';
      statusBox.appendChild(el('button', { type: 'button', class: 'small', id: 'refresh', text: L.refresh, onclick: function () { load(); } }));
    }
    guarded(function () { load().then(function () { live(eventId, onChange); }); });
  }

  // ── arbiter's result sheet ────────────────────────────────────────────────────────────
  function resultsPage() {
    var roundId = app.dataset.roundId;
    var data = null;
    var byKey = {};
    var rowsByGame = {};
    var input, counter, tbody;
    var CODES = { '1': 'red_win', '1-0': 'red_win', '=': 'draw', '½': 'draw', '0.5': 'draw', '1/2': 'draw', 'd': 'draw', '0': 'black_win', '0-1': 'black_win', '+': 'red_win_forfeit', '+-': 'red_win_forfeit', '-': 'black_win_forfeit', '-+': 'black_win_forfeit', '--': 'double_forfeit' };
    function load() {
      return api('GET', '/api/rounds/' + roundId + '/result-sheet').then(function (d) {
        var first = data === null;
        data = d;
        if (first) build(); else update();
      }, function (e) { if (e.status === 401) return toLogin(); denied(e); });
    }
    function games() {
      var out = [];
      data.round.pairings.forEach(function (p) { if (p.black) p.games.forEach(function (g) { out.push({ p: p, g: g }); }); });
      return out;
    }
    function build() {
      app.innerHTML = '';
      var r = data.round;
      app.appendChild(el('p', { class: 'console-event' }, [el('strong', { text: name(data.event) + ' · ' + fmt(L.round, { n: r.number }) }), ' · ',
        el('a', { href: '/events/' + data.event.id + '/console?lang=' + lang, text: L.console }), ' · ', el('a', { href: '/events/' + data.event.id + '/rounds/' + r.number + '?lang=' + lang, text: L.publicPage }), ' · ', userBar()]));
      input = el('input', { type: 'text', id: 'quick-entry', autocomplete: 'off', spellcheck: 'false', inputmode: 'text', 'aria-describedby': 'quick-help' });
      // The entry line stays in view while the sheet scrolls, with the count of open games beside it.
      counter = el('span', { class: 'open-count', id: 'open-count' });
      var form = el('form', { class: 'quick-form', id: 'quick-form' }, [el('label', { for: 'quick-entry', text: L.entryLabel }), input, el('button', { type: 'submit', text: L.enter }), counter]);
      form.addEventListener('submit', function (ev) { ev.preventDefault(); quick(input.value); });
      app.appendChild(el('p', { class: 'help', id: 'quick-help', text: L.sheetHelp }));
      app.appendChild(form);
      app.appendChild(statusBox);
      app.appendChild(alertBox);
      tbody = el('tbody');
      // Individual events with one game a pairing: no board column.
      var showBoards = data.event.kind === 'team' || games().some(function (x) { return x.g.board > 1; });
      app.appendChild(el('div', { class: 'table-wrap' }, [el('table', { class: 'result-sheet', id: 'result-sheet' }, [
        el('thead', {}, [el('tr', {}, [[L.table, 'num'], showBoards ? [L.board, 'num'] : null, [L.red, ''], [L.black, ''], [L.result, '']].filter(Boolean).map(function (h) { return el('th', { scope: 'col', class: h[1] || null, text: h[0] }); }))]),
        tbody,
      ])]));
      games().forEach(function (x) {
        var key = x.p.table + '.' + x.g.board;
        byKey[key] = x;
        if (x.g.board === 1 || !byKey[String(x.p.table)]) byKey[String(x.p.table)] = byKey[String(x.p.table)] || x;
        var sel = resultSelect('r-' + x.g.id, L.table + ' ' + x.p.table + ' ' + L.board + ' ' + x.g.board, x.g.result, true);
        sel.addEventListener('change', function () { if (sel.value) save(x.g.id, sel.value); });
        var tr = el('tr', { id: 'g-' + x.p.table + '-' + x.g.board, 'data-game': x.g.id }, [
          el('td', { class: 'num', text: String(x.p.table) }),
          showBoards ? el('td', { class: 'num', text: String(x.g.board) }) : null,
          el('td', { class: 'name', text: name(x.g.red) }),
          el('td', { class: 'name', text: name(x.g.black) }),
          el('td', { class: 'result-cell' }, [sel, el('span', { class: 'mark' })]),
        ]);
        rowsByGame[x.g.id] = { tr: tr, sel: sel, x: x };
        tbody.appendChild(tr);
      });
      app.appendChild(foulForm());
      update();
      input.focus();
    }
    // Fouls on a game (二章9节, 一章3节): POST /api/games/:id/sanctions; a losing consequence shows at once.
    function foulForm() {
      var where = el('input', { type: 'text', id: 'foul-game', inputmode: 'decimal', autocomplete: 'off' });
      var side = el('select', { id: 'foul-side' }, [el('option', { value: 'red', text: L.red }), el('option', { value: 'black', text: L.black })]);
      var kind = el('select', { id: 'foul-kind' }, Object.keys(L.kinds).map(function (k) { return el('option', { value: k, text: L.kinds[k] }); }));
      var note = el('input', { type: 'text', id: 'foul-note' });
      var form = el('form', { class: 'staff-form', id: 'foul-form' }, [el('h2', { text: L.foul }), el('p', { class: 'help', text: L.foulHelp }),
        field('foul-game', L.foulGame, where), field('foul-side', L.side, side), field('foul-kind', L.kind, kind), field('foul-note', L.note, note),
        el('button', { type: 'submit', text: L.foul })]);
      form.addEventListener('submit', function (ev) {
        ev.preventDefault();
        var m = /^\s*(\d{1,4})(?:[.\/](\d{1,2}))?\s*$/.exec(where.value);
        var x = m && byKey[m[2] ? m[1] + '.' + m[2] : m[1]];
        if (!x) { alertBox.textContent = ''; alertBox.appendChild(el('p', { class: 'error', text: L.error + ': ' + L.foulGame + ' “' + where.value + '”' })); return; }
        var player = side.value === 'red' ? x.g.red : x.g.black;
        if (!player) return;
        var body = { playerId: player.id, kind: kind.value };
        if (note.value.trim()) body.note = note.value.trim();
        api('POST', '/api/games/' + x.g.id + '/sanctions', body).then(function (r) {
          var c = r && r.consequence;
          ok(L.foulSaved + ': ' + L.table + ' ' + x.p.table + ' · ' + name(player) + ' · ' + L.kinds[kind.value] + (c && c.applied ? ' → ' + L.consequence + ': ' + resultText(c.result) + (c.article ? ' (' + c.article + ')' : '') : ''));
          where.value = ''; note.value = '';
          return load();
        }, fail);
      });
      return form;
    }
    function find(id) { var all = games(); for (var i = 0; i < all.length; i++) if (all[i].g.id === id) return all[i]; return null; }
    function update() {
      var open = 0;
      games().forEach(function (x) {
        var row = rowsByGame[x.g.id];
        if (!row) return;
        row.x = x;
        if (document.activeElement !== row.sel) row.sel.value = x.g.result || '';
        row.tr.classList.toggle('open', x.g.result === null);
        row.tr.querySelector('.mark').textContent = x.g.result === null ? L.open : '';
        if (x.g.result === null) open += 1;
      });
      byKey = {};
      games().forEach(function (x) { byKey[x.p.table + '.' + x.g.board] = x; if (!byKey[String(x.p.table)]) byKey[String(x.p.table)] = x; });
      counter.textContent = open ? fmt(L.stillOpen, { n: open }) : L.allIn;
      counter.classList.toggle('ok', open === 0);
    }
    function quick(text) {
      var m = /^\s*(\d{1,4})(?:[.\/](\d{1,2}))?\s*[\s:,]\s*(\S+)\s*$/.exec(text) || /^\s*(\d{1,4})(?:[.\/](\d{1,2}))?([=+\-½]+)\s*$/.exec(text);
      if (!m) { alertBox.textContent = ''; alertBox.appendChild(el('p', { class: 'error', text: L.error + ': “' + text + '” — ' + L.sheetHelp })); return; }
      var code = CODES[m[3].toLowerCase()];
      // Team events: the board too ("12.3 1"); individual events: the table's first game.
      var x = data.event.kind === 'team' && !m[2] ? null : byKey[m[2] ? m[1] + '.' + m[2] : m[1]];
      if (!code || !x) { alertBox.textContent = ''; alertBox.appendChild(el('p', { class: 'error', text: L.error + ': “' + text + '”' })); return; }
      save(x.g.id, code).then(function (saved) { if (saved) { input.value = ''; input.focus(); } });
    }
    function save(gameId, result) {
      var x = find(gameId);
      if (!x) return Promise.resolve(false);
      var row = rowsByGame[gameId];
      return api('PUT', '/api/games/' + gameId + '/result', { version: x.g.version, result: result }).then(function (r) {
        x.g.result = r.game.result; x.g.version = r.game.version;
        row.tr.classList.remove('conflict');
        ok(L.saved + ': ' + L.table + ' ' + x.p.table + (x.g.board > 1 || data.event.kind === 'team' ? '.' + x.g.board : '') + ' ' + resultText(r.game.result));
        update();
        return true;
      }, function (e) {
        if (e.status === 401) { toLogin(); return false; }
        if (e.status === 409) {
          row.tr.classList.add('conflict');
          statusBox.textContent = '';
          // Nothing is overwritten: show what is stored now, and let the arbiter decide.
          return load().then(function () {
            var now = find(gameId);
            alertBox.textContent = '';
            alertBox.appendChild(el('p', { class: 'error conflict-message', id: 'conflict', text: L.conflict + ' — ' + L.table + ' ' + x.p.table + (x.g.board > 1 ? '.' + x.g.board : '') + ': ' + L.current + ' ' + resultText(now && now.g.result) }));
            return false;
          });
        }
        fail(e);
        return false;
      });
    }
    guarded(function () { load().then(function () { if (data) live(data.event.id, load); }); });
  }

  // ── captain's lineup form ─────────────────────────────────────────────────────────────
  function lineupPage() {
    var pairingId = app.dataset.pairingId;
    function load(message) {
      return api('GET', '/api/pairings/' + pairingId + '/lineup-form').then(function (d) { render(d, message); }, function (e) { if (e.status === 401) return toLogin(); denied(e); });
    }
    function render(d, message) {
      app.innerHTML = '';
      var c = d.card;
      app.appendChild(el('p', { class: 'console-event' }, [el('strong', { text: name(d.event) + ' · ' + fmt(L.round, { n: c.roundNumber }) + ' · ' + L.table + ' ' + c.table }), ' · ', el('a', { href: '/pairings/' + pairingId + '?lang=' + lang, text: L.publicPage }), ' · ', userBar()]));
      app.appendChild(statusBox);
      app.appendChild(alertBox);
      if (message) ok(message);
      // What this user may see of the match card.
      var card = el('section', { class: 'staff-card', id: 'lineup-card', 'aria-labelledby': 'card-h' }, [el('h2', { id: 'card-h', text: L.matchCard })]);
      card.appendChild(el('p', {}, [L.deadline + ': ' + (c.deadline ? new Date(c.deadline).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '—') + ' · ', el('span', { id: 'released', text: c.released ? L.released : L.notReleased })]));
      [c.red, c.black].forEach(function (s) {
        if (!s) return;
        var p = el('p', { class: 'side', 'data-entry': s.entryId }, [el('strong', { text: name(s) }), ' · ', el('span', { class: s.submitted ? 'ok' : 'muted', text: s.submitted ? L.submitted : L.notSubmitted })]);
        card.appendChild(p);
        if (s.lineup) card.appendChild(el('ol', { class: 'lineup-list', 'data-entry': s.entryId }, s.lineup.players.map(function (pl) { return el('li', { text: name(pl) }); })));
      });
      app.appendChild(card);
      if (!d.mine.length) { app.appendChild(el('p', { class: 'muted', id: 'no-teams', text: L.noTeams })); return; }
      var boards = c.boards.filter(function (b) { return b.kind === 'regular'; }).length || 3;
      d.mine.forEach(function (team, ti) {
        var side = c.red && c.red.entryId === team.entryId ? c.red : c.black;
        var current = side && side.lineup ? side.lineup.players.map(function (p) { return p.id; }) : null;
        var starters = team.members.filter(function (m) { return m.role === 'starter'; }).sort(function (a, b) { return (a.board || 99) - (b.board || 99); }).map(function (m) { return m.playerId; });
        var selects = [];
        var fields = [];
        for (var b = 1; b <= boards; b++) {
          var id = 'lineup-' + ti + '-board-' + b;
          var s = el('select', { id: id, required: true }, team.members.map(function (m) { return el('option', { value: m.playerId, text: name(m) + ' (' + (m.role === 'reserve' ? L.reserve : L.starter) + ')' }); }));
          var pick = (current && current[b - 1]) || starters[b - 1];
          if (pick) s.value = pick;
          selects.push(s);
          fields.push(field(id, L.board + ' ' + b, s));
        }
        var reason = d.asArbiter ? el('input', { type: 'text', id: 'lineup-' + ti + '-reason' }) : null;
        var form = el('form', { class: 'staff-form lineup-form', id: 'lineup-form-' + ti, 'data-entry': team.entryId }, [el('h2', { text: L.lineupFor + ' · ' + name(team) })].concat(fields).concat([
          reason ? field('lineup-' + ti + '-reason', L.reason, reason) : null,
          el('button', { type: 'submit', class: 'primary', text: L.submit }),
        ]));
        form.addEventListener('submit', function (ev) {
          ev.preventDefault();
          var body = { players: selects.map(function (x) { return x.value; }) };
          if (side && side.lineup) body.version = side.lineup.version;
          if (reason && reason.value.trim()) body.reason = reason.value.trim();
          api('PUT', '/api/pairings/' + pairingId + '/lineups/' + team.entryId, body).then(function () { return load(L.confirmed + ': ' + name(team)); }, fail);
        });
        app.appendChild(form);
      });
    }
    guarded(function () { load(); });
  }

  var page = app.dataset.page;
  if (page === 'login') loginPage();
  else if (page === 'console') consolePage();
  else if (page === 'results') resultsPage();
  else if (page === 'lineup') lineupPage();
})();
