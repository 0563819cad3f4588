// The Java adapter kit (src/conform/adapters/KamisadoProtocol.java): every KFEN of the corpus
// read and written back unchanged, and the request loop: a refusal answered `error <why>`, an
// exception of the engine's own code `error the engine raised ...` with the loop going on, a bad
// KFEN refused by name, `quit` ending it.
//
//   java KitTest tests/data/conformance.json
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public final class KitTest {
  static int failures = 0;

  static void expect(boolean ok, String what) {
    if (!ok) {
      System.err.println("FAILED: " + what);
      failures++;
    }
  }

  // An engine that answers from a fixed position and fails on purpose on two moves.
  static final class Scripted implements KamisadoProtocol.Engine {
    KamisadoProtocol.Position pos;
    @Override public String name() { return "scripted"; }
    @Override public List<String> features() { return List.of("single-round"); }
    @Override public void setPosition(KamisadoProtocol.Position p) throws KamisadoProtocol.Refused {
      if (p.target > 0) throw new KamisadoProtocol.Refused("single rounds only");
      pos = p;
    }
    @Override public List<String> moves() { return List.of("a1a2", "a1a3"); }
    @Override public KamisadoProtocol.Position play(String move) throws KamisadoProtocol.Refused {
      if (move.equals("a1a3")) throw new IllegalStateException("their board broke");
      if (!move.equals("a1a2")) throw new KamisadoProtocol.Refused("illegal move " + move);
      return pos;
    }
    @Override public String status() { return "ongoing"; }
  }

  public static void main(String[] args) throws Exception {
    String corpus = Files.readString(Path.of(args[0]));
    Matcher m = Pattern.compile("\"(?:kfen|position)\": \"([^\"]+)\"").matcher(corpus);
    int read = 0;
    while (m.find()) {
      String kfen = m.group(1);
      expect(KamisadoProtocol.Position.parse(kfen).kfen().equals(kfen), "KFEN written back: " + kfen);
      read++;
    }
    expect(read > 300, "the corpus's KFENs were found (" + read + ")");

    String requests = "hello\nposition obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -\nmoves\nplay a1a3\nplay h1h2\nplay a1a2\n"
                      + "position obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:a-b\nposition obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - 3:0-0\nstatus\nfrobnicate\nquit\nstatus\n";
    ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
    PrintStream stdout = System.out, stderr = System.err;
    System.setIn(new ByteArrayInputStream(requests.getBytes(StandardCharsets.UTF_8)));
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    KamisadoProtocol.serve(new Scripted());
    System.setOut(stdout);
    System.setErr(stderr);
    String[] replies = out.toString(StandardCharsets.UTF_8).split("\n");
    String[] expected = {
        "kamisado-protocol 1 scripted features single-round",
        "ok",
        "moves a1a2 a1a3",
        "error the engine raised IllegalStateException: their board broke",
        "error illegal move h1h2",
        "position obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -",
        "error not a match field (target:black-gold): 3:a-b",
        "error single rounds only",
        "status ongoing",
        "error unknown request frobnicate",
    };
    expect(replies.length == expected.length, "one reply a request until quit, got " + replies.length);
    for (int i = 0; i < Math.min(replies.length, expected.length); i++) expect(replies[i].equals(expected[i]), "reply " + i + ": '" + replies[i] + "'");
    expect(err.toString(StandardCharsets.UTF_8).contains("IllegalStateException"), "the engine's stack on standard error");
    if (failures > 0) System.exit(1);
    System.out.println("java kit: " + read + " KFENs written back, " + replies.length + " replies as expected");
  }
}
