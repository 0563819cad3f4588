// The Kamisado analysis board. It knows no rules: the server (kamisado serve, app/serve/api.h)
// says which moves are legal and where each leads (/api/v1/position), and what each is worth
// (/api/v1/analyse: from the book of what is proved, a retrograde table, or the proof search).
// The page only draws, lets a person set up a position, and sends the KFEN. With no server (the
// page opened from a file, served by a host of files only, or the server gone), the same answers
// come from the WebAssembly package beside the page (app/wasm: kamisado_worker.js, the module and
// the opening book), computed in the browser in Web Workers, so that the page never waits for a
// search: one answers positions, one analyses (ended and started afresh when the page moves on).
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

  // history[i]: the KFEN of the game's i-th position; played[i]: the move that led there (with
  // its push, if any), null for the first.
  var st = { pos: null, kfen: null, history: [], played: [], at: -1, setup: false, selected: null, drag: null,
             analysis: null, round: null, request: null, last: null, pushed: null, goalChosen: false, server: null };

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
  // Offline, two Web Workers run the package (kamisado_worker.js defines its source, the module
  // with the opening book built in, as a string: a worker made from it works on a file:// page,
  // where a worker script file may not be loaded). One answers positions at once; the other
  // analyses, and is ended and made afresh when the page moves on during an analysis (a search
  // cannot be interrupted from outside).
  var offline = location.protocol === 'file:', source = null;
  function workerSource() {
    if (!source) source = new Promise(function (resolve, reject) {
      var script = document.createElement('script');
      script.src = 'kamisado_worker.js';
      script.onload = function () { resolve(URL.createObjectURL(new Blob([KAMISADO_WORKER_SOURCE], { type: 'text/javascript' }))); };
      script.onerror = function () { reject(new Error('no server, and no kamisado_worker.js beside the page')); };
      document.head.appendChild(script);
    });
    return source;
  }
  function Worker_(name) {  // a worker and its pending questions, by id
    var self = { worker: null, pending: {}, next: 1 };
    self.ask = function (question, signal) {
      return workerSource().then(function (url) {
        if (!self.worker) {
          self.worker = new Worker(url, { name: name });
          self.worker.onmessage = function (e) {
            var p = self.pending[e.data.id];
            delete self.pending[e.data.id];
            if (p) p.resolve(e.data);
          };
          self.worker.onerror = function (e) { self.end(new Error('the WebAssembly module failed: ' + e.message)); };
        }
        var id = self.next++;
        return new Promise(function (resolve, reject) {
          self.pending[id] = { resolve: resolve, reject: reject };
          self.worker.postMessage({ id: id, question: question });
          if (signal) signal.addEventListener('abort', function () {
            if (!self.pending[id]) return;
            var gone = new Error('aborted');
            gone.name = 'AbortError';
            self.end(gone);  // the search it runs is of a position the page has left
          });
        });
      });
    };
    self.end = function (why) {
      if (self.worker) self.worker.terminate();
      self.worker = null;
      var pending = self.pending;
      self.pending = {};
      Object.keys(pending).forEach(function (id) { pending[id].reject(why); });
    };
    return self;
  }
  var positions = Worker_('positions'), analyses = Worker_('analyses');
  // The package's {"ok": ...} or {"error": ...}, from a worker.
  function answerHere(path, params, signal) {
    var question = path === 'position' ? { kind: 'position', kfen: params.kfen }
      : { kind: 'analyse', kfen: params.kfen, goal: params.goal, ms: +params.ms };
    return (path === 'position' ? positions : analyses).ask(question, signal).then(function (reply) {
      var a = JSON.parse(reply.text);
      if ('error' in a) throw new Error(a.error);
      return a.ok;
    });
  }
  // What a server allows, or with none what the page allows itself (the package's own limits).
  var HERE = { max_ms: 60000, default_ms: 5000, puzzles: false, here: true };
  function get(path, params, signal) {
    if (offline) return path === 'server' ? Promise.resolve(HERE) : answerHere(path, params, signal);
    var q = Object.keys(params).map(function (k) { return k + '=' + encodeURIComponent(params[k]); }).join('&');
    return fetch('/api/v1/' + path + '?' + q, signal ? { signal: signal } : {}).then(function (res) {
      // A host of files only (the board's folder on any static server) has no API: its answer is
      // not JSON, and the page answers here, as with no server at all.
      if (!/json/.test(res.headers.get('content-type') || '')) {
        offline = true;
        return get(path, params, signal);
      }
      return res.json().then(function (body) {
        if (!res.ok) throw new Error(body.error || ('HTTP ' + res.status));
        return body;
      });
    }, function (e) {
      if (e.name === 'AbortError') throw e;
      offline = true;  // no server: answered here from now on
      return get(path, params, signal);
    });
  }

  // ---- the board ----------------------------------------------------------------------------
  function legalFrom(sq) {
    if (!st.pos || st.setup) return [];
    return st.pos.moves.filter(function (m) { return m.move.length === 4 && m.move.substr(0, 2) === sq; });
  }
  // A tower: its side's disc, its colour inside, and for a Sumo (S1) its rank written on the
  // colour and one white ring around it for each, inside the tower (the mark of the tower to move
  // is drawn outside it, and hides nothing).
  function drawTower(board, sq, t) {
    var c = xy(sq);
    // An outline that stands out on every square: Gold's on yellow, Black's on brown and purple.
    board.appendChild(el('circle', { cx: c[0], cy: c[1], r: 23, fill: t.side === 'b' ? '#1b1b1b' : '#e8c65a', 'class': 'tower',
                                     stroke: t.side === 'b' ? '#f4f4f4' : '#3b2b00', 'stroke-width': 2.5, 'data-square': sq }));
    var inner = 14 - 1.5 * Math.min(t.rank, 4);
    for (var i = 0; i < t.rank; i++)  // a Sumo's rings (rules.md S1), one each, outermost first
      board.appendChild(el('circle', { cx: c[0], cy: c[1], r: 20.5 - 2.6 * i, fill: 'none', stroke: t.side === 'b' ? '#fff' : '#1b1b1b',
                                       'stroke-width': 1.6, 'class': 'ring-mark', 'data-square': sq }));
    board.appendChild(el('circle', { cx: c[0], cy: c[1], r: t.rank ? inner : 13, fill: FILL[LETTERS.indexOf(t.colour)], 'class': 'tower',
                                     stroke: '#fff', 'stroke-width': 2 }));
    if (t.rank) {
      var label = el('text', { x: c[0], y: c[1] + 5.5, 'class': 'rank', 'data-square': sq, 'text-anchor': 'middle' });
      label.textContent = String(t.rank);
      board.appendChild(label);
    }
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
    if (p) Object.keys(p.towers).forEach(function (sq) { drawTower(board, sq, p.towers[sq]); });
    // The towers a push moved back (S3): each ringed, with an arrow from where it stood, drawn at
    // the squares' edge so that it covers neither tower.
    if (st.pushed) st.pushed.forEach(function (t) {
      var from = xy(t.from), to = xy(t.to), dy = to[1] > from[1] ? 1 : -1, x = from[0] + 25, tip = to[1] - dy * 12;
      board.appendChild(el('line', { x1: x, y1: from[1], x2: x, y2: tip - dy * 6, 'class': 'push-arrow' }));
      board.appendChild(el('polygon', { points: [x - 5, tip - dy * 8, x + 5, tip - dy * 8, x, tip].join(' '), 'class': 'push-head' }));
      board.appendChild(el('circle', { cx: to[0], cy: to[1], r: 28, 'class': 'pushed', 'data-square': t.to }));
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
  // A push in words: "pushes Gold Green c5→c6".
  function pushWords(pushed) {
    return 'pushes ' + pushed.map(function (t) { return t.tower + ' ' + t.from + '\u2192' + t.to; }).join(', ');
  }
  function sideName(id) { return id === 'black' ? 'Black' : 'Gold'; }
  // The status line: after a push, that the pusher moves again (S4), then the position's own words.
  function statusText(pos) {
    var came = st.played[st.at];
    if (!came || !came.pushed || pos.status.state !== 'ongoing') return pos.words;
    return sideName(pos.side_to_move) + ' ' + pushWords(came.pushed) + ' and moves again (S4): ' + pos.words;
  }
  // how: 'push' (a new position, `move` the one played to it), 'replace' (an edit), 'move'
  // (history). Resolves to whether the position was loaded (its error shown if not). With
  // `quiet` it is not analysed (a position passed through on the way along a line).
  function load(kfen, how, move, quiet) {
    showError('');
    return get('position', { kfen: kfen }).then(function (pos) {
      st.pos = pos;
      st.kfen = pos.kfen;
      if (how === 'push') {
        st.history = st.history.slice(0, st.at + 1);
        st.played = st.played.slice(0, st.at + 1);
        st.history.push(pos.kfen);
        st.played.push(move || null);
        st.at++;
      }
      if (how === 'replace') { st.history[st.at] = pos.kfen; st.played[st.at] = null; }
      var came = st.played[st.at];
      st.last = came && came.move.length === 4 ? [came.move.substr(0, 2), came.move.substr(2, 2)] : null;
      st.pushed = came && came.pushed ? came.pushed : null;
      $('kfen').value = pos.kfen;
      history.replaceState(null, '', '?kfen=' + encodeURIComponent(pos.kfen));
      $('status').textContent = statusText(pos);
      $('status').setAttribute('data-pushed', st.pushed ? 'yes' : 'no');
      $('match-score').hidden = !pos.match;
      if (pos.match) $('match-score').textContent = 'Match to ' + plural(pos.match.target, 'point') + ': Black ' + pos.match.black +
        ', Gold ' + pos.match.gold;
      var has = function (name) { return pos.moves.some(function (m) { return m.move === name; }); };
      ['pass', 'fill-left', 'fill-right'].forEach(function (name) { $(name).hidden = st.setup || !has(name); });
      $('back').disabled = st.at <= 0;
      $('forward').disabled = st.at >= st.history.length - 1;
      goals(pos);
      syncSetup();
      showGame();
      draw();
      clearAnalysis();  // what was shown is of another position
      if (st.setup) $('verdict').textContent = 'Setting up: the position is analysed when you press Done.';
      else if (!quiet) analyse();
      return true;
    }).catch(function (e) { showError(e.message); return false; });
  }
  function play(move, quiet) {
    var m = st.pos.moves.filter(function (x) { return x.move === move; })[0];
    if (!m) return Promise.resolve(false);
    return load(m.kfen, 'push', m, quiet);
  }
  // Plays `moves` one after another, analysing only the last position.
  function playLine(moves) {
    return moves.reduce(function (done, move, i) {
      return done.then(function (ok) { return ok && play(move, i < moves.length - 1); });
    }, Promise.resolve(true));
  }
  // The game played on the board, each move a link to the position after it.
  function showGame() {
    var list = $('game-moves');
    list.innerHTML = '';
    for (var i = 1; i < st.history.length; i++) {
      var item = document.createElement('li'), link = document.createElement('button');
      var came = st.played[i];
      link.type = 'button';
      link.className = 'ply' + (i === st.at ? ' current' : '');
      link.textContent = i + '. ' + (came ? came.move + (came.pushed ? ' (push)' : '') : 'set up');
      link.setAttribute('data-ply', i);
      link.addEventListener('click', (function (at) { return function () { st.at = at; load(st.history[at], 'move'); }; })(i));
      item.appendChild(link);
      list.appendChild(item);
    }
    $('game').hidden = st.history.length < 2;
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
    goal.disabled = wanted.length < 2;
  }

  // ---- the analysis ------------------------------------------------------------------------------
  function valueText(m) {
    if (!m) return '';
    if (m.value === 'unknown') return m.claim ? 'unknown (a file says ' + claimText(m.claim) + ', unchecked)' : 'unknown';
    return m.value + (m.plies === null ? '' : ' in ' + plies(m.plies)) + (m.conflict ? ' (a file says otherwise)' : '');
  }
  // A file's claim that nothing checked (the book's sources): shown, never as a proof.
  function claimText(c) { return c.value + (c.plies === null ? '' : ' in ' + plies(c.plies)); }
  // A source by its id in the answer ("s1"), as {file, checked_by}.
  function sourceOf(a, id) { return id && a.sources && a.sources[id] ? a.sources[id] : { file: id || '', checked_by: null }; }
  function fileName(file) { return file.split(' (')[0].split('/').pop(); }
  // Where a value came from, for a row's or the verdict's tooltip.
  function provenance(a, v) {
    if (v.conflict) return 'proved by the search; ' + v.conflict + ', which is wrong';
    var s = sourceOf(a, v.source);
    if (v.source) return 'proved by ' + s.file + (s.checked_by ? '; checked: ' + s.checked_by : '');
    if (v.claim) return 'not proved: ' + sourceOf(a, v.claim.source).file + ' says ' + claimText(v.claim) + ', unchecked';
    return '';
  }
  function seconds(ms) { return ms >= 60000 ? (ms / 60000) + ' min' : (ms / 1000) + ' s'; }
  // Why something is unknown, and whether a longer effort would help.
  function cutWords(a) {
    var cut = a.cut_by || [], budget = $('budget'), longest = budget.selectedIndex === budget.options.length - 1;
    if (cut.indexOf('stopped') >= 0) return 'the analysis was stopped (the server is stopping).';
    if (cut.indexOf('time') >= 0) return 'the effort (' + seconds(+budget.value) + ') ran out' +
      (longest ? ', the longest ' + (st.server && !st.server.here ? 'this server allows' : 'offered here') + '.' : ': try a longer one.');
    if (cut.indexOf('nodes') >= 0) return 'a search reached the server\u2019s cap of ' + (st.server && st.server.max_nodes || 'its') +
      ' nodes; a longer effort will not help here.';
    return 'try a longer effort.';
  }
  function cutShort(a) {
    var cut = a.cut_by || [];
    return cut.indexOf('stopped') >= 0 ? 'stopped' : cut.indexOf('time') >= 0 ? 'the effort ran out' : cut.indexOf('nodes') >= 0 ? 'the node cap' : 'the effort';
  }
  function clearAnalysis() {
    if (st.request) st.request.abort();
    st.request = null;
    st.analysis = null;
    st.round = null;
    $('moves').tBodies[0].innerHTML = '';
    $('line').innerHTML = '';
    $('verdict').textContent = '';
    $('round-verdict').textContent = '';
    $('round-verdict').hidden = true;
    $('analysis-meta').textContent = '';
    $('proof').hidden = true;  // offered only for a proved value
    $('best').disabled = true;  // until a best move is proved
    $('moves').classList.remove('with-round');
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
    var goal = $('goal').value, ms = $('budget').value;
    $('verdict').textContent = 'Analysing\u2026 (up to ' + seconds(+ms) + ')';
    var ctl = window.AbortController ? new AbortController() : null, signal = ctl ? ctl.signal : null;
    st.request = ctl;
    // Beside another question, the round's own: proved in milliseconds where the match is not.
    var withRound = goal !== 'round' && pos.turn !== 'between-rounds';
    if (withRound) {
      $('round-verdict').hidden = false;
      $('round-verdict').textContent = 'The round: analysing\u2026';
      get('analyse', { kfen: pos.kfen, goal: 'round', ms: String(Math.min(+ms, 5000)) }, signal).then(function (r) {
        if (st.pos !== pos) return;
        st.round = r;
        showRound(r);
        if (st.analysis) showMoves(st.analysis);
      }).catch(function (e) { if (e.name !== 'AbortError' && st.pos === pos) $('round-verdict').textContent = 'The round: ' + e.message; });
    }
    get('analyse', { kfen: pos.kfen, goal: goal, ms: ms }, signal).then(function (a) {
      if (st.pos !== pos) return;
      st.analysis = a;
      show(a);
    }).catch(function (e) {
      if (e.name === 'AbortError') return;
      $('verdict').textContent = 'No analysis: ' + e.message;
      $('analysis').setAttribute('data-state', 'failed');
    });
  }
  function winnerOf(a) {
    var side = st.pos.side_to_move === 'black' ? 'Black' : 'Gold';
    return a.value === 'win' ? side : side === 'Black' ? 'Gold' : 'Black';
  }
  function showRound(r) {
    $('round-verdict').textContent = r.value === 'unknown' ? 'The round: not proved in ' + seconds(Math.min(+$('budget').value, 5000)) + '.'
      : 'The round: ' + winnerOf(r) + ' wins it' + (r.plies === null ? '' : ' in ' + plies(r.plies)) + '.';
    $('round-verdict').setAttribute('data-value', r.value);
  }
  function show(a) {
    var what = a.goal === 'match' ? 'the match' : a.goal.indexOf('ring') === 0 ? 'the round with that ring' : 'the round';
    if (a.value === 'unknown') $('verdict').textContent = 'Not proved: ' + cutWords(a) +
      (a.claim ? ' ' + fileName(sourceOf(a, a.claim.source).file) + ' says ' + winnerOf(a.claim) +
       ' wins' + (a.claim.plies === null ? '' : ' in ' + plies(a.claim.plies)) + ', unchecked.' : '');
    else $('verdict').textContent = winnerOf(a) + ' wins ' + what +
      (a.plies === null ? '' : ' in ' + plies(a.plies) +
       (a.winner_moves ? ' (' + plural(a.winner_moves, 'move') + ' of the winner)' : '')) +
      (a.conflict ? '. ' + a.conflict + ': that file is wrong.' : '');
    $('verdict').title = provenance(a, a);
    $('verdict').setAttribute('data-cut-by', (a.cut_by || []).join(' '));
    // The proof of a proved value, asked with the same question and effort (of the server).
    $('proof').hidden = a.value === 'unknown' || offline;
    $('proof').href = '/api/v1/proof?kfen=' + encodeURIComponent(a.kfen) + '&goal=' + encodeURIComponent(a.goal) + '&ms=' + $('budget').value;
    $('best').disabled = !(a.best && a.value !== 'unknown');
    showLine(a);
    showMoves(a);
    var unknown = a.moves.filter(function (m) { return m.value === 'unknown'; }).length;
    var from = a.by === 'book' ? 'from the book: ' + fileName(sourceOf(a, a.source).file) :
      a.by === 'table' ? 'retrograde table' : plural(a.nodes, 'node') + (offline ? ', in this browser' : '');
    $('analysis-meta').textContent = '(' + from + ', ' + a.seconds.toFixed(2) + ' s' +
      (unknown && a.value !== 'unknown' ? '; ' + plural(unknown, 'move') + ' not proved: ' + cutShort(a) : '') + ')';
    $('analysis-meta').title = a.source ? sourceOf(a, a.source).file : '';
    $('analysis').setAttribute('data-state', 'done');
  }
  // The best line, each ply a button that plays the line to it.
  function showLine(a) {
    var line = $('line');
    line.innerHTML = '';
    if (!a.best_line.length) return;
    line.appendChild(document.createTextNode('Best line: '));
    a.best_line.forEach(function (move, i) {
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'ply';
      b.textContent = move;
      b.title = 'play the line to here';
      b.addEventListener('click', function () { playLine(a.best_line.slice(0, i + 1)); });
      line.appendChild(b);
    });
    line.setAttribute('data-plies', a.best_line.length);
  }
  function showMoves(a) {
    var pos = st.pos, table = $('moves').tBodies[0], round = {};
    if (st.round) st.round.moves.forEach(function (m) { round[m.move] = m; });
    $('moves').classList.toggle('with-round', !!st.round);
    table.innerHTML = '';
    [['win', 'Winning moves'], ['unknown', 'Not proved'], ['loss', 'Losing moves']].forEach(function (g) {
      var rows = a.moves.filter(function (m) { return m.value === g[0]; });
      if (!rows.length) return;
      var head = table.insertRow();
      head.className = 'group';
      var cell = head.insertCell();
      cell.colSpan = 3;
      cell.textContent = g[1];
      rows.forEach(function (m) {
        var tr = table.insertRow();
        tr.className = 'move ' + m.value;
        tr.setAttribute('data-move', m.move);
        tr.setAttribute('data-value', m.value);
        tr.setAttribute('data-plies', m.plies === null ? '' : m.plies);
        var child = pos.moves.filter(function (x) { return x.move === m.move; })[0];
        if (child) tr.setAttribute('data-kfen', child.kfen);
        tr.title = provenance(a, m);
        var n = tr.insertCell(); n.className = 'name'; n.textContent = m.move;
        if (child && child.pushed) {
          var note = document.createElement('span');
          note.className = 'push';
          note.textContent = ' ' + pushWords(child.pushed);
          n.appendChild(note);
        }
        var v = tr.insertCell(); v.className = 'value'; v.textContent = valueText(m);
        var r = tr.insertCell(); r.className = 'round'; r.textContent = st.round ? valueText(round[m.move]) : '';
        tr.addEventListener('click', function () { play(m.move); });
      });
    });
  }

  // ---- setting up ------------------------------------------------------------------------------
  function showSelected() {
    var p = st.kfen ? parse(st.kfen) : null, t = p && st.selected ? p.towers[st.selected] : null;
    $('selected-tower').textContent = t ? (t.side === 'b' ? 'Black ' : 'Gold ') + NAMES[LETTERS.indexOf(t.colour)] + ' on ' + st.selected +
      (t.rank ? ', ' + t.rank + ' ring' + (t.rank > 1 ? 's' : '') : '') : 'none';
    $('ring-more').disabled = !t || t.rank >= 4;
    $('ring-less').disabled = !t || t.rank <= 0;
  }
  function syncSetup() {
    var p = parse(st.kfen);
    $('side').value = p.side;
    $('tower').value = p.tower;
    $('target').value = p.match ? String(p.match[0]) : '0';
    $('score-b').value = p.match ? p.match[1] : 0;
    $('score-g').value = p.match ? p.match[2] : 0;
    $('score-b').disabled = $('score-g').disabled = !p.match;
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

  // The efforts offered: up to what the server allows (or, offline, the page itself).
  function efforts(server) {
    var budget = $('budget'), keep = +budget.value || server.default_ms || 5000;
    budget.innerHTML = '';
    [1, 5, 10, 30, 60, 120, 300, 600, 1800, 3600].forEach(function (s) {
      if (s * 1000 > server.max_ms) return;
      var o = document.createElement('option');
      o.value = String(s * 1000);
      o.textContent = seconds(s * 1000);
      budget.appendChild(o);
    });
    budget.value = String(keep);
    if (budget.selectedIndex < 0) budget.value = '5000';
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
    $('back').addEventListener('click', function () { if (st.at > 0) { st.at--; load(st.history[st.at], 'move'); } });
    $('forward').addEventListener('click', function () { if (st.at < st.history.length - 1) { st.at++; load(st.history[st.at], 'move'); } });
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
    // What the server allows and serves first: the efforts offered, and the puzzles' link only
    // where they are served.
    get('server', {}).catch(function () { return HERE; }).then(function (server) {
      st.server = server;
      efforts(server);
      $('puzzles-link').hidden = !server.puzzles;
      return load(linked, 'push');
    }).then(function (ok) {
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
