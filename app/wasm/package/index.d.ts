// Types of kamisado-wasm (index.js). Rule IDs are rules.md's; KFEN and move notation its section 6.

/** What was given is wrong (a KFEN, a move, a goal, an option): the command line's one line. */
export class KamisadoError extends Error {}

/** `kamisado show --json`'s status, with the line protocol's words. */
export interface Status {
  state: 'ongoing' | 'between-rounds' | 'won' | 'match-won';
  /** When won: who, how (M7 home-row, M8 deadlock) and the tower that won the ring (P2). */
  winner?: 'black' | 'gold';
  reason?: 'home-row' | 'deadlock';
  ring_tower?: string;
  /** One line for people: "Gold to move the Pink tower on d8". */
  text: string;
  /** "ongoing", "between-rounds", "won black home-row" (M7), "won gold deadlock" (M8), "match-won black" (P3). */
  protocol: string;
}

/** Who wins and how fast: `kamisado solve --json` without what needs files (the proof, the checkpoint). */
export interface Solution {
  kfen: string;
  goal: string;
  side_to_move: 'black' | 'gold';
  /** For the side to move; "unknown" when the budget ran out first. */
  value: 'win' | 'loss' | 'unknown';
  /** When the value is known. */
  winner?: 'black' | 'gold';
  /** The winner's fastest win (once the plies are exact; before, a proved win), or the loser's longest defence. */
  best?: string;
  /** Exact: the least plies the winner needs against the longest defence, and the winner's own moves (null if not proved). */
  distance?: { plies: number; winner_moves: number | null };
  /** What was proved of the plies when the budget ran out before they were exact. */
  distance_bounds?: { at_least: number; at_most: number };
  nodes: number;
  seconds: number;
  nodes_per_second: number;
  root_pn: number;
  root_dn: number;
}

export interface SolveOptions {
  /** "round" (default), "match" (P3, across rounds) or "ring:P" (P2). */
  goal?: string;
  /** A budget: 0 is none. */
  nodes?: number;
  seconds?: number;
  /** The search's table, in MiB (default 64). */
  hashMb?: number;
}

/**
 * A Kamisado engine written in JavaScript or TypeScript, checked in-process. Its state is the
 * position last set up. Throwing refuses a request; returning the wrong type fails the check.
 */
export interface Engine {
  name?: string;
  /** What it plays: "single-round", "sumo", "match" (default: everything); a list, or one string of words. */
  features?: string[] | string;
  setPosition(kfen: string): void;
  moves(): Iterable<string>;
  /** Plays the move; returns the KFEN after it. */
  play(move: string): string;
  /** The line protocol's words ("ongoing", "won black home-row", ...). */
  status(): string;
}

export interface ConformanceOptions {
  /** The walk's depth from the set-up and the built-in roots (default 2). */
  depth?: number;
  /** Seeded random play-outs (default 20). */
  games?: number;
  seed?: number;
  /** Play-outs as matches to this target: "standard", "long", "marathon" or points (P3). */
  match?: string | null;
  /** Rule IDs the author knows the engine deviates from. */
  allow?: string[] | string;
  /** Another conformance corpus (its JSON, or the parsed object). */
  corpus?: string | object | null;
}

export interface ConformanceReport {
  conforms: boolean;
  /** One line an author can cite: "my-engine conforms to rules.md (N positions checked, M play-outs)". */
  verdict: string;
  /** The rule IDs it deviates from, in rules.md order. */
  rules: string[];
  failure: string | null;
  /** As `kamisado conform --json`. */
  json: any;
  /** As `kamisado conform` prints it. */
  text: string;
}

export interface Kamisado {
  /** The set-up of a single round (T1). */
  START: string;
  /** The legal moves (M1-M9, S1-S5; a forced pass is "pass", the Defender's regrouping "fill-left"/"fill-right"). */
  moves(kfen: string): string[];
  /** The position after the move; KamisadoError if it is not legal there. */
  play(kfen: string, move: string): string;
  /** The position after each move in turn (as `kamisado play --moves`): a list, or one string of them ("a1a5 d8d5"). */
  playAll(kfen: string, moves: Iterable<string> | string): string;
  /**
   * The status where `moves` (default none) lead from `kfen`. A KFEN alone cannot tell a deadlock
   * caused by a push (section 6), whose winner differs (M8): give the position before the move that
   * ended the round, and that move.
   */
  status(kfen: string, moves?: Iterable<string> | string): Status;
  /** Move sequences of `depth` plies, 0 to 30 (rules.md section 7). A number that is no whole number in range is a KamisadoError. */
  perft(kfen: string, depth: number): number;
  divide(kfen: string, depth: number): Record<string, number>;
  solve(kfen: string, options?: SolveOptions): Solution;
  /** The board as SVG: its colours and towers. */
  boardSvg(kfen: string): string;
  /** The built-in conformance corpus (`kamisado corpus`). */
  conformanceCorpus(): { format: string; version: number; cases: any[] };
  /** `kamisado conform` against an engine object, in-process. */
  checkConformance(engine: Engine, options?: ConformanceOptions): ConformanceReport;
  /** checkConformance, throwing with the whole report unless the engine conforms. */
  assertConforms(engine: Engine, options?: ConformanceOptions): ConformanceReport;
}

/** Instantiates the WebAssembly module. */
export function load(options?: object): Promise<Kamisado>;
