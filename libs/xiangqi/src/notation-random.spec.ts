/**
 * Round trips on random positions crowded with pawns, so that two and three pawns on a file and
 * pawns doubled on several files (二章3节5, 图-B) occur often — random games rarely reach them.
 */
import fc from 'fast-check';
import { advisorCanReach, elephantCanReach, inPalace, pawnCanReach } from './board';
import { makeIccs } from './iccs';
import { NOTATIONS, formatMove, parseMove } from './notation';
import { Position } from './position';
import { mulberry32 } from './prng';
import { Piece, ROLES, Role, Side } from './types';

function randomPosition(seed: number): Position | undefined {
  const rnd = mulberry32(seed);
  const board: (Piece | undefined)[] = new Array(90).fill(undefined);
  const pick = (ok: (sq: number) => boolean): number | undefined => {
    const free = [];
    for (let sq = 0; sq < 90; sq++) if (!board[sq] && ok(sq)) free.push(sq);
    return free.length ? free[Math.floor(rnd() * free.length)] : undefined;
  };
  const counts: Record<Role, number> = { king: 1, advisor: 2, elephant: 2, horse: 2, rook: 2, cannon: 2, pawn: 5 };
  for (const side of ['red', 'black'] as Side[]) {
    const s = side === 'red' ? 0 : 1;
    for (const role of ROLES) {
      const n = role === 'king' ? 1 : role === 'pawn' ? 3 + Math.floor(rnd() * 3) : Math.floor(rnd() * (counts[role] + 1));
      for (let i = 0; i < n; i++) {
        const where =
          role === 'king'
            ? (sq: number) => inPalace(sq, s)
            : role === 'advisor'
              ? (sq: number) => advisorCanReach(sq, s)
              : role === 'elephant'
                ? (sq: number) => elephantCanReach(sq, s)
                : role === 'pawn'
                  ? // Crowd the pawns on few files across the river.
                    (sq: number) => pawnCanReach(sq, s) && sq % 9 >= 3 && sq % 9 <= 5
                  : () => true;
        const sq = pick(where);
        if (sq !== undefined) board[sq] = { side, role };
      }
    }
  }
  const r = Position.fromSetup({ board, turn: rnd() < 0.5 ? 'red' : 'black' });
  return r.ok ? r.value : undefined;
}

describe('round trips on crowded random positions (property)', () => {
  test('every legal move formats and parses back in every notation', () => {
    let tandemSeen = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const p = randomPosition(seed);
        if (!p) return;
        for (const m of p.legalMoves()) {
          for (const n of NOTATIONS) {
            const text = formatMove(p, m, n);
            if (n === 'axf' && /^\d\d/.test(text)) tandemSeen++;
            const back = parseMove(p, text);
            if (!back.ok || back.value.from !== m.from || back.value.to !== m.to) {
              throw new Error(`${p.toFen()} ${makeIccs(m)} ${n} '${text}' → ${back.ok ? makeIccs(back.value) : back.error.message}`);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
    // The generator must actually produce the two-digit pawn forms.
    expect(tandemSeen).toBeGreaterThan(10);
  });
});
