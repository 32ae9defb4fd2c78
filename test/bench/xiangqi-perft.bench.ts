/**
 * Perft speed of libs/xiangqi against ffish (Fairy-Stockfish in WebAssembly, a reference only).
 *
 * Ours: start position, depth 5 (133,312,995 leaves), nodes per second.
 * ffish has no perft: it is counted through its JS API with push/pop, counting the leaves of
 * the last ply with `legalMoves()` (bulk counting, as ours does). By default ffish runs to depth
 * 4 (its depth 5 takes minutes here); set XQ_FFISH_DEPTH=5 for the same depth. The ratio
 * compares nodes per second; the same-depth ratio at depth 4 is printed as well.
 */
import { Position, perft } from '@chuhe/xiangqi';

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const EXPECTED = [1, 44, 1920, 79666, 3290240, 133312995];

interface FfishBoard {
  legalMoves(): string;
  push(uci: string): boolean;
  pop(): void;
  delete(): void;
}

async function loadFfish(): Promise<{ Board: new (variant: string, fen: string) => FfishBoard }> {
  // STACK.md: ffish's loader tries fetch() when it exists; Node then fails to load the wasm.
  delete (globalThis as { fetch?: unknown }).fetch;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ffish = require('ffish') as { onRuntimeInitialized?: () => void; Board?: unknown; calledRun?: boolean };
  await new Promise<void>((resolve) => {
    if (ffish.Board && ffish.calledRun) resolve();
    else ffish.onRuntimeInitialized = () => resolve();
  });
  return ffish as unknown as { Board: new (variant: string, fen: string) => FfishBoard };
}

function ffishPerft(board: FfishBoard, depth: number): number {
  const text = board.legalMoves();
  const moves = text ? text.split(' ') : [];
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const m of moves) {
    board.push(m);
    nodes += ffishPerft(board, depth - 1);
    board.pop();
  }
  return nodes;
}

function time<T>(f: () => T): { value: T; ms: number } {
  const t = process.hrtime.bigint();
  const value = f();
  return { value, ms: Number(process.hrtime.bigint() - t) / 1e6 };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export async function bench(): Promise<void> {
  const ourDepth = 5;
  const ffDepth = Math.min(5, Math.max(1, Number(process.env.XQ_FFISH_DEPTH ?? 4)));
  const pos = Position.default();
  perft(pos, 3); // warm-up

  const ours4 = time(() => perft(pos, 4));
  const ours = time(() => perft(pos, ourDepth));
  if (ours.value !== EXPECTED[ourDepth] || ours4.value !== EXPECTED[4]) throw new Error(`perft mismatch: ${ours.value}`);
  const oursNps = (ours.value / ours.ms) * 1000;
  const ours4Nps = (ours4.value / ours4.ms) * 1000;
  console.log(`libs/xiangqi perft(${ourDepth}) = ${fmt(ours.value)} in ${(ours.ms / 1000).toFixed(2)} s: ${fmt(oursNps)} nodes/s`);
  console.log(`libs/xiangqi perft(4) = ${fmt(ours4.value)} in ${(ours4.ms / 1000).toFixed(2)} s: ${fmt(ours4Nps)} nodes/s`);

  const ffish = await loadFfish();
  const board = new ffish.Board('xiangqi', START);
  ffishPerft(board, 3); // warm-up
  const ff = time(() => ffishPerft(board, ffDepth));
  board.delete();
  if (ff.value !== EXPECTED[ffDepth]) throw new Error(`ffish perft(${ffDepth}) = ${ff.value}, expected ${EXPECTED[ffDepth]}`);
  const ffNps = (ff.value / ff.ms) * 1000;
  console.log(`ffish (push/pop) perft(${ffDepth}) = ${fmt(ff.value)} in ${(ff.ms / 1000).toFixed(2)} s: ${fmt(ffNps)} nodes/s`);
  if (ffDepth !== ourDepth) console.log(`(ffish run to depth ${ffDepth}, not ${ourDepth}, to keep the bench short; XQ_FFISH_DEPTH=5 for the full run)`);
  console.log(`ratio (nodes/s, ours depth ${ourDepth} / ffish depth ${ffDepth}): ${(oursNps / ffNps).toFixed(2)}x  (target ≥ 2x)`);
  if (ffDepth === 4 || ffDepth === 5) {
    const same = ffDepth === 4 ? ours4Nps : oursNps;
    console.log(`ratio at the same depth ${ffDepth}: ${(same / ffNps).toFixed(2)}x`);
  }
}
