/**
 * Move generation on the internal mailbox (一章2节). Moves are encoded as `from | (to << 8)`.
 * Pseudo-legal generation follows the movement rules; legality (no self-exposure, 一章3节5)
 * is checked by making the move and asking `isAttacked` for the mover's king.
 */
import { isAttacked } from './attacks';
import {
  ADVISOR,
  ADVISOR_MOVES,
  CANNON,
  ELEPHANT,
  ELEPHANT_MOVES,
  HORSE,
  HORSE_MOVES,
  KING,
  KING_MOVES,
  PAWN,
  PAWN_MOVES,
  RAYS,
  RED,
  ROOK,
} from './board';

export const MAX_MOVES = 256;

export function encodeMove(from: number, to: number): number {
  return from | (to << 8);
}

/** Pseudo-legal moves of `side` from every square (or only `onlyFrom` if ≥ 0), appended to `out`. */
export function generatePseudo(b: Int8Array, side: number, out: Int32Array, onlyFrom = -1): number {
  let n = 0;
  const sgn = side === RED ? 1 : -1;
  const start = onlyFrom >= 0 ? onlyFrom : 0;
  const end = onlyFrom >= 0 ? onlyFrom + 1 : 90;
  for (let sq = start; sq < end; sq++) {
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
        // 一章2节6: moves like a rook; captures over exactly one screen (炮架).
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
        // 一章2节5: 蹩马腿.
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
        // 一章2节3: 塞象眼, and never across the river (the table keeps it on its half).
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

/** Direction index in RAYS from `a` to `b` on a shared rank or file, or −1. */
function lineDirection(a: number, b: number): number {
  const ar = (a / 9) | 0;
  const br = (b / 9) | 0;
  if (a - ar * 9 === b - br * 9) return br > ar ? 0 : 1;
  if (ar === br) return b > a ? 2 : 3;
  return -1;
}

/** Does side `by`'s rook, cannon or (on a file) king attack `sq` along ray `d`? */
function rayAttacked(b: Int8Array, sq: number, d: number, by: number): boolean {
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

/**
 * Would moving `from → to` leave `side`'s king attacked or facing the other king (一章3节5)?
 * `kingSq` is the mover's king square before the move; `inCheck` whether it is attacked now.
 * The board is restored before returning.
 */
export function leavesKingAttacked(
  b: Int8Array,
  side: number,
  kingSq: number,
  inCheck: boolean,
  from: number,
  to: number,
): boolean {
  const moving = b[from];
  const isKing = moving === KING || moving === -KING;
  if (inCheck || isKing) {
    const captured = b[to];
    b[to] = moving;
    b[from] = 0;
    const attacked = isAttacked(b, isKing ? to : kingSq, side ^ 1);
    b[from] = moving;
    b[to] = captured;
    return attacked;
  }
  // Not in check and the king stays: only a line opened through `from`, a cannon screen put on
  // `to`, or a horse leg freed next to the king can expose it.
  const dFrom = lineDirection(kingSq, from);
  const dTo = lineDirection(kingSq, to);
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
  let attacked = (dFrom >= 0 && rayAttacked(b, kingSq, dFrom, by)) || (dTo >= 0 && dTo !== dFrom && rayAttacked(b, kingSq, dTo, by));
  if (!attacked && fromLeg) {
    const horse = by === RED ? HORSE : -HORSE;
    const h1 = kingSq + 2 * df + 9 * dr;
    const h2 = kingSq + df + 18 * dr;
    const f1 = (kingSq - kr * 9) + 2 * df;
    attacked = (f1 >= 0 && f1 <= 8 && b[h1] === horse) || (h2 >= 0 && h2 < 90 && b[h2] === horse);
  }
  b[from] = moving;
  b[to] = captured;
  return attacked;
}
