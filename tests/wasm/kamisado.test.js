// The WebAssembly package (app/wasm) under Node's test runner, against the command line it shares
// its libraries with: perft (rules.md section 7), the legal moves and play (M1-M9, S1-S5), the
// solver's values and distances, every case of the conformance corpus, errors with the CLI's one
// line, and the conformance harness against a JavaScript engine in-process (issue 48).
// Run by ctest (wasm_package): KAMISADO_WASM is the built package, KAMISADO the CLI binary.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const { load, KamisadoError } = require(process.env.KAMISADO_WASM);
const CLI = process.env.KAMISADO;
const ROOT = path.resolve(__dirname, '..', '..');
// A match position with Sumos (S1-S5) and a score (P3), between rounds (test_module.py's).
const SUMO_MATCH = 'o1p2r1O+/3k4/1b2g1B1/3Y4/4y3/1G3P1n/8/N1R1K3 b * 3:1-0';

const cliJson = (...args) => JSON.parse(execFileSync(CLI, [...args, '--json'], { encoding: 'utf8' }));
let k;
test.before(async () => {
  k = await load();
});

test('an ES module imports it by name too', async () => {
  const { pathToFileURL } = require('node:url');
  const esm = await import(pathToFileURL(path.join(process.env.KAMISADO_WASM, 'index.js')).href);
  assert.equal(typeof esm.load, 'function');
  assert.equal(esm.KamisadoError, KamisadoError);
});

test('perft from the set-up matches rules.md section 7', () => {
  assert.deepEqual([1, 2, 3, 4, 5].map((d) => k.perft(k.START, d)), [102, 1150, 11182, 105078, 902410]);
});

test('perft and divide agree with the CLI on a Sumo-rich match position', () => {
  for (let depth = 1; depth <= 5; depth++) assert.equal(k.perft(SUMO_MATCH, depth), cliJson('perft', String(depth), '--kfen', SUMO_MATCH).nodes);
  assert.deepEqual(k.divide(SUMO_MATCH, 3), cliJson('perft', '3', '--kfen', SUMO_MATCH, '--divide').divide);
});

test('moves and play agree with the CLI along a seeded Marathon match', () => {
  let seed = 7;
  const next = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  let p = k.START + ' 15:0-0';
  for (let i = 0; i < 40 && k.moves(p).length; i++) {
    const ours = k.moves(p);
    assert.deepEqual([...ours].sort(), cliJson('moves', p).moves.map((m) => m.move).sort(), p);
    const move = ours[next(ours.length)];
    const after = k.play(p, move);
    assert.equal(after, cliJson('play', '--kfen', p, '--moves', move).kfen);
    p = after;
  }
});

test('status names the winner and how, as show --json does (M7)', () => {
  const won = 'Nbpkyrgn/8/8/8/8/o7/8/1GRYKPBO g o';
  const s = k.status(won);
  assert.equal(s.protocol, 'won black home-row');
  const { protocol, ...shown } = s;
  assert.deepEqual(shown, cliJson('show', won).status);
  assert.deepEqual(k.moves(won), []);
});

test('a bad KFEN and an illegal move throw the CLI\'s one line', () => {
  for (const kfen of ['obpkyrgn/8/8/8/8/8/8/NGRYKPBO x -', 'obpkyrgn/8/8/8\n/8/8/8/NGRYKPBO b -', 'obpkyrgn/8/8/8/8/8/8/NGRYKPBO']) {
    const cli = spawnSync(CLI, ['show', kfen], { encoding: 'utf8' });
    assert.equal(cli.status, 2);
    assert.throws(() => k.moves(kfen), (e) => e instanceof KamisadoError && cli.stderr === `kamisado: error: ${e.message}\n`);
  }
  const cli = spawnSync(CLI, ['play', '--moves', 'h1h8'], { encoding: 'utf8' });
  assert.throws(() => k.play(k.START, 'h1h8'), (e) => cli.stderr === `kamisado: error: ${e.message}\n`);
});

test('solve on the set-up: Black wins in 17 plies, as the CLI says', () => {
  const a = k.solve(k.START);
  const b = cliJson('solve', k.START);
  assert.equal(a.value, 'win');
  assert.equal(a.winner, 'black');
  assert.deepEqual(a.distance, b.distance);
  assert.equal(a.distance.plies, 17);
  assert.equal(a.best, b.best);
  // The same search node for node, and the same answer but for its timing (present/search_answer.h).
  const untimed = ({ seconds, nodes_per_second, ...rest }) => rest;
  assert.deepEqual(untimed(a), untimed(b));
});

test('solve agrees with the solver suite on a sample, and a budget leaves the value unknown', () => {
  const suite = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/data/solver_suite.json'), 'utf8')).positions;
  for (let i = 0; i < suite.length; i += Math.ceil(suite.length / 8)) {
    const a = k.solve(suite[i].kfen);
    assert.equal(a.value, suite[i].value, suite[i].kfen);
    assert.equal(a.winner, suite[i].winner, suite[i].kfen);
    assert.equal(a.distance.plies, suite[i].plies, suite[i].kfen);
  }
  assert.equal(k.solve(k.START + ' 3:0-0', { goal: 'match', nodes: 20000 }).value, 'unknown');
  assert.throws(() => k.solve(k.START, { goal: 'match' }), /needs a match position/);
});

test('the package\'s corpus is the CLI\'s, and it agrees with every case', () => {
  const corpus = JSON.parse(execFileSync(CLI, ['corpus'], { encoding: 'utf8' }));
  assert.deepEqual(k.conformanceCorpus(), corpus);
  for (const c of corpus.cases) {
    const p = k.playAll(c.kfen, c.setup);
    assert.equal(p, c.position, c.name);
    assert.equal(k.status(c.kfen, c.setup).protocol, c.status, c.name);
    assert.deepEqual([...k.moves(p)].sort(), c.moves, c.name);
    for (const [move, after] of Object.entries(c.after)) {
      // The status with the move that led there: a deadlock caused by a push is not in the KFEN (section 6).
      assert.deepEqual([k.play(p, move), k.status(p, [move]).protocol], [after.kfen, after.status], `${c.name}: ${move}`);
    }
  }
});

test('the board as SVG', () => {
  const svg = k.boardSvg(k.START);
  assert.match(svg, /^<svg/);
  assert.equal((svg.match(/<rect/g) || []).length >= 64, true);
});

// A JavaScript engine, as an author writes one, here on top of the package itself; with
// `noExtraTurn` a planted fault: after a Sumo's push the opponent moves (S4: the pusher does).
class JsEngine {
  constructor(noExtraTurn = false) {
    this.name = noExtraTurn ? 'js-no-extra-turn' : 'js-engine';
    this.noExtraTurn = noExtraTurn;
  }
  setPosition(kfen) {
    k.moves(kfen);  // throws on a bad KFEN: a refusal
    this.kfen = this.before = kfen;
    this.last = [];
  }
  moves() {
    return k.moves(this.kfen).reverse();  // any order
  }
  play(move) {
    const before = this.kfen.split(' ');
    const after = k.play(this.kfen, move).split(' ');
    const pushed = move.length === 4 && after[1] === before[1] && k.status(after.join(' ')).protocol === 'ongoing';
    if (this.noExtraTurn && pushed) {
      // The opponent moves, its tower of the follow-up colour (the designated letter's case is its side).
      after[1] = after[1] === 'b' ? 'g' : 'b';
      after[2] = after[2] === after[2].toUpperCase() ? after[2].toLowerCase() : after[2].toUpperCase();
    }
    [this.before, this.last] = [this.kfen, [move]];
    return (this.kfen = after.join(' '));
  }
  status() {
    // From the position before the last move and that move: the KFEN alone does not say whether
    // a push caused a deadlock (section 6).
    return k.status(this.before, this.last).protocol;
  }
}

const OPTIONS = { depth: 2, games: 10, seed: 1, match: 'standard' };

test('a JavaScript engine in-process conforms as the fixture does over the protocol', () => {
  const report = k.assertConforms(new JsEngine(), OPTIONS);
  assert.match(report.verdict, /^js-engine conforms to rules\.md \(\d+ positions checked, 10 play-outs\)$/);
  const fixture = `python3 ${path.join(ROOT, 'tests/fixtures/kamisado_engine.py')}`;
  const cli = JSON.parse(spawnSync(CLI, ['conform', '--engine', fixture, '--depth', '2', '--random', '10', '--seed', '1', '--match', 'standard', '--json'],
                                   { encoding: 'utf8' }).stdout);
  assert.deepEqual(report.json.sources, cli.sources);
});

test('a planted fault fails with its one rule (S4), and allowed it conforms except S4', () => {
  const report = k.checkConformance(new JsEngine(true), OPTIONS);
  assert.equal(report.conforms, false);
  assert.deepEqual(report.rules, ['S4']);
  assert.throws(() => k.assertConforms(new JsEngine(true), OPTIONS), /DIFFERS from rules\.md on S4 /);
  assert.match(k.checkConformance(new JsEngine(true), { ...OPTIONS, allow: ['S4'] }).verdict, /conforms to rules\.md except S4 \(/);
});

test('an engine that answers the wrong type fails; one that throws refuses', () => {
  class NoKfen extends JsEngine {
    play(move) {
      super.play(move);
    }
  }
  assert.equal(k.checkConformance(new NoKfen(), OPTIONS).failure, 'play() should return the KFEN after the move, a string, got undefined');
  class BlackOnly extends JsEngine {
    setPosition(kfen) {
      if (kfen.split(' ')[1] === 'g') throw new RangeError('this engine plays Black only');
      super.setPosition(kfen);
    }
  }
  const r = k.checkConformance(new BlackOnly(), OPTIONS);
  const refused = r.json.deviations.find((d) => d.rule === 'refused');
  assert.equal(refused.smallest.theirs, 'error setPosition threw RangeError: this engine plays Black only');
  assert.throws(() => k.checkConformance(new JsEngine(), { allow: ['M99'] }), /allow: 'M99' is not a rule ID of rules\.md/);
  // A corpus given is checked as a corpus file is: JSON, and its expectations this engine's.
  assert.throws(() => k.checkConformance(new JsEngine(), { corpus: '{' }), (e) => e instanceof KamisadoError && /^the corpus given is not JSON: /.test(e.message));
  const corpus = k.conformanceCorpus();
  corpus.cases[0].moves = corpus.cases[0].moves.slice(1);
  assert.throws(() => k.checkConformance(new JsEngine(), { corpus }),
                (e) => e.message === `the corpus given, case '${corpus.cases[0].name}': its expectations differ from this engine's`);
  class SingleRounds extends JsEngine {
    features = 'single-round sumo';  // one string of words, as the protocol's hello gives them
  }
  assert.deepEqual(k.checkConformance(new SingleRounds(), { depth: 1, games: 2 }).json.features, ['single-round', 'sumo']);
  class Typo extends JsEngine {
    features = ['single_round'];
  }
  assert.equal(k.checkConformance(new Typo(), { depth: 1, games: 2 }).failure,
               "js-engine.features declares the unknown feature 'single_round' (the features are single-round, sumo and match)");
});

// Issue 67 (the fourth outside audit): every argument out of range or of the wrong kind is a
// KamisadoError in one line, never a trap, a wrapped or truncated number, a silent one-bucket
// table or embind's BindingError.
test('numbers out of range and values of the wrong kind are one-line KamisadoErrors', () => {
  const refused = [
    [() => k.solve(k.START, { hashMb: 4095 }), /^hashMb: a search table of 4095 MB does not fit/],
    [() => k.solve(k.START, { hashMb: 2 ** 31 - 1 }), /^hashMb must be a whole number from 1 to 65536/],
    [() => k.solve(k.START, { hashMb: 4096 }), /does not fit/],
    [() => k.solve(k.START, { hashMb: 6000 }), /does not fit/],
    [() => k.solve(k.START, { hashMb: 0 }), /^hashMb must be a whole number/],
    [() => k.solve(k.START, { seconds: NaN }), /^seconds must be a number of seconds from 0/],
    [() => k.solve(k.START, { seconds: -1 }), /^seconds/],
    [() => k.solve(k.START, { nodes: 1e30 }), /^nodes must be a whole number/],
    [() => k.perft(k.START, 2 ** 32 + 2), /^perft depth must be a whole number from 0 to 30, not 4294967298$/],
    [() => k.perft(k.START, 2.9), /^perft depth must be a whole number/],
    [() => k.perft(k.START, NaN), /^perft depth/],
    [() => k.perft(k.START, '2'), /^perft depth must be a number, not string$/],
    [() => k.moves(42), /^kfen must be a string, not number$/],
    [() => k.play(null, 'a1a2'), /^kfen must be a string, not null$/],
    [() => k.playAll(k.START, 7), /^moves must be a list of moves or one string of them/],
  ];
  for (const [call, message] of refused) {
    assert.throws(call, (e) => e instanceof KamisadoError && message.test(e.message) && !e.message.includes('\n'), String(call));
  }
  // One string of moves is the list it names, not its characters.
  assert.equal(k.playAll(k.START, 'a1a5 d8d5'), k.playAll(k.START, ['a1a5', 'd8d5']));
  assert.equal(k.perft(k.START, 2), 1150);
});

test('a seeded fuzz of the arguments throws only KamisadoError, and the module lives on', () => {
  let seed = 67;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const values = [0, 1, 2, -1, 2 ** 31 - 1, 2 ** 32 + 2, 2 ** 53, 1e300, 0.5, 2.9, -0, NaN, Infinity, -Infinity, true, null, undefined, '3', [], {}];
  const late = 'o1p5/B1R1K1N1/8/1y1g3Y/2P5/1b6/3k1r1n/1G5O b O';
  const calls = [
    (v) => k.perft(late, v),
    (v) => k.divide(late, v),
    (v) => k.solve(late, { nodes: v, seconds: 0.2 }),
    (v) => k.solve(late, { seconds: v, nodes: 2000 }),
    (v) => k.solve(late, { hashMb: v, nodes: 2000 }),
    (v) => k.moves(v),
    (v) => k.playAll(late, v),
  ];
  for (let i = 0; i < 300; i++) {
    const call = calls[Math.floor(random() * calls.length)], v = values[Math.floor(random() * values.length)];
    if (call === calls[0] && typeof v === 'number' && v > 6 && v <= 30) continue;  // a real count that would take long
    try {
      call(v);
    } catch (e) {
      assert.ok(e instanceof KamisadoError, `${e.name}: ${e.message}`);
      assert.ok(!e.message.includes('\n'), e.message);
    }
  }
  assert.equal(k.perft(k.START, 2), 1150);
});
