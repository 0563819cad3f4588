// Their GameDriver on the corpus case "deadlock right after a push", set up by hand in their
// State (TeamWhite is our Black, on y = 0): 2p+2y+g+o/6B1/8/2P2bk1/5r2/8/nR++6/G+Y1O1N1K b G 15:4-3,
// where Black's Sumo Green on a1 pushes Gold's Brown from a2 to a3, and the pusher's follow-up
// tower and every one after it is blocked. M8: the pusher made the deadlock's real move and loses
// the round; their playTurn() scores it. The board is read with the Java kit's KFEN reader.
import model.GameDriver;
import model.Piece;
import model.PieceType;
import model.Position;
import model.State;
import player.EasyAIPlayer;

public final class NiklavsmProbe {
  public static void main(String[] args) throws Exception {
    // Their own players (an AI that is never asked to move), with the case's scores.
    EasyAIPlayer white = new EasyAIPlayer("TeamWhite", "White", false), black = new EasyAIPlayer("TeamBlack", "Black", false);
    white.setScore(4);
    black.setScore(3);
    // Gold (TeamBlack) moved last; Black (TeamWhite) must move green.
    State state = new State(white, black, black, false);
    Piece[][] p = state.getPieces();
    for (Piece[] column : p) java.util.Arrays.fill(column, null);
    String[] names = {"brown", "green", "red", "yellow", "pink", "cyan", "blue", "orange"};
    PieceType[] ranks = {PieceType.Standard, PieceType.Sumo, PieceType.DoubleSumo, PieceType.TripleSumo};
    KamisadoProtocol.Position.parse("2p+2y+g+o/6B1/8/2P2bk1/5r2/8/nR++6/G+Y1O1N1K b G 15:4-3")
        .towers.forEach((at, t) -> p[at / 8][at % 8] = new Piece(t.black() ? "TeamWhite" : "TeamBlack", ranks[t.rank()], names[t.colour()]));
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
