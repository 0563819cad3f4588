// Adapter: NiklavsM/Kamisado (a Java Swing game, Strathclyde CS207 2016) behind the kamisado
// line protocol. Built by scripts/conformance-map.sh, which compiles this file with their
// src/model and src/player (their code is never kept here), and runs it in a folder of its own:
// their settings and statistics are files in the working folder.
//
// Their model: pieces[x][y], x the file and y the rank (0 = rank 1). "TeamWhite" starts on y = 0
// (our Black), "TeamBlack" on y = 7 (our Gold). A State holds the player who moved last and the
// colour the next player must move; State.calcPieceToMove() hands the turn over and finds that
// tower, calcValidMoves() lists its targets (Sumo pushes included), make() plays one and, after a
// push, keeps the turn with the pusher. GameDriver runs a game: after each move but a round's
// first, playTurn() ends the round on the home row (the moved tower was promoted in Board.move)
// or, through nextTurn(), skips blocked towers and calls a deadlock at the seventh skip in a row,
// then promotes and scores. This adapter plays each real move with make() and asks playTurn()
// (on a copy) whether and how the round ended; a skipped tower is shown as the protocol's
// `pass`, played as nextTurn() plays it. Between rounds, State's regrouping constructor fills
// (as GameDriver.nextRound does). Their game is always a match; a single round is shown as one
// without its score or the ring the win gives (nothing else differs). Features: everything.
// Through the Java kit, KamisadoProtocol.java.
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import model.Board;
import model.GameDriver;
import model.MyObservable;
import model.Piece;
import model.PieceType;
import model.Position;
import model.State;
import player.Player;

public final class NiklavsmAdapter implements KamisadoProtocol.Engine {
  static final String[] NAMES = {"brown", "green", "red", "yellow", "pink", "cyan", "blue", "orange"};
  static final PieceType[] RANKS = {PieceType.Standard, PieceType.Sumo, PieceType.DoubleSumo, PieceType.TripleSumo, PieceType.QuadrupleSumo};

  // A player of theirs that only keeps its team and score.
  static final class Seat extends Player {
    Seat(String team) { super(team, team, false, false); }
    @Override public void getMove(State state) {}
    @Override public int fillHomeRow() { return 0; }
    @Override public void setToFirstMove(boolean first) {}
    @Override public void update(MyObservable o, Object arg) {}
    @Override public void run() {}
  }

  enum Turn { FREE, DESIGNATED, BETWEEN, OVER }

  final Seat white = new Seat("TeamWhite"), black = new Seat("TeamBlack");  // our Black, our Gold
  State state;          // theirs: the player who moved last, and the colour to move next
  Turn turn;
  boolean blackToMove;  // ours
  int designated;       // the colour (index in KamisadoProtocol.LETTERS) to move, when DESIGNATED
  int target;           // the match's target; 0 for a single round
  java.util.Map<String, Integer> roundRanks;  // a single round's ranks by team and colour, as it began (P1)
  String ending = "";   // "black home-row", "gold deadlock", "match-won black", ...

  static int colourIndex(String name) {
    for (int i = 0; i < NAMES.length; i++)
      if (NAMES[i].equals(name)) return i;
    throw new IllegalStateException("unknown colour " + name);
  }

  Seat seat(boolean ourBlack) { return ourBlack ? white : black; }

  // ---- KFEN -------------------------------------------------------------------------------
  @Override public String name() { return "NiklavsM-Kamisado"; }
  @Override public List<String> features() { return List.of(); }

  @Override public void setPosition(KamisadoProtocol.Position pos) {
    target = pos.target;
    blackToMove = pos.blackToMove;
    turn = pos.tower.equals("-") ? Turn.FREE : pos.tower.equals("*") ? Turn.BETWEEN : Turn.DESIGNATED;
    if (turn == Turn.DESIGNATED) designated = pos.designated();
    // Free choice: the mover is their player to move; otherwise the one who moved last.
    Seat mover = seat(turn == Turn.FREE ? blackToMove : !blackToMove);
    state = new State(white, black, mover, false);
    Piece[][] pieces = state.getPieces();
    for (Piece[] column : pieces) java.util.Arrays.fill(column, null);
    pos.towers.forEach((at, t) -> pieces[at / 8][at % 8] = new Piece(t.black() ? "TeamWhite" : "TeamBlack", RANKS[t.rank()], NAMES[t.colour()]));
    if (turn == Turn.DESIGNATED) state.setColourToMove(NAMES[designated]);
    state.setFirstMove(turn == Turn.FREE);
    white.setScore(pos.black);
    black.setScore(pos.gold);
    roundRanks = ranks(state);
    ending = "";
    if (target > 0 && (pos.black >= target || pos.gold >= target)) {
      turn = Turn.OVER;
      ending = "match-won " + (pos.black >= target ? "black" : "gold");
    }
    for (int x = 0; x < 8; x++)  // a tower already on the opponent's home row has won (their gameOver)
      for (int y : new int[] {0, 7}) {
        Piece p = pieces[x][y];
        if (turn != Turn.BETWEEN && turn != Turn.OVER && p != null && (p.getTeam().equals("TeamWhite") ? y == 7 : y == 0)) {
          turn = Turn.OVER;
          ending = (p.getTeam().equals("TeamWhite") ? "black" : "gold") + " home-row";
        }
      }
  }

  static java.util.Map<String, Integer> ranks(State s) {
    java.util.Map<String, Integer> out = new java.util.HashMap<>();
    for (Piece[] column : s.getPieces())
      for (Piece p : column)
        if (p != null) out.put(p.getTeam() + p.getPieceColour(), p.getPieceType().ordinal());
    return out;
  }

  // Their state as a KFEN position.
  KamisadoProtocol.Position position() {
    KamisadoProtocol.Position pos = new KamisadoProtocol.Position();
    Piece[][] pieces = state.getPieces();
    for (int x = 0; x < 8; x++)
      for (int y = 0; y < 8; y++) {
        Piece p = pieces[x][y];
        if (p != null)
          pos.put(x, y, new KamisadoProtocol.Tower(p.getTeam().equals("TeamWhite"), colourIndex(p.getPieceColour()),
                                                   target > 0 ? p.getPieceType().ordinal() : rankInRound(p)));
      }
    pos.blackToMove = blackToMove;
    if (turn == Turn.FREE) pos.tower = "-";
    else if (turn == Turn.BETWEEN || (turn == Turn.OVER && target > 0)) pos.tower = "*";
    else pos.designate(designated);
    pos.target = target;
    pos.black = white.getScore();
    pos.gold = black.getScore();
    return pos;
  }

  // A single round's tower keeps the rank it began the round with: the ring their win gives
  // belongs to a match.
  int rankInRound(Piece p) { return roundRanks.getOrDefault(p.getTeam() + p.getPieceColour(), p.getPieceType().ordinal()); }

  // ---- moves ------------------------------------------------------------------------------
  // Their targets for the tower at `from`, asked of a copy (calcValidMoves keeps state).
  List<String> targets(State s, Position from) {
    List<String> out = new ArrayList<>();
    for (Position to : s.calcValidMoves(from)) out.add(KamisadoProtocol.square(from.getX(), from.getY()) + KamisadoProtocol.square(to.getX(), to.getY()));
    return out;
  }

  @Override public List<String> moves() {
    TreeSet<String> out = new TreeSet<>();
    if (turn == Turn.OVER) return new ArrayList<>(out);
    if (turn == Turn.BETWEEN) return List.of("fill-left", "fill-right");
    State copy = new State(state, state.getBoard());
    if (turn == Turn.FREE) {
      // GameDriver.playerFirstMove: any of the mover's towers on his home row may be chosen.
      int home = blackToMove ? 0 : 7;
      String team = blackToMove ? "TeamWhite" : "TeamBlack";
      for (int x = 0; x < 8; x++) {
        Piece p = copy.getPieces()[x][home];
        if (p != null && p.getTeam().equals(team)) out.addAll(targets(new State(copy, copy.getBoard()), new Position(x, home)));
      }
      return new ArrayList<>(out);
    }
    Position from = copy.calcPieceToMove();
    out.addAll(targets(copy, from));
    if (out.isEmpty()) out.add("pass");  // nextTurn skips the tower: shown as the protocol's pass
    return new ArrayList<>(out);
  }

  @Override public KamisadoProtocol.Position play(String m) throws KamisadoProtocol.Refused {
    advance(m);
    return position();
  }

  void advance(String m) throws KamisadoProtocol.Refused {
    if (!moves().contains(m)) throw new KamisadoProtocol.Refused("illegal move " + m);
    if (m.startsWith("fill")) {
      fill(m.equals("fill-left"));
      return;
    }
    if (m.equals("pass")) {
      // nextTurn: the blocked tower's turn passes; the next colour is that of its square.
      Position from = state.calcPieceToMove();
      Board board = state.getBoard();
      String colour = board.getColourName(board.findColor(from));
      state.setColourToMove(colour);
      designated = colourIndex(colour);
      blackToMove = !blackToMove;
      return;
    }
    Position from = new Position(m.charAt(0) - 'a', m.charAt(1) - '1'), to = new Position(m.charAt(2) - 'a', m.charAt(3) - '1');
    boolean first = turn == Turn.FREE;
    if (!first) from = state.calcPieceToMove();
    state.calcValidMoves(from);
    State next = state.make(to);
    if (next == null) throw new KamisadoProtocol.Refused("their make() refused " + m);
    boolean pushed = state.isSumoPush();
    next.setFirstMove(false);
    // The colour to move next, which State keeps to itself: the tower its own calcPieceToMove finds.
    State look = new State(next, next.getBoard());
    Position nextTower = look.calcPieceToMove();
    String colour = look.getPieces()[nextTower.getX()][nextTower.getY()].getPieceColour();
    int before = white.getScore() + black.getScore(), whiteBefore = white.getScore();
    State after = next;
    boolean over = false;
    if (!first) {  // GameDriver.update: the round's first move goes straight to nextTurn, unchecked
      after = new State(next, next.getBoard());
      GameDriver driver = new GameDriver(white, black, white, Math.max(target, 1), false);
      driver.setState(after);
      over = driver.playTurn(to);
      after = driver.getCurrentState();
      if (over && white.getScore() + black.getScore() == before) throw new KamisadoProtocol.Refused("their round ended without a score");
    }
    state = next;
    turn = Turn.DESIGNATED;
    designated = colourIndex(colour);
    blackToMove = pushed ? blackToMove : !blackToMove;
    if (!over) return;
    // The round ended: the winner is the player whose score playTurn raised.
    boolean blackWon = white.getScore() > whiteBefore;
    boolean homeRow = next.wasWinningMove();
    if (target == 0) {
      white.setScore(0);
      black.setScore(0);
      turn = Turn.OVER;
      ending = (blackWon ? "black " : "gold ") + (homeRow ? "home-row" : "deadlock");
      return;
    }
    state = after;
    blackToMove = blackWon;
    if (seat(blackWon).getScore() >= target) {
      turn = Turn.OVER;
      ending = "match-won " + (blackWon ? "black" : "gold");
    } else {
      turn = Turn.BETWEEN;
    }
  }

  // GameDriver.nextRound: the Defender (the winner, our side to move) chooses; State's
  // regrouping constructor fills his team from the board side `b` and the Challenger's from the
  // other, and the Challenger moves first. `b` is their left (x = 0): our Black's left, Gold's right.
  void fill(boolean left) {
    boolean defenderIsBlack = blackToMove;
    boolean b = defenderIsBlack == left;
    Seat challenger = seat(!defenderIsBlack);
    state = new State(white, black, challenger, state.getBoard(), b);
    state.setFirstMove(true);
    turn = Turn.FREE;
    blackToMove = !defenderIsBlack;
    roundRanks = ranks(state);
  }

  @Override public String status() {
    if (turn == Turn.OVER) return ending.startsWith("match-won") ? ending : "won " + ending;
    return turn == Turn.BETWEEN ? "between-rounds" : "ongoing";
  }

  public static void main(String[] args) throws Exception { KamisadoProtocol.serve(new NiklavsmAdapter()); }
}
