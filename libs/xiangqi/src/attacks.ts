/**
 * Attack detection on the internal mailbox (一章2节, 一章2节9, 一章2节10).
 * `by` is a side index (0 red, 1 black); codes are signed (see board.ts).
 */
import { ADVISOR, ADVISOR_MOVES, CANNON, ELEPHANT, ELEPHANT_MOVES, HORSE, HORSE_ATTACKERS, KING, KING_MOVES, PAWN, RAYS, RED, ROOK } from './board';

/**
 * Is `sq` attacked by side `by` in the sense of 将军 (一章2节10): a rook, cannon (over exactly one
 * screen, 一章2节6), horse (leg free, 一章2节5) or pawn (一章2节7) of `by` could move there, or —
 * when `sq` holds the other king — `by`'s king faces it on an open file (一章2节9).
 * Advisors and elephants never reach the enemy palace, so they are not looked at; use
 * `attackersOf` for a complete geometric list.
 */
export function isAttacked(b: Int8Array, sq: number, by: number): boolean {
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
    // 一章2节9: the kings may not face each other on an open file.
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
  // Pawns: from behind (from `by`'s point of view), or beside once across the river.
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

/**
 * Every square holding a piece of `by` that could move to `sq` by its movement rules
 * (一章2节1–7), ignoring whether the move would expose its own king and ignoring what stands on
 * `sq`. The kings facing each other (一章2节9) is not a move and is not listed here.
 */
export function attackersOf(b: Int8Array, sq: number, by: number): number[] {
  const sgn = by === RED ? 1 : -1;
  const out: number[] = [];
  const rays = RAYS[sq];
  for (let d = 0; d < 4; d++) {
    const ray = rays[d];
    let i = 0;
    while (i < ray.length && b[ray[i]] === 0) i++;
    if (i === ray.length) continue;
    const first = b[ray[i]] * sgn;
    if (first === ROOK) out.push(ray[i]);
    if (first === KING && KING_MOVES[ray[i]].includes(sq)) out.push(ray[i]);
    for (i++; i < ray.length; i++) {
      if (b[ray[i]] !== 0) {
        if (b[ray[i]] * sgn === CANNON) out.push(ray[i]);
        break;
      }
    }
  }
  const ha = HORSE_ATTACKERS[sq];
  for (let i = 0; i < ha.length; i += 2) {
    if (b[ha[i]] * sgn === HORSE && b[ha[i + 1]] === 0) out.push(ha[i]);
  }
  for (const from of ADVISOR_MOVES[sq]) {
    if (b[from] * sgn === ADVISOR) out.push(from);
  }
  const el = ELEPHANT_MOVES[sq];
  for (let i = 0; i < el.length; i += 2) {
    if (b[el[i]] * sgn === ELEPHANT && b[el[i + 1]] === 0) out.push(el[i]);
  }
  const r = (sq / 9) | 0;
  const f = sq - r * 9;
  const pawn = sgn * PAWN;
  if (by === RED) {
    if (r > 0 && b[sq - 9] === pawn) out.push(sq - 9);
    if (r >= 5) {
      if (f > 0 && b[sq - 1] === pawn) out.push(sq - 1);
      if (f < 8 && b[sq + 1] === pawn) out.push(sq + 1);
    }
  } else {
    if (r < 9 && b[sq + 9] === pawn) out.push(sq + 9);
    if (r <= 4) {
      if (f > 0 && b[sq - 1] === pawn) out.push(sq - 1);
      if (f < 8 && b[sq + 1] === pawn) out.push(sq + 1);
    }
  }
  return out.sort((a, c) => a - c);
}
