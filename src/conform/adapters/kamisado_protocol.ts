// The kamisado line protocol around your rules module: KFEN, moves and the request loop, for
// engines in TypeScript or JavaScript (docs/conformance.md). The same helpers as
// kamisado_protocol.py:
//
//   import * as kp from './kamisado_protocol';
//   const engine: kp.Engine = {
//     setPosition(pos) { ... },          // throw new kp.Refused('...') to refuse it
//     moves() { return [...]; },         // the legal moves in rules.md notation ('c1c4', 'pass')
//     play(move) { ...; return pos; },   // the position after it; throw kp.Refused if illegal
//     status() { return 'ongoing'; },    // 'won black home-row', 'won gold deadlock', ...
//   };
//   kp.serve(engine, 'my-engine', ['single-round']);
//
// Squares are [file, rank], 0-based: [0, 0] is a1, Black's left corner (rules.md B1). A tower
// is { side: 'b' | 'g', colour: one of COLOURS (B2), rank: 0-4 rings (S1) }. An exception of
// your own code (anything but Refused) is answered 'error the engine raised TypeError: ...', its
// stack on stderr, and the loop goes on. Node's standard library only; compiles with tsc 4.8 or
// later, with or without @types/node.

export const COLOURS = 'NGRYKPBO';  // brown green red yellow pink purple blue orange (B2)
// B3: the colour letter of each square, ranks 1..8, files a..h.
export const SQUARE_COLOURS = ['NGRYKPBO', 'PNYBGKOR', 'BYNPROKG', 'YRGNOBPK', 'KPBONGRY', 'GKORPNYB', 'ROKGBYNP', 'OBPKYRGN'];

export type Square = [number, number];
export interface Tower { side: 'b' | 'g'; colour: string; rank: number; }
export class Refused extends Error {}

export const squareColour = (s: Square): string => SQUARE_COLOURS[s[1]][s[0]];
export const squareName = (s: Square): string => 'abcdefgh'[s[0]] + String(s[1] + 1);
export const moveName = (from: Square, to: Square): string => squareName(from) + squareName(to);
export function parseSquare(text: string): Square {
  if (!/^[a-h][1-8]$/.test(text)) throw new Refused('not a square: ' + text);
  return ['abcdefgh'.indexOf(text[0]), Number(text[1]) - 1];
}

// One KFEN (rules.md §6). `tower`: a colour letter, null on a free move (T1), '*' between rounds.
export class Position {
  constructor(public towers: Map<string, Tower>, public side: 'b' | 'g', public tower: string | null,
              public match: [number, number, number] | null = null) {}

  static key(s: Square): string { return squareName(s); }
  at(s: Square): Tower | undefined { return this.towers.get(squareName(s)); }

  static parse(kfen: string): Position {
    const f = kfen.trim().split(/\s+/);
    if ((f.length !== 3 && f.length !== 4) || (f[1] !== 'b' && f[1] !== 'g')) throw new Refused('not a KFEN: ' + kfen);
    const rows = f[0].split('/');
    if (rows.length !== 8) throw new Refused('a KFEN board has 8 ranks: ' + kfen);
    const towers = new Map<string, Tower>();
    rows.forEach((row, i) => {
      let file = 0;
      for (let j = 0; j < row.length; ) {
        if (/[1-8]/.test(row[j])) { file += Number(row[j]); j++; continue; }
        if (!COLOURS.includes(row[j].toUpperCase())) throw new Refused('not a tower letter: ' + row[j]);
        let rings = 0;
        while (row[j + 1 + rings] === '+') rings++;
        towers.set(squareName([file, 7 - i]), { side: row[j] === row[j].toUpperCase() ? 'b' : 'g', colour: row[j].toUpperCase(), rank: rings });
        file++; j += 1 + rings;
      }
    });
    const tower = f[2] === '-' ? null : f[2] === '*' ? '*' : f[2].toUpperCase();
    let match: [number, number, number] | null = null;
    if (f.length === 4) {
      const m = /^(\d+):(\d+)-(\d+)$/.exec(f[3]);
      if (!m) throw new Refused('not a match field (target:black-gold): ' + f[3]);
      match = [Number(m[1]), Number(m[2]), Number(m[3])];
    }
    return new Position(towers, f[1] as 'b' | 'g', tower, match);
  }

  kfen(): string {
    const rows: string[] = [];
    for (let rank = 7; rank >= 0; rank--) {
      let row = '', empty = 0;
      for (let file = 0; file < 8; file++) {
        const t = this.at([file, rank]);
        if (!t) { empty++; continue; }
        row += (empty ? String(empty) : '') + (t.side === 'b' ? t.colour : t.colour.toLowerCase()) + '+'.repeat(t.rank);
        empty = 0;
      }
      rows.push(row + (empty ? String(empty) : ''));
    }
    const tower = this.tower === null ? '-' : this.tower === '*' ? '*' : this.side === 'b' ? this.tower : this.tower.toLowerCase();
    return rows.join('/') + ' ' + this.side + ' ' + tower + (this.match ? ` ${this.match[0]}:${this.match[1]}-${this.match[2]}` : '');
  }
}

export interface Engine {
  setPosition(pos: Position): void;
  moves(): string[];
  play(move: string): Position;
  status(): string;
}

// Answers the protocol's requests with `engine` until 'quit' or the end of input. Node's
// process is reached through globalThis, so that no type definitions are needed.
export function serve(engine: Engine, name: string, features: string[] = []): void {
  const hello = 'kamisado-protocol 1 ' + name + (features.length ? ' features ' + features.join(' ') : '');
  const proc = (globalThis as any).process;
  let pending = '';
  proc.stdin.setEncoding('utf8');
  proc.stdin.on('data', (chunk: string) => {
    pending += chunk;
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (line.trim() === 'quit') proc.exit(0);
      proc.stdout.write(answer(engine, hello, line) + '\n');
    }
  });
}

// The reply to one request line (exported for the kit's test).
export function answer(engine: Engine, hello: string, line: string): string {
  const words = line.trim().split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return 'error empty request';
  try {
    if (words[0] === 'hello') return hello;
    if (words[0] === 'position') { engine.setPosition(Position.parse(words.slice(1).join(' '))); return 'ok'; }
    if (words[0] === 'moves') return ['moves', ...engine.moves()].join(' ');
    if (words[0] === 'play' && words.length === 2) return 'position ' + engine.play(words[1]).kfen();
    if (words[0] === 'status') return 'status ' + engine.status();
    return 'error unknown request ' + words[0].slice(0, 40);
  } catch (e) {
    if (e instanceof Refused) return 'error ' + (e.message || 'refused');
    // The engine's own fault: named in the reply (its stack on stderr, which the harness quotes),
    // and the loop goes on.
    (globalThis as any).process?.stderr.write((e instanceof Error && e.stack ? e.stack : String(e)) + '\n');
    return 'error ' + engineFault(e);
  }
}

// The reply's text for an exception of the engine's own code: its type and message, one line.
export function engineFault(e: unknown): string {
  const type = e instanceof Error ? e.constructor.name : typeof e;
  const message = (e instanceof Error ? e.message : String(e)).split(/\s+/).filter((w) => w.length > 0).join(' ');
  const text = 'the engine raised ' + type + (message ? ': ' + message : '');
  return text.length <= 200 ? text : text.slice(0, 197) + '...';
}
