// kamisado-wasm: kamisado-lab's rules, proof search and conformance harness in WebAssembly
// (app/wasm/bindings.cpp). Positions are KFEN strings and moves are in rules.md section 6's
// notation ("c1c4", "pass", "fill-left"); errors are KamisadoError with the command line's one line.
//
//   const { load } = require('kamisado-wasm');
//   const k = await load();
//   k.perft(k.START, 2);             // 1150 (rules.md section 7)
//   k.solve(k.START).distance.plies; // 17: Black wins the round
'use strict';

const createKamisado = require('./kamisado_wasm.js');

class KamisadoError extends Error {
  constructor(message) {
    super(message);
    this.name = 'KamisadoError';
  }
}

// Each binding answers JSON text: {"ok": value} or {"error": message}.
function unwrap(text) {
  const a = JSON.parse(text);
  if ('error' in a) throw new KamisadoError(a.error);
  return a.ok;
}

// The user's engine seen through the protocol's replies (bindings.cpp, JsEngine): what it throws
// is a refusal ("error ..."), an answer of the wrong type a failure ("failure: ...").
function adapter(engine) {
  const typeName = (v) => (v === null ? 'null' : Array.isArray(v) ? 'Array' : typeof v);
  const ask = (method, call, reply) => {
    let value;
    try {
      value = call();
    } catch (e) {
      const name = (e && e.name) || 'an exception';
      return `error ${method} threw ${name}` + (e && e.message ? `: ${e.message}` : '');
    }
    return reply(value);
  };
  const text = (call, should) => (v) => (typeof v === 'string' ? v : `failure: ${call} should return ${should}, got ${typeName(v)}`);
  // A list of words, or one string of them as the protocol's hello line gives them.
  const declared = engine.features === undefined ? [] : engine.features;
  const features = typeof declared === 'string' ? declared.split(/\s+/).filter(Boolean) : Array.from(declared, String);
  return {
    name: typeof engine.name === 'string' ? engine.name : (engine.constructor && engine.constructor.name) || 'engine',
    features: features.join(' '),
    setPosition: (kfen) => ask('setPosition', () => engine.setPosition(kfen), () => 'ok'),
    moves: () =>
      ask('moves', () => engine.moves(), (list) => {
        if (list === null || typeof list !== 'object' || typeof list[Symbol.iterator] !== 'function')
          return `failure: moves() should return the legal moves, an array of strings, got ${typeName(list)}`;
        const all = Array.from(list);
        const bad = all.find((m) => typeof m !== 'string');
        return bad === undefined ? ['moves', ...all].join(' ') : `failure: moves() should return strings, got ${typeName(bad)}`;
      }),
    play: (move) => ask('play', () => engine.play(move), text('play()', 'the KFEN after the move, a string')),
    status: () => ask('status', () => engine.status(), text('status()', 'the protocol\'s words, a string ("ongoing", ...)')),
  };
}

// Arguments checked before they cross into WebAssembly, so that a wrong one is a KamisadoError
// in one line, as the command line's, never embind's BindingError or a silent conversion (a
// string split into characters, a number wrapped or truncated: bindings.cpp checks the numbers).
function text(value, name) {
  if (typeof value !== 'string') throw new KamisadoError(`${name} must be a string, not ${typeName(value)}`);
  return value;
}
function number(value, name) {
  if (typeof value !== 'number') throw new KamisadoError(`${name} must be a number, not ${typeName(value)}`);
  return value;
}
function typeName(v) {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}
// Moves as a list of strings, or one string of them separated by spaces ("a1a5 d8d5").
function moveList(moves, name) {
  if (typeof moves === 'string') return moves;
  if (moves === null || typeof moves !== 'object' || typeof moves[Symbol.iterator] !== 'function')
    throw new KamisadoError(`${name} must be a list of moves or one string of them, not ${typeName(moves)}`);
  return Array.from(moves, (m) => text(m, 'a move')).join(' ');
}

async function load(options = {}) {
  const m = await createKamisado(options);
  const checkOne = (move) => {
    if (typeof move !== 'string' || /[ ,]/.test(move)) throw new KamisadoError(`play takes one move, not '${move}': playAll takes a list`);
    return move;
  };
  const k = {
    START: m.START,
    moves: (kfen) => unwrap(m.moves(text(kfen, 'kfen'))),
    play: (kfen, move) => unwrap(m.play(text(kfen, 'kfen'), checkOne(move))),
    playAll: (kfen, moves) => unwrap(m.play(text(kfen, 'kfen'), moveList(moves, 'moves'))),
    status: (kfen, moves = []) => unwrap(m.status(text(kfen, 'kfen'), moveList(moves, 'moves'))),
    perft: (kfen, depth) => unwrap(m.perft(text(kfen, 'kfen'), number(depth, 'perft depth'))),
    divide: (kfen, depth) => unwrap(m.divide(text(kfen, 'kfen'), number(depth, 'divide depth'))),
    solve: (kfen, { goal = 'round', nodes = 0, seconds = 0, hashMb = 64 } = {}) =>
      unwrap(m.solve(text(kfen, 'kfen'), text(goal, 'goal'), number(nodes, 'nodes'), number(seconds, 'seconds'), number(hashMb, 'hashMb'))),
    boardSvg: (kfen) => unwrap(m.boardSvg(text(kfen, 'kfen'))),
    conformanceCorpus: () => unwrap(m.corpus()),
    checkConformance(engine, { depth = 2, games = 20, seed = 1, match = null, allow = [], corpus = null } = {}) {
      const allowed = typeof allow === 'string' ? allow : Array.from(allow).join(',');
      const corpusText = corpus === null ? '' : typeof corpus === 'string' ? corpus : JSON.stringify(corpus);
      const r = unwrap(m.checkConformance(adapter(engine), number(depth, 'depth'), number(games, 'games'), number(seed, 'seed'),
        text(match || '', 'match'), allowed, corpusText));
      return {
        conforms: r.json.conforms,
        verdict: r.json.verdict,
        rules: r.json.deviations.map((d) => d.rule),
        failure: r.json.failure === undefined ? null : r.json.failure,
        json: r.json,
        text: r.text,
      };
    },
  };
  k.assertConforms = (engine, options) => {
    const report = k.checkConformance(engine, options);
    if (!report.conforms) throw new Error(report.verdict + '\n' + report.text);
    return report;
  };
  return k;
}

module.exports = { load, KamisadoError };
