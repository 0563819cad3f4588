// The adapter kit for engines in Java: the kamisado line protocol's request loop and KFEN, the
// standard library only, as kamisado_protocol.py and kamisado_protocol.ts are for Python and
// TypeScript (docs/conformance.md). An adapter implements Engine, translating between a
// KamisadoProtocol.Position and its engine's own model, and calls serve(engine).
//
// Squares are (file, rank), both 0-7 (a1 = (0, 0)); colours are indices into LETTERS, the order
// of rules.md's letters N G R Y K P B O; a tower's rank is its number of rings.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.List;
import java.util.TreeMap;

public final class KamisadoProtocol {
  public static final String LETTERS = "NGRYKPBO";

  private KamisadoProtocol() {}

  // The engine declines a request: answered `error <message>`.
  public static final class Refused extends Exception {
    public Refused(String why) { super(why); }
  }

  public record Tower(boolean black, int colour, int rank) {}

  // One KFEN (rules.md §6): the towers by square, the side and tower to move, the match.
  public static final class Position {
    public final TreeMap<Integer, Tower> towers = new TreeMap<>();  // by file * 8 + rank
    public boolean blackToMove;
    public String tower = "-";  // "-" a free choice, "*" between rounds, else the colour's letter
    public int target, black, gold;  // target 0: a single round

    public Tower at(int file, int rank) { return towers.get(file * 8 + rank); }
    public void put(int file, int rank, Tower t) { towers.put(file * 8 + rank, t); }
    // The designated colour, or -1 on a free choice or between rounds.
    public int designated() { return tower.equals("-") || tower.equals("*") ? -1 : LETTERS.indexOf(Character.toUpperCase(tower.charAt(0))); }
    public void designate(int colour) { tower = blackToMove ? LETTERS.substring(colour, colour + 1) : LETTERS.substring(colour, colour + 1).toLowerCase(); }

    public static Position parse(String kfen) throws Refused {
      String[] f = kfen.trim().split("\\s+");
      if (f.length < 3 || f.length > 4) throw new Refused("KFEN: 3 or 4 fields expected");
      Position p = new Position();
      String[] rows = f[0].split("/");
      if (rows.length != 8) throw new Refused("KFEN: 8 ranks expected");
      for (int i = 0; i < 8; i++) {
        int file = 0;
        String row = rows[i];
        for (int j = 0; j < row.length(); j++) {
          char ch = row.charAt(j);
          if (Character.isDigit(ch)) {
            file += ch - '0';
            continue;
          }
          int colour = LETTERS.indexOf(Character.toUpperCase(ch));
          if (colour < 0 || file > 7) throw new Refused("KFEN: bad board at '" + ch + "'");
          int rings = 0;
          while (j + 1 < row.length() && row.charAt(j + 1) == '+') {
            rings++;
            j++;
          }
          p.put(file++, 7 - i, new Tower(Character.isUpperCase(ch), colour, rings));
        }
      }
      p.blackToMove = f[1].equals("b");
      p.tower = f[2];
      if (f.length == 4) {
        String[] m = f[3].split("[:-]");
        try {
          if (m.length != 3) throw new NumberFormatException();
          p.target = Integer.parseInt(m[0]);
          p.black = Integer.parseInt(m[1]);
          p.gold = Integer.parseInt(m[2]);
        } catch (NumberFormatException e) {
          throw new Refused("not a match field (target:black-gold): " + f[3]);
        }
      }
      return p;
    }

    public String kfen() {
      StringBuilder sb = new StringBuilder();
      for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
          Tower t = at(file, rank);
          if (t == null) {
            empty++;
            continue;
          }
          if (empty > 0) sb.append(empty);
          empty = 0;
          char letter = LETTERS.charAt(t.colour());
          sb.append(t.black() ? letter : Character.toLowerCase(letter)).append("+".repeat(t.rank()));
        }
        if (empty > 0) sb.append(empty);
        if (rank > 0) sb.append('/');
      }
      sb.append(blackToMove ? " b " : " g ").append(tower);
      if (target > 0) sb.append(" ").append(target).append(":").append(black).append("-").append(gold);
      return sb.toString();
    }
  }

  public static String square(int file, int rank) { return "" + (char) ('a' + file) + (char) ('1' + rank); }

  public interface Engine {
    String name();
    // "single-round", "sumo", "match" as the engine plays them; empty: everything.
    List<String> features();
    void setPosition(Position pos) throws Refused;
    List<String> moves() throws Refused;
    // The position after `move`.
    Position play(String move) throws Refused;
    // "ongoing", "between-rounds", "won black home-row", "match-won gold", ...
    String status() throws Refused;
  }

  // The request loop on standard input and output. A refusal is answered `error <why>`; an
  // exception of the engine's own code `error the engine raised TYPE: message` (its stack on
  // standard error), and the loop goes on.
  public static void serve(Engine engine) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    for (String line; (line = in.readLine()) != null;) {
      String[] words = line.trim().split("\\s+", 2);
      if (words[0].isEmpty()) continue;
      String reply;
      try {
        reply = switch (words[0]) {
          case "hello" -> ("kamisado-protocol 1 " + engine.name() + (engine.features().isEmpty() ? "" : " features " + String.join(" ", engine.features())));
          case "position" -> {
            engine.setPosition(Position.parse(words.length > 1 ? words[1] : ""));
            yield "ok";
          }
          case "moves" -> ("moves " + String.join(" ", engine.moves())).trim();
          case "play" -> {
            if (words.length < 2 || words[1].contains(" ")) throw new Refused("play takes one move");
            yield "position " + engine.play(words[1]).kfen();
          }
          case "status" -> "status " + engine.status();
          case "quit" -> null;
          default -> "error unknown request " + words[0];
        };
      } catch (Refused e) {
        reply = "error " + e.getMessage();
      } catch (RuntimeException e) {
        e.printStackTrace();
        String what = e.getClass().getSimpleName() + ": " + e.getMessage();
        reply = "error the engine raised " + (what.length() > 150 ? what.substring(0, 150) : what);
      }
      if (reply == null) return;
      System.out.println(reply);
      System.out.flush();
    }
  }
}
