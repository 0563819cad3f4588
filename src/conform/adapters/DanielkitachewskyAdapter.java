// Adapter: danielkitachewsky/Kamisado (Java, "WIP Kamisado board representation": src/kamisado/
// Position.java and Board.java) behind the kamisado line protocol. Built by
// scripts/conformance-map.sh, which compiles this file with their src/kamisado (their code is
// never kept here).
//
// Their model: Position.Get(row, column), row 0 = rank 1; a piece is its colour (0-7 in the order
// N G R Y K P B O, which their Board's colouring matches square by square) plus 8 for BLACK, who
// starts on row 7 (our Gold); WHITE (our Black) moves first. GenerateLegalMoves() returns the
// positions after each legal move, a forced pass included (the same squares, the turn handed
// over); none when it calls a mutual stalemate a draw. Their position has no setter for the side
// and colour to move (nor for its result): a KFEN's are written into its private fields by
// reflection, the only way in. Single rounds without Sumos: features single-round. Through the
// Java kit, KamisadoProtocol.java.
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import kamisado.Position;

public final class DanielkitachewskyAdapter implements KamisadoProtocol.Engine {
  static final int EMPTY = -1, ANY_COLOR = -1;

  Position pos;

  static Field field(String name) {
    try {
      Field f = Position.class.getDeclaredField(name);
      f.setAccessible(true);
      return f;
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException("their Position has no field " + name);
    }
  }

  static int get(Position p, String name) {
    try {
      return field(name).getInt(p);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  static void set(Position p, String name, int value) {
    try {
      field(name).setInt(p, value);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  static String result(Position p) { return p.GetGameResult().name(); }

  @Override public String name() { return "danielkitachewsky-Kamisado"; }
  @Override public List<String> features() { return List.of("single-round"); }

  @Override public void setPosition(KamisadoProtocol.Position k) throws KamisadoProtocol.Refused {
    if (k.target > 0 || k.tower.equals("*")) throw new KamisadoProtocol.Refused("single rounds without a match field only");
    Position p = new Position();
    for (int row = 0; row < 8; row++)
      for (int column = 0; column < 8; column++) p.Set(row, column, EMPTY);
    for (var e : k.towers.entrySet()) {
      KamisadoProtocol.Tower t = e.getValue();
      if (t.rank() > 0) throw new KamisadoProtocol.Refused("single rounds without Sumos only");
      p.Set(e.getKey() % 8, e.getKey() / 8, t.black() ? t.colour() : t.colour() + 8);
    }
    set(p, "playerToPlay", k.blackToMove ? 0 : 1);
    set(p, "colorToPlay", k.tower.equals("-") ? ANY_COLOR : k.designated());
    set(p, "forbiddenColor", -1);
    // A tower already on the opponent's home row has won (their MakeMove's test).
    for (int column = 0; column < 8; column++) {
      if (p.Get(7, column) != EMPTY && p.Get(7, column) < 8) setResult(p, "WHITE_WINS");
      if (p.Get(0, column) >= 8) setResult(p, "BLACK_WINS");
    }
    pos = p;
  }

  static void setResult(Position p, String name) {
    try {
      Field f = field("gameResult");
      f.set(p, Position.GameResult.valueOf(name));
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  static String square(int row, int column) { return KamisadoProtocol.square(column, row); }

  // Their successors, each named by the move that makes it: the square emptied and the one
  // filled, or `pass` where the squares are the same.
  TreeMap<String, Position> successors() {
    TreeMap<String, Position> out = new TreeMap<>();
    List<Position> next = pos.GenerateLegalMoves();
    for (Position q : next) {
      String from = null, to = null;
      for (int row = 0; row < 8; row++)
        for (int column = 0; column < 8; column++) {
          int a = pos.Get(row, column), b = q.Get(row, column);
          if (a != EMPTY && b == EMPTY) from = square(row, column);
          if (a == EMPTY && b != EMPTY) to = square(row, column);
        }
      out.put(from == null ? "pass" : from + to, q);
    }
    return out;
  }

  KamisadoProtocol.Position position() {
    KamisadoProtocol.Position k = new KamisadoProtocol.Position();
    for (int row = 0; row < 8; row++)
      for (int column = 0; column < 8; column++) {
        int piece = pos.Get(row, column);
        if (piece != EMPTY) k.put(column, row, new KamisadoProtocol.Tower(piece < 8, piece % 8, 0));
      }
    k.blackToMove = get(pos, "playerToPlay") == 0;
    int colour = get(pos, "colorToPlay");
    if (colour == ANY_COLOR) k.tower = "-";
    else k.designate(colour);
    return k;
  }

  @Override public List<String> moves() { return new ArrayList<>(successors().keySet()); }

  @Override public KamisadoProtocol.Position play(String move) throws KamisadoProtocol.Refused {
    Position next = successors().get(move);
    if (next == null) throw new KamisadoProtocol.Refused("illegal move " + move);
    pos = next;
    return position();
  }

  @Override public String status() throws KamisadoProtocol.Refused {
    switch (result(pos)) {
      case "WHITE_WINS": return "won black home-row";
      case "BLACK_WINS": return "won gold home-row";
      case "DRAW": throw new KamisadoProtocol.Refused("the engine calls the round a draw, which rules.md has not");
      default:
        if (successors().isEmpty()) throw new KamisadoProtocol.Refused("the engine has no move and calls the round a draw (a mutual stalemate)");
        return "ongoing";
    }
  }

  public static void main(String[] args) throws Exception { KamisadoProtocol.serve(new DanielkitachewskyAdapter()); }
}
