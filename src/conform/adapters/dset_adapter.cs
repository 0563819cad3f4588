// Adapter: dset/Kamisado's C# match engine (a bachelor thesis's, Kamisado/*.cs) behind the
// kamisado line protocol. Built by scripts/conformance-map.sh, which compiles this file with
// their GameState, Board, Piece, Move, SumoPushMove, SumoDazedMove, IMove and PieceColors (never
// kept here) under Debian's mono (mcs).
//
// Their model: Point(X, Y) with Y = 7 the home row of "player one", who moves first in every
// round and moves up (Y falling); "player two" starts on Y = 0. Between rounds
// GameState.GenerateNextRound(end, left) regroups, puts the ring on the winning tower and makes
// the round's loser player one, so the board turns half a turn whenever player one wins. Here
// Black is player one unless Gold moves first (a free move with Gold to move). A push is
// followed by the pushed player's forced "dazed" move, which hands the turn back (S4): the
// adapter plays it at once, as their GameEngine asks the only legal move of the pushed player.
// The score and the match's end are theirs too (MatchEngine: 2^Sumoness to the winner).
// Features: everything (single rounds, Sumos, matches).
using System;
using System.Collections.Generic;
using System.Drawing;
using System.Linq;
using Kamisado;

class Adapter {
  const string Colours = "NGRYKPBO";  // their PieceColor order: Brown Green Red Yellow Pink Purple Blue Orange
  GameState state, roundEnd;  // roundEnd: the state that ended the round, between rounds
  bool blackBottom = true;    // whether Black is their player one
  int target, black, gold;    // the match (target 0: a single round)
  string over;                // "won black home-row", "match-won gold", ...
  Piece dazed;                // a round ended by a push: the pushed tower whose dazed move would follow

  Point ToPoint(int file, int rank) { return blackBottom ? new Point(file, 7 - rank) : new Point(7 - file, rank); }
  int[] FromPoint(Point p) { return blackBottom ? new[] {p.X, 7 - p.Y} : new[] {7 - p.X, p.Y}; }
  bool IsBlack(Piece p) { return p.BelongsToPlayerTwo != blackBottom; }
  string Name(Point p) { var s = FromPoint(p); return "abcdefgh"[s[0]] + (s[1] + 1).ToString(); }

  string SetPosition(string[] f) {
    if (f.Length < 3 || f.Length > 4) return "error not a KFEN";
    target = black = gold = 0;
    if (f.Length == 4) {
      var t = f[3].Split(':'); var sc = t[1].Split('-');
      target = int.Parse(t[0]); black = int.Parse(sc[0]); gold = int.Parse(sc[1]);
    }
    var towers = new List<Tuple<int, int, bool, int, int>>();  // file, rank, black, colour, rings
    var rows = f[0].Split('/');
    for (int i = 0; i < 8; i++) {
      int file = 0;
      for (int j = 0; j < rows[i].Length; j++) {
        char ch = rows[i][j];
        if (char.IsDigit(ch)) { file += ch - '0'; continue; }
        int rings = 0;
        while (j + 1 < rows[i].Length && rows[i][j + 1] == '+') { rings++; j++; }
        towers.Add(Tuple.Create(file++, 7 - i, char.IsUpper(ch), Colours.IndexOf(char.ToUpper(ch)), rings));
      }
    }
    bool blackToMove = f[1] == "b";
    string tower = f[2];
    over = null; roundEnd = null; dazed = null;
    blackBottom = !(tower == "-" && !blackToMove);
    if (tower == "*") {
      // Between rounds: their regrouping needs the round's end, and puts the ring on the tower
      // that won it. Only a home-row win can be set up: that tower, one ring fewer.
      var home = towers.FindIndex(t => t.Item3 == blackToMove && t.Item2 == (blackToMove ? 7 : 0));
      if (home < 0) return "error between rounds after a deadlock their engine needs the round's last move";
      var w = towers[home];
      towers[home] = Tuple.Create(w.Item1, w.Item2, w.Item3, w.Item4, w.Item5 - 1);
    }
    var pieces = towers.Select(t => new Piece(t.Item3 != blackBottom, ToPoint(t.Item1, t.Item2), (PieceColor)t.Item4, t.Item5)).ToList();
    Piece toMove = null;
    if (tower != "-" && tower != "*")
      toMove = pieces.First(p => IsBlack(p) == blackToMove && p.Color == (PieceColor)Colours.IndexOf(char.ToUpper(tower[0])));
    state = new GameState(pieces, toMove);
    if (tower == "*") {
      roundEnd = state;
      var winning = state.PiecePositions[blackToMove != blackBottom ? 1 : 0].First(p => p.Position.Y == (blackToMove == blackBottom ? 0 : 7));
      state.LastMove = new Move(state, winning, winning.Position);  // their WinningPiece reads the last move's square
    }
    else if (state.PlayerTwoWinning.HasValue) over = "won " + Winner() + (AnyHome() ? " home-row" : " deadlock");
    if (target > 0 && (black >= target || gold >= target)) over = "match-won " + (black >= target ? "black" : "gold");
    return "ok";
  }

  string Winner() { return state.PlayerTwoWinning.Value != blackBottom ? "black" : "gold"; }
  bool AnyHome() { return state.PiecePositions[0].Any(p => p.Position.Y == 0) || state.PiecePositions[1].Any(p => p.Position.Y == 7); }

  string Kfen() {
    var rows = new List<string>();
    for (int rank = 7; rank >= 0; rank--) {
      string row = ""; int empty = 0;
      for (int file = 0; file < 8; file++) {
        var pt = ToPoint(file, rank);
        var p = state.BoardPositions[pt.Y][pt.X];
        if (p == null) { empty++; continue; }
        if (empty > 0) row += empty; empty = 0;
        char c = Colours[(int)p.Color];
        int rings = p.Sumoness + (roundEnd != null && p == RingTower() ? 1 : 0);
        row += (IsBlack(p) ? c : char.ToLower(c)) + new string('+', rings);
      }
      rows.Add(row + (empty > 0 ? empty.ToString() : ""));
    }
    string side, tower;
    if (roundEnd != null) { side = Winner() == "black" ? "b" : "g"; tower = "*"; }
    else if (dazed != null) {
      // The round ended at the push; the notation still names the pusher's next tower (S4), which
      // their dazed move would name: the colour of the pushed tower's square.
      side = IsBlack(dazed) ? "g" : "b";
      tower = Colours[(int)Board.Tile[dazed.Position.Y, dazed.Position.X]].ToString();
      if (side == "g") tower = tower.ToLower();
    } else {
      bool blackMoves = state.PieceToMove != null ? IsBlack(state.PieceToMove) : state.IsPlayerTwo != blackBottom;
      side = blackMoves ? "b" : "g";
      tower = state.PieceToMove == null ? "-" : Colours[(int)state.PieceToMove.Color].ToString();
      if (!blackMoves) tower = tower.ToLower();
    }
    return string.Join("/", rows) + " " + side + " " + tower + (target > 0 ? " " + target + ":" + black + "-" + gold : "");
  }

  // Their WinningPiece, which GenerateNextRound rings; between rounds set up, the tower already shown with it.
  Piece RingTower() { return state.LastMove == null ? null : state.WinningPiece; }

  List<Tuple<string, IMove>> Moves() {
    var list = new List<Tuple<string, IMove>>();
    if (over != null) return list;
    if (roundEnd != null) { list.Add(Tuple.Create("fill-left", (IMove)null)); list.Add(Tuple.Create("fill-right", (IMove)null)); return list; }
    foreach (var m in state.PossibleMoves)
      list.Add(Tuple.Create(m.IsTrivial ? "pass" : Name(m.Piece.Position) + Name(m.End), m));
    return list;
  }

  string Play(string text) {
    var move = Moves().FirstOrDefault(m => m.Item1 == text);
    if (move == null) return "error illegal move " + text;
    if (roundEnd != null) {
      bool loserIsBlack = Winner() == "gold";
      state = GameState.GenerateNextRound(roundEnd, text == "fill-left");
      roundEnd = null;
      dazed = null;
      blackBottom = loserIsBlack;  // their new player one is the loser
      return "position " + Kfen();
    }
    move.Item2.Execute();
    if (move.Item2 is SumoPushMove) {
      if (EndOfRound()) dazed = state.PieceToMove;
      else {
        state.PossibleMoves[0].Execute();  // the pushed player's dazed move
        EndOfRound();
      }
    } else {
      EndOfRound();
    }
    return "position " + Kfen();
  }

  bool EndOfRound() {
    if (!state.PlayerTwoWinning.HasValue) return false;
    string winner = Winner();
    if (target == 0) { over = "won " + winner + (AnyHome() ? " home-row" : " deadlock"); return true; }
    int points = 1 << state.WinningPiece.Sumoness;
    if (winner == "black") black += points; else gold += points;
    roundEnd = state;
    if (black >= target || gold >= target) over = "match-won " + winner;
    return true;
  }

  string Status() {
    if (over != null) return over;
    return roundEnd != null ? "between-rounds" : "ongoing";
  }

  static void Main() {
    var a = new Adapter();
    string line;
    while ((line = Console.ReadLine()) != null) {
      var w = line.Split(new[] {' '}, StringSplitOptions.RemoveEmptyEntries);
      string reply;
      if (w.Length == 0) reply = "error empty request";
      else if (w[0] == "quit") return;
      else if (w[0] == "hello") reply = "kamisado-protocol 1 dset-Kamisado";
      else if (w[0] == "position") { try { reply = a.SetPosition(w.Skip(1).ToArray()); } catch (Exception e) { reply = "error " + e.GetType().Name; } }
      else if (w[0] == "moves") reply = string.Join(" ", new[] {"moves"}.Concat(a.Moves().Select(m => m.Item1)));
      else if (w[0] == "play" && w.Length == 2) reply = a.Play(w[1]);
      else if (w[0] == "status") reply = "status " + a.Status();
      else reply = "error unknown request";
      Console.WriteLine(reply);
      Console.Out.Flush();
    }
  }
}
