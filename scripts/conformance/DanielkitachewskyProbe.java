// Their Position without the adapter. T2: from their own start, White (our Black) plays a1-a2
// (a Purple square) with its Brown tower; which tower do their successors move? M6: the position
// obpky1gn/N5r1/8/8/8/8/8/1GRYKPBO b N, where Black's (their White's) Brown on a7 is blocked on a
// Red square; which tower does their pass hand the turn to? The side and colour to move have no
// setter in their Position, so the probe writes them as the adapter does, by reflection; the
// board is read with the Java kit's KFEN reader.
import java.lang.reflect.Field;
import java.util.List;

import kamisado.Position;

public final class DanielkitachewskyProbe {

  // The square a successor's moved tower left, or "pass".
  static String mover(Position before, Position after) {
    for (int row = 0; row < 8; row++)
      for (int column = 0; column < 8; column++)
        if (before.Get(row, column) != -1 && after.Get(row, column) == -1) return "" + (char) ('a' + column) + (row + 1);
    return "pass";
  }

  static void set(Position p, String name, int value) throws Exception {
    Field f = Position.class.getDeclaredField(name);
    f.setAccessible(true);
    f.setInt(p, value);
  }

  public static void main(String[] args) throws Exception {
    Position start = new Position();
    start.SetInitialPosition();
    Position moved = start.MakeMove(0, 0, 1, 0);
    List<Position> next = moved.GenerateLegalMoves();
    System.out.println("T2: after a1a2 (Brown onto a Purple square) their " + next.size() + " successors move the tower on "
                       + mover(moved, next.get(0)) + " (Gold's Brown); T2 names Gold's Purple, on c8");

    Position p = new Position();
    for (int row = 0; row < 8; row++)
      for (int column = 0; column < 8; column++) p.Set(row, column, -1);
    KamisadoProtocol.Position.parse("obpky1gn/N5r1/8/8/8/8/8/1GRYKPBO b N")
        .towers.forEach((at, t) -> p.Set(at % 8, at / 8, t.black() ? t.colour() : t.colour() + 8));
    set(p, "playerToPlay", 0);
    set(p, "colorToPlay", KamisadoProtocol.LETTERS.indexOf('N'));
    List<Position> passes = p.GenerateLegalMoves();
    Position passed = passes.get(0);
    List<Position> after = passed.GenerateLegalMoves();
    System.out.println("M6: Brown on a7 (a Red square) is blocked: their only successor is a " + mover(p, passed) + ", after which they move the tower on "
                       + (after.isEmpty() ? "(none)" : mover(passed, after.get(0))) + " (Gold's Brown); M6 names Gold's Red, on g7");
  }
}
