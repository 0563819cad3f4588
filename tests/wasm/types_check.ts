// kamisado-wasm's TypeScript types (app/wasm/package/index.d.ts) as an engine author uses them:
// compiled with tsc --strict --noEmit by ctest wasm_types; a type that does not fit fails it.
import { load, Engine, Kamisado, KamisadoError, Solution, Status, ConformanceReport } from '../../app/wasm/package/index';

class MyEngine implements Engine {
  name = 'my-engine';
  features = ['single-round'];
  private kfen = '';
  constructor(private readonly k: Kamisado) {}
  setPosition(kfen: string): void {
    this.kfen = kfen;
  }
  moves(): string[] {
    return this.k.moves(this.kfen);
  }
  play(move: string): string {
    return (this.kfen = this.k.play(this.kfen, move));
  }
  status(): string {
    return this.k.status(this.kfen).protocol;
  }
}

async function main(): Promise<void> {
  const k: Kamisado = await load();
  const n: number = k.perft(k.START, 2);
  const s: Solution = k.solve(k.START, { goal: 'round', seconds: 5, hashMb: 16 });
  const plies: number | undefined = s.distance?.plies;
  const st: Status = k.status(k.START, ['a1a5']);
  const winner: 'black' | 'gold' | undefined = st.winner;
  const report: ConformanceReport = k.checkConformance(new MyEngine(k), { depth: 1, games: 2, allow: ['M6'] });
  const divide: Record<string, number> = k.divide(k.START, 1);
  try {
    k.moves('nonsense');
  } catch (e) {
    if (e instanceof KamisadoError) console.log(e.message);
  }
  console.log(n, plies, winner, report.verdict, Object.keys(divide).length, k.boardSvg(k.START).length, k.conformanceCorpus().cases.length);
}
main();
