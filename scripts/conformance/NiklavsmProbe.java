// Their GameDriver on the corpus case "deadlock right after a push", set up by hand in their
// State (TeamWhite is our Black, on y = 0): 2p+2y+g+o/6B1/8/2P2bk1/5r2/8/nR++6/G+Y1O1N1K b G 15:4-3,
// where Black's Sumo Green on a1 pushes Gold's Brown from a2 to a3, and the pusher's follow-up
// tower and every one after it is blocked. M8: the pusher made the deadlock's real move and loses
// the round; their playTurn() scores it.
import model.GameDriver;
import model.MyObservable;
import model.Piece;
import model.PieceType;
import model.Position;
import model.State;
import player.Player;

public final class NiklavsmProbe {
  static final class Seat extends Player {
    Seat(String team) { super(team, team, false, false); }
    @Override public void getMove(State state) {}
    @Override public int fillHomeRow() { return 0; }
    @Override public void setToFirstMove(boolean first) {}
    @Override public void update(MyObservable o, Object arg) {}
    @Override public void run() {}
  }

  public static void main(String[] args) {
    Seat white = new Seat("TeamWhite"), black = new Seat("TeamBlack");
    white.setScore(4);
    black.setScore(3);
    // Gold (TeamBlack) moved last; Black (TeamWhite) must move green.
    State state = new State(white, black, black, false);
    Piece[][] p = state.getPieces();
    for (Piece[] column : p) java.util.Arrays.fill(column, null);
    String rows = "2p+2y+g+o/6B1/8/2P2bk1/5r2/8/nR++6/G+Y1O1N1K";
    String letters = "NGRYKPBO";
    String[] names = {"brown", "green", "red", "yellow", "pink", "cyan", "blue", "orange"};
    PieceType[] ranks = {PieceType.Standard, PieceType.Sumo, PieceType.DoubleSumo, PieceType.TripleSumo};
    String[] r = rows.split("/");
    for (int i = 0; i < 8; i++) {
      int file = 0;
      for (int j = 0; j < r[i].length(); j++) {
        char ch = r[i].charAt(j);
        if (Character.isDigit(ch)) {
          file += ch - '0';
          continue;
        }
        int rings = 0;
        while (j + 1 < r[i].length() && r[i].charAt(j + 1) == '+') {
          rings++;
          j++;
        }
        p[file++][7 - i] = new Piece(Character.isUpperCase(ch) ? "TeamWhite" : "TeamBlack", ranks[rings],
                                     names[letters.indexOf(Character.toUpperCase(ch))]);
      }
    }
    state.setColourToMove("green");
    Position sumo = state.calcPieceToMove();
    state.calcValidMoves(sumo);
    Position to = new Position(0, 1);
    State after = state.make(to);
    System.out.println("M8: their make(): a1 to a2, a push: " + state.isSumoPush());
    GameDriver driver = new GameDriver(white, black, white, 15, false);
    driver.setState(after);
    boolean over = driver.playTurn(to);
    System.out.println("M8: their playTurn(): round over " + over + "; score TeamWhite (our Black, the pusher) " + white.getScore()
                       + ", TeamBlack (our Gold) " + black.getScore());
  }
}
