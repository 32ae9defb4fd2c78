/**
 * Perft speed of libs/xiangqi against two references measured in the same run:
 *
 * 1. The generator as it was before issue 14 (a frozen copy below: scan all 90 points, make the
 *    move and rescan the king's lines for every move at the last ply). Depth 4 from the start,
 *    alternating reference and current for several rounds, CPU time of this process: the median
 *    ratio and its spread are printed (issue 14's goal: ≥ 2×).
 * 2. ffish (Fairy-Stockfish in WebAssembly).
 *
 * Ours: start position, depth 5 (133,312,995 leaves), nodes per second.
 * ffish has no perft: it is counted through its JS API with push/pop, counting the leaves of
 * the last ply with `legalMoves()` (bulk counting, as ours does). By default ffish runs to depth
 * 4 (its depth 5 takes minutes here); set XQ_FFISH_DEPTH=5 for the same depth. The ratio
 * compares nodes per second; the same-depth ratio at depth 4 is printed as well.
 */
import { Position, perft } from '@chuhe/xiangqi';
import {
  ADVISOR,
  ADVISOR_MOVES,
  CANNON,
  ELEPHANT,
  ELEPHANT_MOVES,
  HORSE,
  HORSE_ATTACKERS,
  HORSE_MOVES,
  KING,
  KING_MOVES,
  PAWN,
  PAWN_MOVES,
  RAYS,
  RED,
  ROOK,
} from '@chuhe/xiangqi/board';

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

// ---- The reference: libs/xiangqi's perft before issue 14 (commit 966c816), frozen. ----------

function refIsAttacked(b: Int8Array, sq: number, by: number): boolean {
  const sgn = by === RED ? 1 : -1;
  const rays = RAYS[sq];
  for (let d = 0; d < 4; d++) {
    const ray = rays[d];
    const len = ray.length;
    let i = 0;
    let p = 0;
    for (; i < len; i++) {
      p = b[ray[i]];
      if (p !== 0) break;
    }
    if (i === len) continue;
    const q = p * sgn;
    if (q === ROOK) return true;
    if (q === KING && d < 2) return true;
    for (i++; i < len; i++) {
      p = b[ray[i]];
      if (p !== 0) {
        if (p * sgn === CANNON) return true;
        break;
      }
    }
  }
  const ha = HORSE_ATTACKERS[sq];
  for (let i = 0; i < ha.length; i += 2) {
    if (b[ha[i]] * sgn === HORSE && b[ha[i + 1]] === 0) return true;
  }
  const r = (sq / 9) | 0;
  const f = sq - r * 9;
  if (by === RED) {
    if (r > 0 && b[sq - 9] === PAWN) return true;
    if (r >= 5) {
      if (f > 0 && b[sq - 1] === PAWN) return true;
      if (f < 8 && b[sq + 1] === PAWN) return true;
    }
  } else {
    if (r < 9 && b[sq + 9] === -PAWN) return true;
    if (r <= 4) {
      if (f > 0 && b[sq - 1] === -PAWN) return true;
      if (f < 8 && b[sq + 1] === -PAWN) return true;
    }
  }
  return false;
}

function refGeneratePseudo(b: Int8Array, side: number, out: Int32Array): number {
  let n = 0;
  const sgn = side === RED ? 1 : -1;
  for (let sq = 0; sq < 90; sq++) {
    const p = b[sq] * sgn;
    if (p <= 0) continue;
    switch (p) {
      case ROOK: {
        const rays = RAYS[sq];
        for (let d = 0; d < 4; d++) {
          const ray = rays[d];
          for (let i = 0; i < ray.length; i++) {
            const t = ray[i];
            const q = b[t];
            if (q === 0) {
              out[n++] = sq | (t << 8);
            } else {
              if (q * sgn < 0) out[n++] = sq | (t << 8);
              break;
            }
          }
        }
        break;
      }
      case CANNON: {
        const rays = RAYS[sq];
        for (let d = 0; d < 4; d++) {
          const ray = rays[d];
          let i = 0;
          for (; i < ray.length; i++) {
            const t = ray[i];
            if (b[t] !== 0) break;
            out[n++] = sq | (t << 8);
          }
          for (i++; i < ray.length; i++) {
            const t = ray[i];
            const q = b[t];
            if (q !== 0) {
              if (q * sgn < 0) out[n++] = sq | (t << 8);
              break;
            }
          }
        }
        break;
      }
      case HORSE: {
        const hm = HORSE_MOVES[sq];
        for (let i = 0; i < hm.length; i += 2) {
          const t = hm[i];
          if (b[hm[i + 1]] === 0 && b[t] * sgn <= 0) out[n++] = sq | (t << 8);
        }
        break;
      }
      case PAWN: {
        const pm = PAWN_MOVES[side][sq];
        for (let i = 0; i < pm.length; i++) {
          const t = pm[i];
          if (b[t] * sgn <= 0) out[n++] = sq | (t << 8);
        }
        break;
      }
      case ELEPHANT: {
        const em = ELEPHANT_MOVES[sq];
        for (let i = 0; i < em.length; i += 2) {
          const t = em[i];
          if (b[em[i + 1]] === 0 && b[t] * sgn <= 0) out[n++] = sq | (t << 8);
        }
        break;
      }
      case ADVISOR: {
        const am = ADVISOR_MOVES[sq];
        for (let i = 0; i < am.length; i++) {
          const t = am[i];
          if (b[t] * sgn <= 0) out[n++] = sq | (t << 8);
        }
        break;
      }
      case KING: {
        const km = KING_MOVES[sq];
        for (let i = 0; i < km.length; i++) {
          const t = km[i];
          if (b[t] * sgn <= 0) out[n++] = sq | (t << 8);
        }
        break;
      }
    }
  }
  return n;
}

function refLineDirection(a: number, b: number): number {
  const ar = (a / 9) | 0;
  const br = (b / 9) | 0;
  if (a - ar * 9 === b - br * 9) return br > ar ? 0 : 1;
  if (ar === br) return b > a ? 2 : 3;
  return -1;
}

function refRayAttacked(b: Int8Array, sq: number, d: number, by: number): boolean {
  const sgn = by === RED ? 1 : -1;
  const ray = RAYS[sq][d];
  const len = ray.length;
  let i = 0;
  let p = 0;
  for (; i < len; i++) {
    p = b[ray[i]];
    if (p !== 0) break;
  }
  if (i === len) return false;
  const q = p * sgn;
  if (q === ROOK || (q === KING && d < 2)) return true;
  for (i++; i < len; i++) {
    p = b[ray[i]];
    if (p !== 0) return p * sgn === CANNON;
  }
  return false;
}

function refLeavesKingAttacked(b: Int8Array, side: number, kingSq: number, inCheck: boolean, from: number, to: number): boolean {
  const moving = b[from];
  const isKing = moving === KING || moving === -KING;
  if (inCheck || isKing) {
    const captured = b[to];
    b[to] = moving;
    b[from] = 0;
    const attacked = refIsAttacked(b, isKing ? to : kingSq, side ^ 1);
    b[from] = moving;
    b[to] = captured;
    return attacked;
  }
  const dFrom = refLineDirection(kingSq, from);
  const dTo = refLineDirection(kingSq, to);
  const kr = (kingSq / 9) | 0;
  const fr = (from / 9) | 0;
  const df = from - fr * 9 - (kingSq - kr * 9);
  const dr = fr - kr;
  const fromLeg = (dr === 1 || dr === -1) && (df === 1 || df === -1);
  if (dFrom < 0 && dTo < 0 && !fromLeg) return false;
  const captured = b[to];
  b[to] = moving;
  b[from] = 0;
  const by = side ^ 1;
  let attacked = (dFrom >= 0 && refRayAttacked(b, kingSq, dFrom, by)) || (dTo >= 0 && dTo !== dFrom && refRayAttacked(b, kingSq, dTo, by));
  if (!attacked && fromLeg) {
    const horse = by === RED ? HORSE : -HORSE;
    const h1 = kingSq + 2 * df + 9 * dr;
    const h2 = kingSq + df + 18 * dr;
    const f1 = kingSq - kr * 9 + 2 * df;
    attacked = (f1 >= 0 && f1 <= 8 && b[h1] === horse) || (h2 >= 0 && h2 < 90 && b[h2] === horse);
  }
  b[from] = moving;
  b[to] = captured;
  return attacked;
}

function refPerftRec(b: Int8Array, kings: Int32Array, side: number, depth: number, buffers: Int32Array[]): number {
  const buf = buffers[depth];
  const n = refGeneratePseudo(b, side, buf);
  const kingSq = kings[side];
  const inCheck = refIsAttacked(b, kingSq, side ^ 1);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const mv = buf[i];
    if (!refLeavesKingAttacked(b, side, kingSq, inCheck, mv & 0xff, mv >> 8)) buf[m++] = mv;
  }
  if (depth === 1) return m;
  let nodes = 0;
  for (let i = 0; i < m; i++) {
    const mv = buf[i];
    const from = mv & 0xff;
    const to = mv >> 8;
    const moving = b[from];
    const captured = b[to];
    b[to] = moving;
    b[from] = 0;
    if (moving === KING || moving === -KING) kings[side] = to;
    nodes += refPerftRec(b, kings, side ^ 1, depth - 1, buffers);
    if (moving === KING || moving === -KING) kings[side] = from;
    b[from] = moving;
    b[to] = captured;
  }
  return nodes;
}

/** The reference perft from a FEN's placement (the start position's, here). */
function refPerft(pos: Position, depth: number): number {
  const b = new Int8Array(90);
  const kings = new Int32Array(2);
  const codes = ['king', 'advisor', 'elephant', 'horse', 'rook', 'cannon', 'pawn'];
  for (const { square, piece } of pos.pieces()) {
    const code = codes.indexOf(piece.role) + 1;
    b[square] = piece.side === 'red' ? code : -code;
    if (piece.role === 'king') kings[piece.side === 'red' ? 0 : 1] = square;
  }
  const buffers: Int32Array[] = [];
  for (let d = 0; d <= depth; d++) buffers.push(new Int32Array(256));
  return refPerftRec(b, kings, pos.turn === 'red' ? 0 : 1, depth, buffers);
}

/** CPU time of this process (user + system), so other processes' load counts less. */
function cpu<T>(f: () => T): { value: T; ms: number } {
  const t = process.cpuUsage();
  const value = f();
  const d = process.cpuUsage(t);
  return { value, ms: (d.user + d.system) / 1000 };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
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

  // Against the generator before issue 14, alternating, CPU time.
  const rounds = Math.max(1, Number(process.env.XQ_REF_ROUNDS ?? 7));
  refPerft(pos, 3); // warm-up
  const ratios: number[] = [];
  const refNps: number[] = [];
  const curNps: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const r = cpu(() => refPerft(pos, 4));
    const c = cpu(() => perft(pos, 4));
    if (r.value !== EXPECTED[4] || c.value !== EXPECTED[4]) throw new Error(`perft(4) mismatch: reference ${r.value}, current ${c.value}`);
    refNps.push((r.value / r.ms) * 1000);
    curNps.push((c.value / c.ms) * 1000);
    ratios.push(r.ms / c.ms);
  }
  const spread = (xs: number[], f: (n: number) => string) => `${f(Math.min(...xs))} … ${f(Math.max(...xs))}`;
  console.log(`before issue 14 (frozen copy) perft(4), CPU time, ${rounds} rounds: median ${fmt(median(refNps))} nodes/s (${spread(refNps, fmt)})`);
  console.log(`current perft(4), same rounds: median ${fmt(median(curNps))} nodes/s (${spread(curNps, fmt)})`);
  console.log(`ratio current / before issue 14: median ${median(ratios).toFixed(2)}x (rounds ${spread(ratios, (x) => x.toFixed(2) + 'x')})  (target ≥ 2x)`);

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
