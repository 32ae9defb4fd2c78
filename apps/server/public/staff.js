// Staff pages (issue 11): the arbiter's dispute page and the appeals member's voting page.
// The bearer token from POST /api/auth/login is kept in sessionStorage; every action is an API call.
(function () {
  'use strict';
  var app = document.getElementById('staff-app');
  if (!app) return;
  var L = JSON.parse(document.getElementById('staff-labels').textContent);
  var lang = app.dataset.lang === 'en' ? 'en' : 'zh';
  var TOKEN = 'chuhe.token';

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') e.textContent = attrs[k];
      else if (k === 'html') e.innerHTML = attrs[k]; // server-made SVG only
      else e.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return e;
  }
  function api(method, url, body) {
    var headers = { 'Content-Type': 'application/json' };
    var token = sessionStorage.getItem(TOKEN);
    if (token) headers.Authorization = 'Bearer ' + token;
    return fetch(url, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined }).then(function (r) {
      return r.text().then(function (t) {
        var data = t ? JSON.parse(t) : null;
        if (!r.ok) { var err = new Error((data && data.message) || r.statusText); err.status = r.status; throw err; }
        return data;
      });
    });
  }
  function showError(where, e) {
    where.appendChild(el('p', { class: 'error', role: 'alert', text: L.error + ' ' + (e.status || '') + ': ' + e.message }));
  }

  function login(then) {
    app.innerHTML = '';
    var email = el('input', { type: 'email', id: 'login-email', autocomplete: 'username' });
    var password = el('input', { type: 'password', id: 'login-password', autocomplete: 'current-password' });
    var form = el('form', { class: 'staff-login', id: 'login-form' }, [
      el('h2', { text: L.login }),
      el('label', { for: 'login-email', text: L.email }), email,
      el('label', { for: 'login-password', text: L.password }), password,
      el('button', { class: 'primary', type: 'submit', text: L.login }),
    ]);
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      api('POST', '/api/auth/login', { email: email.value, password: password.value }).then(function (r) {
        sessionStorage.setItem(TOKEN, r.token);
        then();
      }, function (e) { showError(form, e); });
    });
    app.appendChild(form);
  }
  function guarded(load) {
    if (!sessionStorage.getItem(TOKEN)) return login(load);
    load();
  }
  function retryOnAuth(e, load) {
    if (e.status === 401) { sessionStorage.removeItem(TOKEN); login(load); return true; }
    return false;
  }

  // ── disputes ────────────────────────────────────────────────────────────────────────────
  function reportView(d) {
    var r = d.report;
    var box = el('section', { class: 'staff-card', id: 'report' });
    box.appendChild(el('h2', { text: L.report }));
    box.appendChild(el('p', { class: 'verdict', id: 'verdict', text: r.verdictText[lang] }));
    box.appendChild(el('p', { text: (lang === 'en' ? r.explanation.en : r.explanation.zh) }));
    box.appendChild(el('p', { class: 'muted', text: L.rules + ': ' + (r.rules === 'cxa' ? 'CXA' : 'AXF 2017') + ' · ' + L.articles + ': ' + r.articles.join('；') }));
    box.appendChild(el('p', { text: L.red + ': ' + r.sides.red.label[lang] + (r.sides.red.violation ? ' (' + L.violation + ')' : '') + ' · ' + L.black + ': ' + r.sides.black.label[lang] + (r.sides.black.violation ? ' (' + L.violation + ')' : '') }));
    box.appendChild(el('p', { id: 'procedure', text: L.procedure + ' (三章6G): ' + r.procedure[lang] + ' ' + L.cycles + ': ' + r.procedure.cycles }));
    var rows = r.cycleMoves.map(function (m) {
      return el('tr', {}, [
        el('td', { text: String(m.ply) }),
        el('td', { text: m.side === 'red' ? L.red : L.black }),
        el('td', { class: 'zh-move', text: m.zh }),
        el('td', { text: lang === 'en' ? m.primaryZh + ' ' + m.primary : m.primaryZh }),
        el('td', { text: m.kinds.map(function (k) { return lang === 'en' ? k.en : k.zh; }).join('；') }),
      ]);
    });
    box.appendChild(el('table', { class: 'moves' }, [
      el('thead', {}, [el('tr', {}, [L.ply, L.side, L.move, L.kind, L.detail].map(function (h) { return el('th', { text: h }); }))]),
      el('tbody', {}, rows),
    ]));
    box.appendChild(el('h3', { text: L.diagrams }));
    box.appendChild(el('p', { class: 'legend' }, [
      el('span', {}, [el('i', { class: 'sw-check' }), L.check]),
      el('span', {}, [el('i', { class: 'sw-chase' }), L.chase]),
      el('span', {}, [el('i', { class: 'sw-move' }), L.moveArrow]),
    ]));
    var figs = r.diagrams.map(function (g) { return el('figure', { class: 'diagram', html: g.svg }); });
    box.appendChild(el('div', { class: 'diagrams' }, figs));
    return box;
  }
  function rulingForm(d, reload) {
    if (d.state !== 'open') return el('p', { class: 'ok', id: 'ruled', text: L.ruled + ': ' + d.ruling + ' → ' + d.rulingResult });
    var text = el('textarea', { id: 'ruling-text' });
    var result = el('select', { id: 'ruling-result' }, [el('option', { value: '', text: L.fromVerdict })].concat(['red_win', 'draw', 'black_win'].map(function (v) { return el('option', { value: v, text: L.results[v] }); })));
    var form = el('form', { class: 'staff-form', id: 'ruling-form' }, [el('h2', { text: L.ruling }), el('label', { for: 'ruling-text', text: L.rulingText }), text, el('label', { for: 'ruling-result', text: L.result }), result, el('button', { class: 'primary', type: 'submit', text: L.saveRuling })]);
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      var body = { version: d.version, ruling: text.value };
      if (result.value) body.result = result.value;
      api('POST', '/api/disputes/' + d.id + '/ruling', body).then(reload, function (e) { showError(form, e); });
    });
    return form;
  }
  function showDispute(id) {
    function load() {
      api('GET', '/api/disputes/' + id).then(function (d) {
        app.innerHTML = '';
        app.appendChild(reportView(d));
        app.appendChild(rulingForm(d, load));
      }, function (e) { if (!retryOnAuth(e, load)) { app.innerHTML = ''; showError(app, e); } });
    }
    guarded(load);
  }
  function openForm(gameId) {
    function load() {
      app.innerHTML = '';
      var fromRecord = el('input', { type: 'checkbox', id: 'from-record', checked: 'checked' });
      var upto = el('input', { type: 'text', id: 'upto-ply', inputmode: 'numeric' });
      var fen = el('input', { type: 'text', id: 'fen' });
      var moves = el('textarea', { id: 'moves' });
      var lenient = el('input', { type: 'checkbox', id: 'lenient' });
      var form = el('form', { class: 'staff-form', id: 'open-form' }, [
        el('h2', { text: L.open }),
        el('label', { for: 'from-record' }, [fromRecord, ' ' + L.fromRecord]),
        el('label', { for: 'upto-ply', text: L.uptoPly }), upto,
        el('label', { for: 'fen', text: L.fen }), fen,
        el('label', { for: 'moves', text: L.moves }), moves,
        el('label', { for: 'lenient' }, [lenient, ' ' + L.lenient]),
        el('button', { class: 'primary', type: 'submit', id: 'open-submit', text: L.openSubmit }),
      ]);
      form.addEventListener('submit', function (ev) {
        ev.preventDefault();
        var body = {};
        if (fromRecord.checked) { body.fromRecord = true; if (upto.value.trim()) body.uptoPly = Number(upto.value); }
        else { if (fen.value.trim()) body.fen = fen.value.trim(); body.moves = moves.value.split(/[\s,]+/).filter(Boolean); if (lenient.checked) body.lenient = true; }
        api('POST', '/api/games/' + gameId + '/disputes', body).then(function (d) {
          history.replaceState(null, '', '/staff/disputes/' + d.id + '?lang=' + lang);
          showDispute(d.id);
        }, function (e) { if (!retryOnAuth(e, load)) showError(form, e); });
      });
      app.appendChild(form);
    }
    guarded(load);
  }

  // ── appeals ─────────────────────────────────────────────────────────────────────────────
  function showAppeal(id) {
    function load() {
      api('GET', '/api/appeals/' + id).then(function (h) {
        app.innerHTML = '';
        var a = h.appeal;
        var card = el('section', { class: 'staff-card', id: 'appeal' }, [
          el('h2', { text: L.appeal }),
          el('p', { id: 'appeal-state', text: L.state + ': ' + L.states[a.state] + ' · ' + L.fee + ': ' + (a.feeAmount / 100).toFixed(2) + ' ' + a.feeCurrency + ' (' + L.fees[a.feeStatus] + ')' }),
          el('p', { class: 'appeal-text', text: a.text }),
          h.game ? el('p', { text: L.game + ': ' + L.round + ' ' + h.game.round + ', ' + L.table + ' ' + h.game.table + ', ' + L.board + ' ' + h.game.board + ' — ' + (h.game.red ? h.game.red.nameZh : '?') + ' / ' + (h.game.black ? h.game.black.nameZh : '?') + ' · ' + L.result + ': ' + (h.game.result ? L.results[h.game.result] || h.game.result : '-') }) : null,
        ]);
        app.appendChild(card);
        var c = h.committee;
        app.appendChild(el('section', { class: 'staff-card', id: 'committee' }, [
          el('h2', { text: L.committee }),
          el('p', { text: L.sitting + ': ' + c.sitting.map(function (m) { return m.displayName; }).join(', ') }),
          el('p', { text: L.recused + ' (三章7D): ' + (c.recused.map(function (m) { return m.displayName; }).join(', ') || '-') }),
          c.problem ? el('p', { class: 'error', id: 'committee-problem', text: c.problem }) : el('p', { class: 'ok', text: L.canDecide + ' (' + L.majority + ' ' + c.majority + ')' }),
          el('p', { id: 'tally', text: L.votes + ': ' + a.votes.length }),
        ]));
        if (h.record) app.appendChild(el('section', { class: 'staff-card' }, [el('h2', { text: L.record }), el('pre', { class: 'record', text: h.record.text })]));
        h.disputes.forEach(function (d) {
          var wrap = reportView({ report: d.report });
          wrap.insertBefore(el('p', { text: L.ruling + ': ' + (d.ruling || '-') + (d.rulingResult ? ' → ' + (L.results[d.rulingResult] || d.rulingResult) : '') }), wrap.children[1]);
          app.appendChild(wrap);
        });
        if (h.sanctions.length) app.appendChild(el('section', { class: 'staff-card' }, [el('h2', { text: L.sanctions }), el('ul', {}, h.sanctions.map(function (s) { return el('li', { text: s.kind + (s.detail ? ' (' + s.detail + ')' : '') + ' · ' + s.state + ' · ' + (s.article || '') }); }))]));
        if (a.state !== 'filed') { app.appendChild(el('p', { class: 'ok', id: 'decided', text: L.decided + ': ' + L.states[a.state] + ' — ' + a.decision })); return; }
        if (h.recused) { app.appendChild(el('p', { class: 'error', text: L.youAreRecused })); return; }
        var choice = el('select', { id: 'vote-choice' }, [el('option', { value: 'uphold', text: L.uphold }), el('option', { value: 'dismiss', text: L.dismiss })]);
        var result = el('select', { id: 'vote-result' }, [el('option', { value: '', text: '-' })].concat(['red_win', 'draw', 'black_win'].map(function (v) { return el('option', { value: v, text: L.results[v] }); })));
        var note = el('textarea', { id: 'vote-note' });
        var form = el('form', { class: 'staff-form', id: 'vote-form' }, [
          el('h2', { text: L.vote }),
          h.myVote ? el('p', { class: 'muted', text: L.yourVote + ': ' + (h.myVote.choice === 'uphold' ? L.uphold : L.dismiss) }) : null,
          el('label', { for: 'vote-choice', text: L.choice }), choice,
          el('label', { for: 'vote-result', text: L.upholdResult }), result,
          el('label', { for: 'vote-note', text: L.note }), note,
          el('button', { class: 'primary', type: 'submit', id: 'vote-submit', text: L.castVote }),
        ]);
        form.addEventListener('submit', function (ev) {
          ev.preventDefault();
          var body = { choice: choice.value };
          if (result.value && choice.value === 'uphold') body.result = result.value;
          if (note.value.trim()) body.note = note.value.trim();
          api('POST', '/api/appeals/' + id + '/votes', body).then(load, function (e) { showError(form, e); });
        });
        app.appendChild(form);
      }, function (e) { if (!retryOnAuth(e, load)) { app.innerHTML = ''; showError(app, e); } });
    }
    guarded(load);
  }

  if (app.dataset.page === 'dispute') {
    if (app.dataset.disputeId) showDispute(app.dataset.disputeId);
    else openForm(app.dataset.gameId);
  } else if (app.dataset.page === 'appeal') {
    showAppeal(app.dataset.appealId);
  }
})();
