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
// reflection, the only way in. Single rounds without Sumos: features single-round.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import kamisado.Position;

public final class DanielkitachewskyAdapter {
  static final String LETTERS = "NGRYKPBO";
  static final int EMPTY = -1, ANY_COLOR = -1;

  static final class Refused extends Exception {
    Refused(String why) { super(why); }
  }

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

  void setPosition(String[] f) throws Refused {
    if (f.length != 3) throw new Refused("single rounds without a match field only");
    if (f[0].contains("+")) throw new Refused("single rounds without Sumos only");
    Position p = new Position();
    for (int row = 0; row < 8; row++)
      for (int column = 0; column < 8; column++) p.Set(row, column, EMPTY);
    String[] rows = f[0].split("/");
    for (int i = 0; i < 8; i++) {
      int column = 0;
      for (char ch : rows[i].toCharArray()) {
        if (Character.isDigit(ch)) {
          column += ch - '0';
          continue;
        }
        int colour = LETTERS.indexOf(Character.toUpperCase(ch));
        p.Set(7 - i, column++, Character.isUpperCase(ch) ? colour : colour + 8);
      }
    }
    set(p, "playerToPlay", f[1].equals("b") ? 0 : 1);
    set(p, "colorToPlay", f[2].equals("-") ? ANY_COLOR : LETTERS.indexOf(Character.toUpperCase(f[2].charAt(0))));
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

  static String square(int row, int column) { return "" + (char) ('a' + column) + (char) ('1' + row); }

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

  String kfen() {
    StringBuilder sb = new StringBuilder();
    for (int row = 7; row >= 0; row--) {
      int empty = 0;
      for (int column = 0; column < 8; column++) {
        int piece = pos.Get(row, column);
        if (piece == EMPTY) {
          empty++;
          continue;
        }
        if (empty > 0) sb.append(empty);
        empty = 0;
        char letter = LETTERS.charAt(piece % 8);
        sb.append(piece < 8 ? letter : Character.toLowerCase(letter));
      }
      if (empty > 0) sb.append(empty);
      if (row > 0) sb.append('/');
    }
    boolean black = get(pos, "playerToPlay") == 0;
    int colour = get(pos, "colorToPlay");
    sb.append(black ? " b " : " g ");
    sb.append(colour == ANY_COLOR ? '-' : black ? LETTERS.charAt(colour) : Character.toLowerCase(LETTERS.charAt(colour)));
    return sb.toString();
  }

  String status() throws Refused {
    switch (result(pos)) {
      case "WHITE_WINS": return "won black home-row";
      case "BLACK_WINS": return "won gold home-row";
      case "DRAW": throw new Refused("the engine calls the round a draw, which rules.md has not");
      default:
        if (successors().isEmpty()) throw new Refused("the engine has no move and calls the round a draw (a mutual stalemate)");
        return "ongoing";
    }
  }

  public static void main(String[] args) throws Exception {
    DanielkitachewskyAdapter engine = new DanielkitachewskyAdapter();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    for (String line; (line = in.readLine()) != null;) {
      String[] words = line.trim().split("\\s+");
      if (words[0].isEmpty()) continue;
      String reply;
      try {
        switch (words[0]) {
          case "hello" -> reply = "kamisado-protocol 1 danielkitachewsky-Kamisado features single-round";
          case "position" -> {
            engine.setPosition(java.util.Arrays.copyOfRange(words, 1, words.length));
            reply = "ok";
          }
          case "moves" -> reply = ("moves " + String.join(" ", new ArrayList<>(engine.successors().keySet()))).trim();
          case "play" -> {
            Position next = words.length == 2 ? engine.successors().get(words[1]) : null;
            if (next == null) throw new Refused("illegal move " + (words.length > 1 ? words[1] : ""));
            engine.pos = next;
            reply = "position " + engine.kfen();
          }
          case "status" -> reply = "status " + engine.status();
          case "quit" -> {
            return;
          }
          default -> reply = "error unknown request " + words[0];
        }
      } catch (Refused e) {
        reply = "error " + e.getMessage();
      } catch (RuntimeException e) {
        // A fault of their code (or ours) is answered, and the loop goes on.
        e.printStackTrace();
        String what = e.getClass().getSimpleName() + ": " + e.getMessage();
        reply = "error the engine raised " + (what.length() > 150 ? what.substring(0, 150) : what);
      }
      System.out.println(reply);
      System.out.flush();
    }
  }
}
