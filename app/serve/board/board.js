// The Kamisado analysis board. It knows no rules: the server (kamisado serve, app/serve/api.h)
// says which moves are legal and where each leads (/api/v1/position), and what each is worth
// (/api/v1/analyse: from the book of what is proved, a retrograde table, or the proof search).
// The page only draws, lets a person set up a position, and sends the KFEN. With no server (the
// page opened from a file, served by a host of files only, or the server gone), the same answers
// come from the WebAssembly package beside the page (app/wasm: kamisado_wasm.js), computed in
// the browser.
(function () {
  'use strict';
  var SVG = 'http://www.w3.org/2000/svg';
  var CELL = 60;
  var LETTERS = 'NGRYKPBO';
  var NAMES = ['Brown', 'Green', 'Red', 'Yellow', 'Pink', 'Purple', 'Blue', 'Orange'];
  var FILL = ['#7b4a2a', '#2e8b57', '#d1342f', '#f2c230', '#f28cb8', '#7d3c98', '#2f6fc4', '#f08a24'];
  // B3: the colour letter of each square, ranks 1..8, files a..h.
  var SQUARES = ['NGRYKPBO', 'PNYBGKOR', 'BYNPROKG', 'YRGNOBPK', 'KPBONGRY', 'GKORPNYB', 'ROKGBYNP', 'OBPKYRGN'];
  var START = 'obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -';

  var st = { pos: null, kfen: null, history: [], at: -1, setup: false, selected: null, drag: null,
             analysis: null, request: null, last: null, goalChosen: false };

  function $(id) { return document.getElementById(id); }
  function el(name, attrs) {
    var e = document.createElementNS(SVG, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }
  function square(f, r) { return 'abcdefgh'[f] + (r + 1); }
  function xy(sq) { return [(sq.charCodeAt(0) - 97) * CELL + CELL / 2, (7 - (sq.charCodeAt(1) - 49)) * CELL + CELL / 2]; }

  // KFEN (rules.md §6), read and written here only for setting up a position.
  function parse(kfen) {
    var f = kfen.trim().split(/\s+/), towers = {};
    f[0].split('/').forEach(function (row, i) {
      var file = 0;
      for (var j = 0; j < row.length; j++) {
        var ch = row[j];
        if (/[1-8]/.test(ch)) { file += +ch; continue; }
        var rank = 0;
        while (row[j + 1] === '+') { rank++; j++; }
        towers[square(file, 7 - i)] = { side: ch === ch.toUpperCase() ? 'b' : 'g', colour: ch.toUpperCase(), rank: rank };
        file++;
      }
    });
    var m = f[3] ? /^(\d+):(\d+)-(\d+)$/.exec(f[3]) : null;
    return { towers: towers, side: f[1], tower: f[2] === '-' || f[2] === '*' ? f[2] : f[2].toUpperCase(),
             match: m ? [+m[1], +m[2], +m[3]] : null };
  }
  function write(p) {
    var rows = [];
    for (var r = 7; r >= 0; r--) {
      var row = '', empty = 0;
      for (var f = 0; f < 8; f++) {
        var t = p.towers[square(f, r)];
        if (!t) { empty++; continue; }
        if (empty) row += empty;
        empty = 0;
        row += (t.side === 'b' ? t.colour : t.colour.toLowerCase()) + new Array(t.rank + 1).join('+');
      }
      rows.push(row + (empty ? empty : ''));
    }
    var tower = p.tower === '-' || p.tower === '*' ? p.tower : (p.side === 'b' ? p.tower : p.tower.toLowerCase());
    return rows.join('/') + ' ' + p.side + ' ' + tower + (p.match ? ' ' + p.match[0] + ':' + p.match[1] + '-' + p.match[2] : '');
  }

  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }
  function plies(n) { return n + (n === 1 ? ' ply' : ' plies'); }
  function showError(text) { $('error').textContent = text || ''; $('error').hidden = !text; }

  // ---- the answers: the server's, or with none the WebAssembly package's ----------------------
  var offline = location.protocol === 'file:', local = null;
  function wasm() {
    if (!local) local = new Promise(function (resolve, reject) {
      var script = document.createElement('script');
      script.src = 'kamisado_wasm.js';
      script.onload = function () { createKamisado().then(resolve, reject); };
      script.onerror = function () { reject(new Error('no server, and no kamisado_wasm.js beside the page')); };
      document.head.appendChild(script);
    });
    return local;
  }
  // The package's {"ok": ...} or {"error": ...}, after a pause that lets the page show
  // "Analysing…" first (a search here holds the page until its budget is spent); not searched
  // at all if the page has moved on meanwhile (the request aborted).
  function answerHere(path, params, signal) {
    return wasm().then(function (m) {
      return new Promise(function (resolve) { setTimeout(resolve, 30); }).then(function () {
        if (signal && signal.aborted) { var gone = new Error('aborted'); gone.name = 'AbortError'; throw gone; }
        var a = JSON.parse(path === 'position' ? m.positionPage(params.kfen) : m.analyse(params.kfen, params.goal, +params.ms));
        if ('error' in a) throw new Error(a.error);
        return a.ok;
      });
    });
  }
  function get(path, params, signal) {
    if (offline) return answerHere(path, params, signal);
    var q = Object.keys(params).map(function (k) { return k + '=' + encodeURIComponent(params[k]); }).join('&');
    return fetch('/api/v1/' + path + '?' + q, signal ? { signal: signal } : {}).then(function (res) {
      // A host of files only (the board's folder on any static server) has no API: its answer is
      // not JSON, and the page answers here, as with no server at all.
      if (!/json/.test(res.headers.get('content-type') || '')) {
        offline = true;
        return answerHere(path, params, signal);
      }
      return res.json().then(function (body) {
        if (!res.ok) throw new Error(body.error || ('HTTP ' + res.status));
        return body;
      });
    }, function (e) {
      if (e.name === 'AbortError') throw e;
      offline = true;  // no server: answered here from now on
      return answerHere(path, params, signal);
    });
  }

  // ---- the board ----------------------------------------------------------------------------
  function legalFrom(sq) {
    if (!st.pos || st.setup) return [];
    return st.pos.moves.filter(function (m) { return m.move.length === 4 && m.move.substr(0, 2) === sq; });
  }
  function draw() {
    var board = $('board');
    while (board.firstChild) board.removeChild(board.firstChild);
    var p = st.kfen ? parse(st.kfen) : null;
    for (var r = 0; r < 8; r++)
      for (var f = 0; f < 8; f++) {
        var x = f * CELL, y = (7 - r) * CELL, sq = square(f, r);
        board.appendChild(el('rect', { x: x, y: y, width: CELL, height: CELL, fill: FILL[LETTERS.indexOf(SQUARES[r][f])],
                                       'class': 'square', 'data-square': sq }));
        if (f === 0) board.appendChild(el('text', { x: x + 3, y: y + 13, 'class': 'coord' })).textContent = r + 1;
        if (r === 0) board.appendChild(el('text', { x: x + CELL - 10, y: y + CELL - 4, 'class': 'coord' })).textContent = 'abcdefgh'[f];
      }
    if (st.last) st.last.forEach(function (sq) {
      var c = xy(sq);
      board.appendChild(el('rect', { x: c[0] - CELL / 2 + 3, y: c[1] - CELL / 2 + 3, width: CELL - 6, height: CELL - 6, 'class': 'last' }));
    });
    if (p) Object.keys(p.towers).forEach(function (sq) {
      var t = p.towers[sq], c = xy(sq);
      // An outline that stands out on every square: Gold's on yellow, Black's on brown and purple.
      board.appendChild(el('circle', { cx: c[0], cy: c[1], r: 23, fill: t.side === 'b' ? '#1b1b1b' : '#e8c65a', 'class': 'tower',
                                       stroke: t.side === 'b' ? '#f4f4f4' : '#3b2b00', 'stroke-width': 2.5, 'data-square': sq }));
      board.appendChild(el('circle', { cx: c[0], cy: c[1], r: 13, fill: FILL[LETTERS.indexOf(t.colour)], 'class': 'tower',
                                       stroke: '#fff', 'stroke-width': 2 }));
      for (var i = 0; i < t.rank; i++)  // a Sumo's rings (rules.md S1), one mark each
        board.appendChild(el('circle', { cx: c[0] - 4.5 * (t.rank - 1) + 9 * i, cy: c[1] + 18, r: 4.5, fill: '#fff', stroke: '#000',
                                         'stroke-width': 1.5, 'class': 'ring-mark' }));
    });
    // The tower that must move (T2), marked so that a player sees it at once.
    var designated = p && /^[NGRYKPBO]$/.test(p.tower) ? Object.keys(p.towers).filter(function (sq) {
      return p.towers[sq].side === p.side && p.towers[sq].colour === p.tower;
    })[0] : null;
    if (designated) {
      var d = xy(designated);
      // White between two dark edges: seen on every square and around towers of either side.
      board.appendChild(el('circle', { cx: d[0], cy: d[1], r: 27, 'class': 'designated-edge' }));
      board.appendChild(el('circle', { cx: d[0], cy: d[1], r: 27, 'class': 'designated', 'data-square': designated }));
    }
    if (st.selected) {
      var c = xy(st.selected);
      board.appendChild(el('circle', { cx: c[0], cy: c[1], r: 26, 'class': 'selected' }));
      legalFrom(st.selected).forEach(function (m) {
        var t = xy(m.move.substr(2, 2));
        board.appendChild(el('circle', { cx: t[0], cy: t[1], r: 8, 'class': 'target' }));
      });
    }
  }
  function squareAt(evt) {
    var box = $('board').getBoundingClientRect();
    var f = Math.floor((evt.clientX - box.left) / box.width * 8), r = 7 - Math.floor((evt.clientY - box.top) / box.height * 8);
    return f >= 0 && f < 8 && r >= 0 && r < 8 ? square(f, r) : null;
  }
  function press(sq) {
    if (!sq || !st.kfen) return;
    var p = parse(st.kfen);
    if (st.setup) {
      if (st.selected && !p.towers[sq]) {  // move the selected tower there
        p.towers[sq] = p.towers[st.selected];
        delete p.towers[st.selected];
        st.selected = sq;
        edited(p);
        return;
      }
      st.selected = p.towers[sq] ? sq : null;
      showSelected();
      draw();
      return;
    }
    if (st.selected) {
      var m = legalFrom(st.selected).filter(function (x) { return x.move.substr(2, 2) === sq; })[0];
      if (m) { st.selected = null; play(m.move); return; }
    }
    st.selected = legalFrom(sq).length ? sq : null;
    draw();
  }

  // ---- positions and moves ---------------------------------------------------------------------
  // how: 'push' (a new position), 'replace' (an edit), 'move' (history). Resolves to whether
  // the position was loaded (its error shown if not).
  function load(kfen, how) {
    showError('');
    return get('position', { kfen: kfen }).then(function (pos) {
      st.pos = pos;
      st.kfen = pos.kfen;
      if (how === 'push') { st.history = st.history.slice(0, st.at + 1); st.history.push(pos.kfen); st.at++; }
      if (how === 'replace') st.history[st.at] = pos.kfen;
      $('kfen').value = pos.kfen;
      history.replaceState(null, '', '?kfen=' + encodeURIComponent(pos.kfen));
      $('status').textContent = pos.words;
      $('match-score').hidden = !pos.match;
      if (pos.match) $('match-score').textContent = 'Match to ' + plural(pos.match.target, 'point') + ': Black ' + pos.match.black +
        ', Gold ' + pos.match.gold;
      var has = function (name) { return pos.moves.some(function (m) { return m.move === name; }); };
      ['pass', 'fill-left', 'fill-right'].forEach(function (name) { $(name).hidden = st.setup || !has(name); });
      $('back').disabled = st.at <= 0;
      $('forward').disabled = st.at >= st.history.length - 1;
      goals(pos);
      syncSetup();
      draw();
      clearAnalysis();  // what was shown is of another position
      if (!st.setup) analyse();
      else $('verdict').textContent = 'Setting up: the position is analysed when you press Done.';
      return true;
    }).catch(function (e) { showError(e.message); return false; });
  }
  function play(move) {
    var m = st.pos.moves.filter(function (x) { return x.move === move; })[0];
    if (!m) return;
    st.last = move.length === 4 ? [move.substr(0, 2), move.substr(2, 2)] : null;
    load(m.kfen, 'push');
  }
  function goals(pos) {
    var goal = $('goal'), keep = goal.value;
    var wanted = [['round', 'who wins the round']];
    if (pos.match && pos.status.state !== 'match-won') {
      wanted.unshift(['match', 'who wins the match']);
      [1, 2, 4, 8].forEach(function (p) { wanted.push(['ring:' + p, 'the round, with a ring of ' + p + '+ for the side to move']); });
    }
    goal.innerHTML = '';
    wanted.forEach(function (w) { var o = document.createElement('option'); o.value = w[0]; o.textContent = w[1]; goal.appendChild(o); });
    if (wanted.some(function (w) { return w[0] === keep; })) goal.value = keep;
    if (pos.match && !st.goalChosen && pos.status.state !== 'match-won') goal.value = 'match';  // a match's question, unless one was chosen
    if (pos.turn === 'between-rounds' || (pos.status && pos.status.state === 'between-rounds')) goal.value = pos.match ? 'match' : 'round';
  }

  // ---- the analysis ------------------------------------------------------------------------------
  function valueText(m) {
    if (m.value === 'unknown') return m.claim ? 'unknown (a file says ' + claimText(m.claim) + ', unchecked)' : 'unknown';
    return m.value + (m.plies === null ? '' : ' in ' + plies(m.plies)) + (m.conflict ? ' (a file says otherwise)' : '');
  }
  // A file's claim that nothing checked (the book's sources): shown, never as a proof.
  function claimText(c) { return c.value + (c.plies === null ? '' : ' in ' + plies(c.plies)); }
  function fileName(source) { return source.split(' (')[0].split('/').pop(); }
  // Where a value came from, for a row's or the verdict's tooltip.
  function provenance(v) {
    if (v.conflict) return 'proved by the search; ' + v.conflict + ', which is wrong';
    if (v.source) return 'proved by ' + v.source + (v.checked_by ? '; checked: ' + v.checked_by : '');
    if (v.claim) return 'not proved: ' + v.claim.source + ' says ' + claimText(v.claim) + ', unchecked';
    return '';
  }
  function clearAnalysis() {
    if (st.request) st.request.abort();
    st.request = null;
    st.analysis = null;
    $('moves').tBodies[0].innerHTML = '';
    $('line').textContent = '';
    $('verdict').textContent = '';
    $('analysis-meta').textContent = '';
    $('proof').hidden = true;  // offered only for a proved value
    $('analysis').setAttribute('data-state', 'none');
  }
  function analyse() {
    var pos = st.pos;
    clearAnalysis();
    $('analysis').setAttribute('data-state', 'running');
    if (!pos.moves.length) {
      $('verdict').textContent = pos.words;
      $('analysis').setAttribute('data-state', 'done');
      return;
    }
    var goal = $('goal').value;
    $('verdict').textContent = 'Analysing…';
    var ctl = window.AbortController ? new AbortController() : null;
    st.request = ctl;
    get('analyse', { kfen: pos.kfen, goal: goal, ms: $('budget').value }, ctl ? ctl.signal : null).then(function (a) {
      if (st.pos !== pos) return;
      st.analysis = a;
      show(a);
    }).catch(function (e) {
      if (e.name === 'AbortError') return;
      $('verdict').textContent = 'No analysis: ' + e.message;
      $('analysis').setAttribute('data-state', 'failed');
    });
  }
  function show(a) {
    var pos = st.pos, side = pos.side_to_move === 'black' ? 'Black' : 'Gold', other = side === 'Black' ? 'Gold' : 'Black';
    var what = a.goal === 'match' ? 'the match' : a.goal.indexOf('ring') === 0 ? 'the round with that ring' : 'the round';
    if (a.value === 'unknown') $('verdict').textContent = 'Not proved within the effort: try a larger one.' +
      (a.claim ? ' ' + fileName(a.claim.source) + ' says ' + (a.claim.value === 'win' ? side : other) +
       ' wins' + (a.claim.plies === null ? '' : ' in ' + plies(a.claim.plies)) + ', unchecked.' : '');
    else $('verdict').textContent = (a.value === 'win' ? side : other) + ' wins ' + what +
      (a.plies === null ? '' : ' in ' + plies(a.plies) +
       (a.winner_moves ? ' (' + plural(a.winner_moves, 'move') + ' of the winner)' : '')) +
      (a.conflict ? '. ' + a.conflict + ': that file is wrong.' : '');
    $('verdict').title = provenance(a);
    // The proof of a proved value, asked with the same question and effort (of the server).
    $('proof').hidden = a.value === 'unknown' || offline;
    $('proof').href = '/api/v1/proof?kfen=' + encodeURIComponent(a.kfen) + '&goal=' + encodeURIComponent(a.goal) + '&ms=' + $('budget').value;
    var table = $('moves').tBodies[0];
    table.innerHTML = '';
    [['win', 'Winning moves'], ['unknown', 'Not proved'], ['loss', 'Losing moves']].forEach(function (g) {
      var rows = a.moves.filter(function (m) { return m.value === g[0]; });
      if (!rows.length) return;
      var head = table.insertRow();
      head.className = 'group';
      var cell = head.insertCell();
      cell.colSpan = 2;
      cell.textContent = g[1];
      rows.forEach(function (m) {
        var tr = table.insertRow();
        tr.className = 'move ' + m.value;
        tr.setAttribute('data-move', m.move);
        tr.setAttribute('data-value', m.value);
        tr.setAttribute('data-plies', m.plies === null ? '' : m.plies);
        var child = pos.moves.filter(function (x) { return x.move === m.move; })[0];
        if (child) tr.setAttribute('data-kfen', child.kfen);
        tr.title = provenance(m);
        var n = tr.insertCell(); n.className = 'name'; n.textContent = m.move;
        var v = tr.insertCell(); v.className = 'value'; v.textContent = valueText(m);
        tr.addEventListener('click', function () { play(m.move); });
      });
    });
    $('line').textContent = a.best_line.length ? 'Best line: ' + a.best_line.join(' ') : '';
    var from = a.by === 'book' ? 'from the book: ' + fileName(a.source) :
      a.by === 'table' ? 'retrograde table' : plural(a.nodes, 'node') + (offline ? ', in this browser' : '');
    $('analysis-meta').textContent = '(' + from + ', ' + a.seconds.toFixed(2) + ' s)';
    $('analysis-meta').title = a.source || '';
    $('analysis').setAttribute('data-state', 'done');
  }

  // ---- setting up ------------------------------------------------------------------------------
  function showSelected() {
    var p = st.kfen ? parse(st.kfen) : null, t = p && st.selected ? p.towers[st.selected] : null;
    $('selected-tower').textContent = t ? (t.side === 'b' ? 'Black ' : 'Gold ') + NAMES[LETTERS.indexOf(t.colour)] + ' on ' + st.selected +
      (t.rank ? ', ' + t.rank + ' ring' + (t.rank > 1 ? 's' : '') : '') : 'none';
  }
  function syncSetup() {
    var p = parse(st.kfen);
    $('side').value = p.side;
    $('tower').value = p.tower;
    $('target').value = p.match ? String(p.match[0]) : '0';
    $('score-b').value = p.match ? p.match[1] : 0;
    $('score-g').value = p.match ? p.match[2] : 0;
    showSelected();
  }
  function edited(p) { load(write(p), 'replace'); }
  function fromPanel() {
    var p = parse(st.kfen), target = +$('target').value;
    p.side = $('side').value;
    p.tower = $('tower').value;
    p.match = target ? [target, +$('score-b').value || 0, +$('score-g').value || 0] : null;
    edited(p);
  }
  function ring(delta) {
    if (!st.selected) return;
    var p = parse(st.kfen), t = p.towers[st.selected];
    if (!t) return;
    t.rank = Math.max(0, Math.min(4, t.rank + delta));
    edited(p);
  }
  function setupMode(on) {
    st.setup = on;
    st.selected = null;
    $('setup').setAttribute('aria-pressed', on ? 'true' : 'false');
    $('setup-panel').hidden = !on;
    load(st.kfen, 'replace');
  }

  function init() {
    var target = $('target');
    for (var n = 1; n <= 15; n++) { var o = document.createElement('option'); o.value = String(n); o.textContent = n + (n === 3 ? ' points (Standard)' : n === 7 ? ' points (Long)' : n === 15 ? ' points (Marathon)' : n === 1 ? ' point' : ' points'); target.appendChild(o); }
    var board = $('board');
    board.addEventListener('pointerdown', function (e) { st.drag = squareAt(e); press(st.drag); });
    board.addEventListener('pointerup', function (e) {  // a drag: dropped on another square
      var to = squareAt(e);
      if (st.drag && to && to !== st.drag) press(to);
      st.drag = null;
    });
    $('back').addEventListener('click', function () { if (st.at > 0) { st.at--; st.last = null; load(st.history[st.at], 'move'); } });
    $('forward').addEventListener('click', function () { if (st.at < st.history.length - 1) { st.at++; st.last = null; load(st.history[st.at], 'move'); } });
    $('best').addEventListener('click', function () { if (st.analysis && st.analysis.kfen === st.pos.kfen && st.analysis.best) play(st.analysis.best); });
    ['pass', 'fill-left', 'fill-right'].forEach(function (name) { $(name).addEventListener('click', function () { play(name); }); });
    $('setup').addEventListener('click', function () { setupMode(!st.setup); });
    $('setup-done').addEventListener('click', function () { setupMode(false); });
    $('reset').addEventListener('click', function () { load(START, 'replace'); });
    ['side', 'tower', 'target', 'score-b', 'score-g'].forEach(function (id) { $(id).addEventListener('change', fromPanel); });
    $('ring-more').addEventListener('click', function () { ring(1); });
    $('ring-less').addEventListener('click', function () { ring(-1); });
    $('goal').addEventListener('change', function () { st.goalChosen = true; analyse(); });
    $('budget').addEventListener('change', analyse);
    $('load').addEventListener('click', function () { load($('kfen').value, 'push'); });
    $('kfen').addEventListener('keydown', function (e) { if (e.key === 'Enter') load($('kfen').value, 'push'); });
    $('copy').addEventListener('click', function () {
      if (navigator.clipboard) navigator.clipboard.writeText($('kfen').value).catch(function () {});
      $('kfen').select();
    });
    var asked = /[?&]kfen=([^&]*)/.exec(location.search);
    // A '+' in the link is a ring (KFEN), not a space: the page writes spaces as %20.
    var linked = asked ? decodeURIComponent(asked[1]) : START;
    load(linked, 'push').then(function (ok) {
      if (ok) return;
      // A bad link: the set-up instead, and the link's KFEN kept in the field to be corrected.
      var why = $('error').textContent;
      load(START, 'push').then(function () {
        $('kfen').value = linked;
        showError('The link\u2019s KFEN is not valid (' + why + '): the set-up is shown, and the link\u2019s KFEN is in the field to correct.');
      });
    });
  }
  init();
})();
