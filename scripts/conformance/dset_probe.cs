// Their GameState on the corpus case "no push on the free first move", set up by hand: a free
// move (no tower to move) where Black's Sumo on c3 faces Gold's pink tower on c4.
using System;
using System.Collections.Generic;
using System.Drawing;
using Kamisado;
class Probe {
  static void Main() {
    var pieces = new List<Piece>();
    string black = "NG_YKPBO", gold = "OB_KYRGN";  // rank 1 a..h and rank 8 a..h; red and purple moved
    string colours = "NGRYKPBO";
    for (int x = 0; x < 8; x++) {
      if (black[x] != '_') pieces.Add(new Piece(false, new Point(x, 7), (PieceColor)colours.IndexOf(black[x]), 0));
      if (gold[x] != '_') pieces.Add(new Piece(true, new Point(x, 0), (PieceColor)colours.IndexOf(gold[x]), 0));
    }
    pieces.Add(new Piece(false, new Point(2, 5), PieceColor.Red, 1));     // R+ on c3
    pieces.Add(new Piece(true, new Point(2, 4), PieceColor.Purple, 0));   // p on c4
    var state = new GameState(pieces, null);
    foreach (IMove m in state.PossibleMoves)
      if (m.GetType().Name == "SumoPushMove") Console.WriteLine("unreachable: free move, PossibleMoves holds " + m);
  }
}
