// The Kamisado puzzle trainer. It knows no rules: kamisado wrote, in puzzles.js, each puzzle's
// tree (puzzles/trainer.h): at the winner's turn every legal move with whether it still wins
// within the moves left, proved by the proof search, and at the loser's turn the proof's longest
// defence. So the page refuses a move because the data says it fails, never because of a guess,
// and plays back exactly the defence of the proof.
(function () {
  'use strict';
  var data = window.KAMISADO_TRAINER;
  var SVG = 'http://www.w3.org/2000/svg';
  var CELL = 60;
  // Progress is kept per folder: two collections may number their puzzles alike.
  var storeKey = 'kamisado-trainer:' + location.pathname.replace(/[^\/]*$/, '');
  var puzzles = [];  // every puzzle, in order, with its section
  data.sections.forEach(function (s) { s.puzzles.forEach(function (p) { puzzles.push(p); }); });

  var st = { p: null, node: 0, selected: null, dragFrom: null, helped: false, busy: false, last: null, hint: false };

  function $(id) { return document.getElementById(id); }
  function el(name, attrs) {
    var e = document.createElementNS(SVG, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }
  function side(id) { return id === 'black' ? 'Black' : 'Gold'; }

  // Progress, kept in the browser: puzzle id -> 'solved' (without help) or 'helped'.
  function progress() {
    try { return JSON.parse(localStorage.getItem(storeKey) || '{}'); } catch (e) { return {}; }
  }
  function remember(id, how) {
    var all = progress();
    if (all[id] === 'solved') return;
    all[id] = how;
    try { localStorage.setItem(storeKey, JSON.stringify(all)); } catch (e) { /* private mode: not kept */ }
  }

  function xy(square) {  // the centre of a square on the drawing (a1 bottom left)
    var f = square.charCodeAt(0) - 97, r = square.charCodeAt(1) - 49;
    return [f * CELL + CELL / 2, (7 - r) * CELL + CELL / 2];
  }
  function node() { return st.p.nodes[st.node]; }
  // The towers of a node as [square, 'b' or 'g', colour, Sumo rank] (puzzles/trainer.h).
  function towers(n) {
    var out = [];
    for (var i = 0; i < 16; i++)
      out.push([n.towers.substr(2 * i, 2), i < 8 ? 'b' : 'g', i % 8, n.ranks ? n.ranks[i] : 0]);
    return out;
  }
  function yourTurn() { var n = node(); return !n.end && n.to_move === st.p.winner; }
  // The squares of the towers that have a winning move here: what a hint shows.
  function winningFrom() {
    var from = {};
    node().moves.forEach(function (m) { if (m[4]) from[m[1]] = true; });
    return Object.keys(from);
  }
  function movesFrom(square) {
    if (!yourTurn()) return [];
    return node().moves.filter(function (m) { return m[1] === square; });
  }

  function draw() {
    var n = node(), board = $('board');
    while (board.firstChild) board.removeChild(board.firstChild);
    for (var r = 7; r >= 0; r--)
      for (var f = 0; f < 8; f++) {
        var sq = String.fromCharCode(97 + f) + String(r + 1);
        board.appendChild(el('rect', { 'class': 'square', 'data-square': sq, x: f * CELL, y: (7 - r) * CELL,
                                       width: CELL, height: CELL, fill: data.colours[data.board[r * 8 + f]] }));
      }
    for (var i = 0; i < 8; i++) {  // coordinates, in the corners of the edge squares
      var file = el('text', { 'class': 'coord', x: i * CELL + CELL - 4, y: 8 * CELL - 4, 'text-anchor': 'end' });
      file.textContent = String.fromCharCode(97 + i);
      var rank = el('text', { 'class': 'coord', x: 3, y: (7 - i) * CELL + 12 });
      rank.textContent = String(i + 1);
      board.appendChild(file);
      board.appendChild(rank);
    }
    if (st.last) st.last.forEach(function (sq) {
      var c = xy(sq);
      board.appendChild(el('rect', { 'class': 'last', x: c[0] - CELL / 2 + 3, y: c[1] - CELL / 2 + 3, width: CELL - 6, height: CELL - 6 }));
    });
    towers(n).forEach(function (t) {
      var c = xy(t[0]), black = t[1] === 'b';
      var g = el('g', { 'class': 'tower', 'data-square': t[0], 'data-side': black ? 'black' : 'gold',
                        'data-colour': data.colour_names[t[2]], 'data-rank': t[3] });
      if (n.designated === t[0] && yourTurn())
        g.appendChild(el('circle', { cx: c[0], cy: c[1], r: 28, fill: 'none', stroke: '#fff', 'stroke-width': 4, 'stroke-dasharray': '6 3' }));
      g.appendChild(el('circle', { cx: c[0], cy: c[1], r: 23, fill: black ? '#1a1a1a' : '#d4af37', stroke: black ? '#d4af37' : '#1a1a1a', 'stroke-width': 2 }));
      g.appendChild(el('circle', { cx: c[0], cy: c[1], r: 11, fill: data.colours[t[2]], stroke: '#fff', 'stroke-width': 1 }));
      for (var ring = 0; ring < t[3]; ring++)  // one ring per Sumo rank
        g.appendChild(el('circle', { cx: c[0], cy: c[1], r: 14 + 3 * ring, fill: 'none', stroke: black ? '#d4af37' : '#1a1a1a', 'stroke-width': 2 }));
      board.appendChild(g);
    });
    if (st.hint && yourTurn()) {
      winningFrom().forEach(function (sq) {
        var c = xy(sq);
        board.appendChild(el('circle', { 'class': 'hinted', cx: c[0], cy: c[1], r: 27 }));
      });
    }
    if (st.selected) {
      var s = xy(st.selected);
      board.appendChild(el('circle', { 'class': 'selected', cx: s[0], cy: s[1], r: 27 }));
      movesFrom(st.selected).forEach(function (m) {
        var t = xy(m[2]);
        board.appendChild(el('circle', { 'class': 'target', 'data-target': m[2], cx: t[0], cy: t[1], r: 8 }));
      });
    }
    var pass = node().moves && yourTurn() && node().moves.some(function (m) { return m[3] === 'pass'; });
    $('pass').disabled = !pass || st.busy;
  }

  function status(state, text) {
    var s = $('status');
    s.setAttribute('data-state', state);
    s.textContent = text;
  }
  function movesLeftText() {
    var left = node().left;
    return left === 1 ? 'one move left' : left + ' moves left';
  }
  function prompt() {
    var n = node();
    var text = side(st.p.winner) + ' to move: ' + movesLeftText() + '.';
    if (n.moves.some(function (m) { return m[3] === 'pass'; })) text += ' The tower to move is blocked: pass (M6).';
    status('your-move', text);
  }

  function logMove(m, by) {
    var li = document.createElement('li');
    li.className = by;
    li.setAttribute('data-move', m[0]);
    li.textContent = m[0];
    var notes = [];
    if (m[3] === 'pass') notes.push('forced pass (M6)');
    if (m[3] === 'push') notes.push('Sumo push (S2)' + (by === 'you' ? ': an extra turn (S4)' : ''));
    if (notes.length) {
      var span = document.createElement('span');
      span.className = 'note';
      span.textContent = ' — ' + notes.join('; ');
      li.appendChild(span);
    }
    $('log').appendChild(li);
  }

  function finish() {
    var how = st.helped ? 'helped' : 'solved';
    remember(st.p.id, how);
    status('solved', node().end + '. Solved' + (st.helped ? ', with help.' : '!'));
    list();
  }

  // After the winner's move, the page plays the proof's defence until it is the winner's turn
  // again (a push gives the winner the next move at once).
  function advance() {
    draw();
    if (node().end) { st.busy = false; finish(); return; }
    if (yourTurn()) { st.busy = false; prompt(); draw(); return; }
    st.busy = true;
    status('defence', side(node().to_move) + ' defends…');
    setTimeout(function () {
      var reply = node().moves[0];
      logMove(reply, 'defence');
      st.last = [reply[1], reply[2]];
      st.node = reply[5];
      advance();
    }, 450);
  }

  function play(m) {
    st.selected = null;
    if (!m[4]) {  // the data says it fails
      var why = 'does not win in the ' + movesLeftText().replace(' left', '') + ' left';
      if (st.node === 0) {
        st.p.slower.forEach(function (s) { if (s[0] === m[0]) why = 'wins, but only in ' + s[1] + ', not in ' + st.p.n; });
      }
      status('refused', m[0] + ' ' + why + '. Try another move.');
      draw();
      return;
    }
    if (m[5] < 0) {
      status('refused', m[0] + ' also wins in time, but this puzzle has too many such lines to keep them all: the trainer follows the main line. Try another winning move.');
      draw();
      return;
    }
    st.hint = false;
    logMove(m, 'you');
    st.last = [m[1], m[2]];
    st.node = m[5];
    st.busy = true;
    advance();
  }

  function press(square) {
    if (!st.p || st.busy || !yourTurn()) return;
    if (st.selected) {
      // A pass is the blocked tower's move onto its own square (M6): press it again, or Pass.
      var to = movesFrom(st.selected).filter(function (m) { return m[2] === square && (m[3] !== 'pass' || square === st.selected); });
      if (to.length) { play(to[0]); return; }
    }
    if (movesFrom(square).length) {
      st.selected = square;
      draw();
      return;
    }
    var t = towers(node()).filter(function (x) { return x[0] === square; })[0];
    if (t && (t[1] === 'b') === (st.p.winner === 'black'))
      status('refused', 'That tower may not move: the colour of the last square moved to names the tower to move (T2).');
    st.selected = null;
    draw();
  }

  function squareAt(x, y) {
    var e = document.elementFromPoint(x, y);
    return e && e.getAttribute ? e.getAttribute('data-square') : null;
  }

  // Served by `kamisado serve --puzzles`, the trainer links each puzzle to the analysis board
  // (served at /), found by asking its API; opened from a file, it has none.
  var board = null;  // whether the board is there: not yet known, true or false
  function analyseLink(p) {
    if (board === null) {
      board = false;
      if (!/^https?:$/.test(location.protocol) || !window.fetch) return;
      fetch('/api/v1/stats').then(function (r) { board = r.ok; if (board && st.p) analyseLink(st.p); }).catch(function () {});
      return;
    }
    if (!board) return;
    var a = $('analyse-link');
    if (!a) {
      a = document.createElement('a');
      a.id = 'analyse-link';
      a.textContent = 'Analyse this position';
      $('meta').parentNode.insertBefore(a, $('meta').nextSibling);
    }
    a.href = '/?kfen=' + encodeURIComponent(p.kfen);
  }

  function open(p) {
    st.p = p; st.node = 0; st.selected = null; st.helped = false; st.busy = false; st.last = null; st.hint = false;
    $('log').innerHTML = '';
    $('stipulation').textContent = p.section + ' · ' + p.stipulation;
    var meta = 'Difficulty ' + p.difficulty.toFixed(1) + ' · ' + p.legal_moves + ' legal first moves';
    if (p.themes.length) meta += ' · themes: ' + p.themes.join(', ');
    meta += ' · KFEN ' + p.kfen;
    $('meta').textContent = meta;
    if (p.certificate) {
      var a = document.createElement('a');
      a.href = p.certificate;
      a.textContent = 'certificate';
      $('meta').appendChild(document.createTextNode(' · '));
      $('meta').appendChild(a);
    }
    analyseLink(p);
    if (location.hash !== '#puzzle-' + p.id) history.replaceState(null, '', '#puzzle-' + p.id);
    $('section').value = p.section;
    prompt();
    draw();
    list();
  }

  function list() {
    var done = progress(), ul = $('list'), section = $('section').value, count = 0;
    ul.innerHTML = '';
    puzzles.forEach(function (p, i) {
      if (done[p.id]) count++;
      if (p.section !== section) return;
      var li = document.createElement('li');
      li.setAttribute('data-id', p.id);
      li.textContent = '#' + p.id + ' ' + p.stipulation;
      var d = document.createElement('span');
      d.className = 'difficulty';
      d.textContent = p.difficulty.toFixed(1);
      li.appendChild(d);
      if (done[p.id]) li.classList.add(done[p.id]);
      if (st.p === p) li.classList.add('current');
      li.addEventListener('click', function () { open(puzzles[i]); });
      ul.appendChild(li);
    });
    $('progress').textContent = 'solved ' + count + ' of ' + puzzles.length;
    $('progress').setAttribute('data-solved', String(count));
  }

  function linked() {  // the puzzle a link names: index.html#puzzle-ID
    var wanted = /^#puzzle-(\d+)$/.exec(location.hash);
    return puzzles.filter(function (p) { return wanted && String(p.id) === wanted[1]; })[0];
  }

  function init() {
    data.sections.forEach(function (s) {
      var o = document.createElement('option');
      o.value = o.textContent = s.name;
      $('section').appendChild(o);
    });
    $('section').addEventListener('change', function () {
      var first = puzzles.filter(function (p) { return p.section === $('section').value; })[0];
      if (first) open(first);
    });
    var board = $('board');
    board.addEventListener('pointerdown', function (e) {
      var sq = e.target.getAttribute('data-square');
      if (!sq) return;
      e.preventDefault();
      st.dragFrom = sq;
      press(sq);
    });
    board.addEventListener('pointerup', function (e) {  // a drag: dropped on another square
      var sq = squareAt(e.clientX, e.clientY);
      if (st.dragFrom && sq && sq !== st.dragFrom && st.selected === st.dragFrom) press(sq);
      st.dragFrom = null;
    });
    $('pass').addEventListener('click', function () {
      var m = node().moves.filter(function (x) { return x[3] === 'pass'; })[0];
      if (m && !st.busy) play(m);
    });
    $('hint').addEventListener('click', function () {
      if (!yourTurn() || st.busy) return;
      st.helped = true;
      st.hint = true;
      var names = winningFrom().map(function (sq) {
        var t = towers(node()).filter(function (x) { return x[0] === sq; })[0];
        return 'the ' + data.colour_names[t[2]] + ' tower on ' + sq;
      });
      status('hint', 'Hint: move ' + names.join(' or ') + '.');
      draw();
    });
    $('solution').addEventListener('click', function () {
      if (!yourTurn() || st.busy) return;
      st.helped = true;
      play(node().moves[node().best]);
    });
    $('retry').addEventListener('click', function () { open(st.p); });
    $('next').addEventListener('click', function () {
      var i = puzzles.indexOf(st.p), done = progress();
      for (var k = 1; k <= puzzles.length; k++) {
        var q = puzzles[(i + k) % puzzles.length];
        if (!done[q.id]) { open(q); return; }
      }
      open(puzzles[(i + 1) % puzzles.length]);
    });
    var first = linked();
    window.addEventListener('hashchange', function () {
      var p = linked();
      if (p && p !== st.p) open(p);
    });
    if (!first) {
      var done = progress();
      first = puzzles.filter(function (p) { return !done[p.id]; })[0] || puzzles[0];
    }
    if (first) open(first);
    else status('empty', 'This collection has no puzzles.');
    document.body.setAttribute('data-ready', '1');
  }
  init();
})();
