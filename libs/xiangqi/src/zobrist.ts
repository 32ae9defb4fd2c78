/**
 * Zobrist keys for repetition detection: 64 bits as two 32-bit halves, from a fixed-seed
 * PRNG (splitmix32) so keys are stable across runs and machines.
 */

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

const next = splitmix32(0x0c4e1e);
/** ZOBRIST_HI/LO[(code + 7) * 90 + sq] for code in -7..7 (code 0 unused). */
export const ZOBRIST_HI = new Uint32Array(15 * 90);
export const ZOBRIST_LO = new Uint32Array(15 * 90);
for (let i = 0; i < 15 * 90; i++) {
  ZOBRIST_HI[i] = next();
  ZOBRIST_LO[i] = next();
}
export const ZOBRIST_BLACK_HI = next();
export const ZOBRIST_BLACK_LO = next();

/** The key of a placement plus side to move, as 16 hex digits. */
export function zobristKey(b: Int8Array, turn: number): string {
  let hi = turn === 0 ? 0 : ZOBRIST_BLACK_HI;
  let lo = turn === 0 ? 0 : ZOBRIST_BLACK_LO;
  for (let sq = 0; sq < 90; sq++) {
    const p = b[sq];
    if (p !== 0) {
      const i = (p + 7) * 90 + sq;
      hi ^= ZOBRIST_HI[i];
      lo ^= ZOBRIST_LO[i];
    }
  }
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}
