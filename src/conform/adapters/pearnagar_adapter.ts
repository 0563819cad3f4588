// Adapter: pearnagar/kamisado's src/engine (a TypeScript app's rules) behind the kamisado line
// protocol, through kamisado_protocol.ts. Built by scripts/conformance-map.sh, which copies
// their src/engine and src/constants beside this file and compiles them together (their code is
// never kept here).
//
// Their model: board[row][col] with row 0 = rank 8; Player.White starts on row 7 and moves
// first (our Black), Player.Black on row 0 (our Gold). makeMove(state, from, to) plays a move
// and, when the next player is blocked, resolves the forced pass at once (handleDeadlock: the
// turn goes back to the mover with the blocked tower's square colour), or calls the round a Draw
// when the mover is blocked too. The protocol shows that pass as its own move. Single rounds
// without Sumos (their Match mode scores 1 a round and restarts from the set-up, with no rings
// or regrouping): features single-round.
import * as kp from './kamisado_protocol';
import { BOARD_CONFIGS, BoardVariant, GameMode, GameStatus, KamisadoColor, Player } from './constants/gameConstants';
import type { GameState } from './engine/gameState';
import { handleDeadlock, makeMove } from './engine/moveLogic';
import { getAllValidMovesForCurrentTurn, isDeadlocked } from './engine/moveValidator';

const NAMES: Record<string, KamisadoColor> = {
  N: KamisadoColor.Brown, G: KamisadoColor.Green, R: KamisadoColor.Red, Y: KamisadoColor.Yellow,
  K: KamisadoColor.Pink, P: KamisadoColor.Purple, B: KamisadoColor.Blue, O: KamisadoColor.Orange,
};
const LETTER = (c: KamisadoColor): string => Object.keys(NAMES).find((k) => NAMES[k] === c) as string;
const PLAYER = { b: Player.White, g: Player.Black };
const SIDE = (p: Player): 'b' | 'g' => (p === Player.White ? 'b' : 'g');
const squareOf = (row: number, col: number): kp.Square => [col, 7 - row];

class Engine implements kp.Engine {
  private state!: GameState;
  private passing = false;        // the protocol's forced pass, which their engine folds into the move
  private homeRow: string | null = null;  // a position set up with a tower already home

  setPosition(pos: kp.Position): void {
    const ranks = [...pos.towers.values()].some((t) => t.rank > 0);
    if (pos.match || ranks || pos.tower === '*') throw new kp.Refused('single rounds without Sumos only');
    const board = Array.from({ length: 8 }, () => Array(8).fill(null));
    this.homeRow = null;
    for (let rank = 0; rank < 8; rank++)
      for (let file = 0; file < 8; file++) {
        const t = pos.at([file, rank]);
        if (!t) continue;
        board[7 - rank][file] = { color: NAMES[t.colour], player: PLAYER[t.side] };
        if (rank === (t.side === 'b' ? 7 : 0)) this.homeRow = (t.side === 'b' ? 'black' : 'gold') + ' home-row';
      }
    this.state = {
      board, turn: PLAYER[pos.side], activeColor: pos.tower ? NAMES[pos.tower] : null, selectedPiece: null,
      status: GameStatus.Active, isDeadlocked: false, deadlockedPiece: null, moveHistory: [], gameMode: GameMode.Single,
      matchScore: { p1: 0, p2: 0 }, roundNumber: 1, boardConfig: BOARD_CONFIGS[BoardVariant.Standard],
    };
    this.passing = !this.homeRow && this.state.activeColor !== null && isDeadlocked(this.state);
  }

  position(): kp.Position {
    const towers = new Map<string, kp.Tower>();
    this.state.board.forEach((row, r) => row.forEach((piece, c) => {
      if (piece) towers.set(kp.squareName(squareOf(r, c)), { side: SIDE(piece.player), colour: LETTER(piece.color), rank: 0 });
    }));
    return new kp.Position(towers, SIDE(this.state.turn), this.state.activeColor ? LETTER(this.state.activeColor) : null);
  }

  moves(): string[] {
    if (this.status() !== 'ongoing') return [];
    if (this.passing) return ['pass'];
    const out: string[] = [];
    for (const { from, moves } of getAllValidMovesForCurrentTurn(this.state))
      for (const to of moves) out.push(kp.moveName(squareOf(from.row, from.col), squareOf(to.row, to.col)));
    return out;
  }

  play(move: string): kp.Position {
    if (!this.moves().includes(move)) throw new kp.Refused('illegal move ' + move);
    if (move === 'pass') {
      this.state = this.state.isDeadlocked ? { ...this.state, isDeadlocked: false } : handleDeadlock(this.state);
      this.passing = false;
      return this.position();
    }
    const [from, to] = [kp.parseSquare(move.slice(0, 2)), kp.parseSquare(move.slice(2, 4))];
    const before = this.state;
    this.state = makeMove(this.state, { row: 7 - from[1], col: from[0] }, { row: 7 - to[1], col: to[0] });
    if (this.state.isDeadlocked || this.state.status === GameStatus.Draw) {
      // Show the position before their folded pass: the opponent to move, the tower the move named.
      this.passing = this.state.isDeadlocked;
      const shown = this.position();
      shown.side = SIDE(before.turn) === 'b' ? 'g' : 'b';
      shown.tower = kp.squareColour(to);
      if (this.state.status === GameStatus.Draw) this.state = { ...this.state, turn: PLAYER[shown.side], activeColor: NAMES[shown.tower] };
      return shown;
    }
    return this.position();
  }

  status(): string {
    if (this.homeRow) return 'won ' + this.homeRow;
    switch (this.state.status) {
      case GameStatus.WonPlayer1: return 'won black home-row';
      case GameStatus.WonPlayer2: return 'won gold home-row';
      case GameStatus.Draw: throw new kp.Refused('the engine calls the round a draw, which rules.md has not');
      default: return 'ongoing';
    }
  }
}

kp.serve(new Engine(), 'pearnagar-kamisado', ['single-round']);
