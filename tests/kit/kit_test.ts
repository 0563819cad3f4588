// The TypeScript adapter kit (src/conform/adapters/kamisado_protocol.ts): every KFEN of the
// conformance corpus (its start, position and each move's result) is read and written back
// unchanged, every move name is parsed back to its squares, and the request loop answers
// hello, position, bad requests and errors as the protocol says. Exits 1 on the first failure.
import * as kp from '../../src/conform/adapters/kamisado_protocol';

declare const require: (name: string) => any;  // node's, without @types/node
const proc = (globalThis as any).process;
const fail = (what: string): never => { console.error('kit_test: ' + what); proc.exit(1); throw new Error(what); };

const corpus = JSON.parse(require('fs').readFileSync(proc.argv[2], 'utf8'));
let kfens = 0, moves = 0;
for (const c of corpus.cases) {
  const all: string[] = [c.kfen, c.position, ...Object.values(c.after).map((a: any) => a.kfen as string)];
  for (const k of all) {
    const back = kp.Position.parse(k).kfen();
    if (back !== k) fail(`KFEN ${k} came back as ${back}`);
    kfens++;
  }
  for (const m of c.moves as string[]) {
    if (!/^[a-h][1-8][a-h][1-8]$/.test(m)) continue;  // pass, fill-left, fill-right
    const [from, to] = [kp.parseSquare(m.slice(0, 2)), kp.parseSquare(m.slice(2))];
    if (kp.moveName(from, to) !== m) fail(`move ${m} came back as ${kp.moveName(from, to)}`);
    moves++;
  }
}
if (kfens < 100 || moves < 50) fail(`only ${kfens} KFENs and ${moves} moves read`);
if (kp.squareColour([0, 0]) !== 'N' || kp.squareColour([7, 7]) !== 'N' || kp.squareColour([0, 7]) !== 'O') fail('square colours (B3)');

let set = '';
const engine: kp.Engine = {
  setPosition(pos) { set = pos.kfen(); },
  moves() { return ['pass']; },
  play(move) { if (move !== 'pass') throw new kp.Refused('illegal move ' + move); return kp.Position.parse(set); },
  status() { return 'ongoing'; },
};
// An engine whose own code fails: each request answered with the fault named, never a crash.
const faulty: kp.Engine = {
  setPosition(pos) { if (pos.match) throw new TypeError('cannot read properties of undefined\n(reading "score")'); },
  moves() { throw 'no moves'; },  // not even an Error
  play() { throw new RangeError('x'.repeat(300)); },
  status() { return 'ongoing'; },
};
const hello = 'kamisado-protocol 1 kit features sumo';
const expect: [string, string][] = [
  ['hello', hello],
  ['position obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -', 'ok'],
  ['position obpkyrgn/8/8/8/8/8/8/NGRYKPBO x -', 'error not a KFEN: obpkyrgn/8/8/8/8/8/8/NGRYKPBO x -'],
  ['position o+bpkyrgn/8/8/8/8/8/8/NGRYKPBO g o 3:1-0', 'ok'],
  ['play pass', 'position o+bpkyrgn/8/8/8/8/8/8/NGRYKPBO g o 3:1-0'],
  ['play c1c4', 'error illegal move c1c4'],
  ['moves', 'moves pass'],
  ['status', 'status ongoing'],
  ['   ', 'error empty request'],
  ['frobnicate', 'error unknown request frobnicate'],
  ['position obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3', 'error not a match field (target:black-gold): 3'],
];
const expectFaulty: [string, string][] = [
  ['position obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-0', 'error the engine raised TypeError: cannot read properties of undefined (reading "score")'],
  ['moves', 'error the engine raised string: no moves'],
  ['play c1c4', 'error the engine raised RangeError: ' + 'x'.repeat(167) + '...'],
  ['status', 'status ongoing'],
];
for (const [e, cases] of [[engine, expect], [faulty, expectFaulty]] as [kp.Engine, [string, string][]][])
  for (const [line, reply] of cases) {
    const got = kp.answer(e, hello, line);
    if (got !== reply) fail(`'${line}' answered '${got}', not '${reply}'`);
  }
console.log(`kit_test: ${kfens} KFENs, ${moves} moves and ${expect.length + expectFaulty.length} requests as expected`);
