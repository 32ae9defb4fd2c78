/** Random games (seeded): the adjudicator never throws, finds a repetition exactly when there is one. */
import fc from 'fast-check';
import { makeIccs } from '../iccs';
import { Position } from '../position';
import { mulberry32 } from '../prng';
import { Move } from '../types';
import { adjudicate } from './adjudicate';
import { VERDICTS } from './types';

function randomGame(seed: number, plies: number): { moves: string[]; final: Position; keys: string[] } {
  const rnd = mulberry32(seed);
  let pos = Position.default();
  const moves: string[] = [];
  const keys = [pos.key()];
  for (let i = 0; i < plies; i++) {
    const legal = pos.legalMoves();
    if (legal.length === 0) break;
    const m = legal[Math.floor(rnd() * legal.length)];
    pos = pos.clone();
    pos.play(m);
    moves.push(makeIccs(m));
    keys.push(pos.key());
  }
  return { moves, final: pos, keys };
}

/** A quiet move of the side to move that can be taken back next turn, if any. */
function reversible(pos: Position, rnd: () => number): Move | undefined {
  const legal = pos.legalMoves().filter((m) => !pos.pieceAt(m.to) && pos.pieceAt(m.from)!.role !== 'pawn');
  for (let tries = 0; tries < 20 && legal.length > 0; tries++) {
    const m = legal[Math.floor(rnd() * legal.length)];
    const after = pos.clone();
    after.play(m);
    if (after.isCheck()) continue;
    return m;
  }
  return undefined;
}

describe('adjudicate on random games', () => {
  it('returns none exactly when the final position is new', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 40 }), (seed, plies) => {
        const g = randomGame(seed, plies);
        const r = adjudicate({ moves: g.moves });
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const repeated = g.keys.slice(0, -1).includes(g.keys[g.keys.length - 1]);
        expect(r.value.result === 'none').toBe(!repeated);
        expect(VERDICTS).toContain(r.value.result);
      }),
      { numRuns: 25 },
    );
  });

  it('a back-and-forth shuffle after a random opening is a 4-ply cycle with a verdict', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rnd = mulberry32(seed ^ 0x5bd1e995);
        const g = randomGame(seed, 12);
        let pos = g.final;
        const shuffle: Move[] = [];
        for (let i = 0; i < 2; i++) {
          const m = reversible(pos, rnd);
          if (!m) return; // no quiet reversible move: nothing to test
          shuffle.push(m);
          pos = pos.clone();
          pos.play(m);
        }
        const back = shuffle.map((m) => ({ from: m.to, to: m.from }));
        const cycle = [shuffle[0], shuffle[1], back[0], back[1]];
        // the shuffle must be playable (a reply may have blocked the way back)
        let check = g.final.clone();
        for (const m of cycle) {
          if (!check.isLegal(m)) return;
          check = check.clone();
          check.play(m);
        }
        const r = adjudicate({ moves: [...g.moves, ...cycle.map(makeIccs)] });
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value.result).not.toBe('none');
        expect(r.value.cycle?.plies).toBe(4);
        expect(r.value.moves).toHaveLength(4);
        expect(r.value.explanation.zh.length).toBeGreaterThan(0);
      }),
      { numRuns: 25 },
    );
  });
});
