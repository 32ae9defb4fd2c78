/**
 * Random games (seeded): the adjudicator never throws, finds a repetition exactly when there is one.
 * Every property runs from a fixed seed (PROPERTY_SEED in the environment overrides it) and a failure
 * names the seed to rerun with. Games are generated so that they really repeat (issue 14: the first
 * property saw a repeated position in 0 of 75 runs): the sides often take back their own last move.
 */
import fc from 'fast-check';
import { makeIccs } from '../iccs';
import { Position } from '../position';
import { mulberry32 } from '../prng';
import { Move } from '../types';
import { adjudicate } from './adjudicate';
import { VERDICTS } from './types';

const SEED = Number(process.env.PROPERTY_SEED ?? 1411);

/** fc.assert from the fixed seed; a failure message starts with the seed. */
function assertSeeded<T>(property: fc.IProperty<T>, numRuns: number): void {
  try {
    fc.assert(property, { seed: SEED, numRuns });
  } catch (error) {
    if (error instanceof Error) error.message = `[property seed ${SEED}: rerun with PROPERTY_SEED=${SEED}] ${error.message}`;
    throw error;
  }
}

/**
 * A game that really repeats: a random opening, then each side, more often than not, takes back its
 * own last move when it still can (quiet moves only, so positions come back), otherwise plays a random
 * legal move.
 */
function repeatingGame(seed: number, plies: number): { moves: string[]; keys: string[] } {
  const rnd = mulberry32(seed);
  let pos = Position.default();
  const moves: string[] = [];
  const keys = [pos.key()];
  const last: Record<'red' | 'black', Move | undefined> = { red: undefined, black: undefined };
  const opening = Math.floor(rnd() * 10);
  for (let i = 0; i < plies; i++) {
    const legal = pos.legalMoves();
    if (legal.length === 0) break;
    const side = pos.turn;
    const prev = last[side];
    let m: Move | undefined;
    if (i >= opening && prev && rnd() < 0.7) {
      const back = { from: prev.to, to: prev.from };
      if (!pos.pieceAt(back.to) && pos.isLegal(back)) m = back;
    }
    if (!m && i >= opening) {
      const quiet = legal.filter((q) => !pos.pieceAt(q.to) && pos.pieceAt(q.from)!.role !== 'pawn');
      if (quiet.length > 0) m = quiet[Math.floor(rnd() * quiet.length)];
    }
    m ??= legal[Math.floor(rnd() * legal.length)];
    last[side] = m;
    pos = pos.clone();
    pos.play(m);
    moves.push(makeIccs(m));
    keys.push(pos.key());
  }
  // more often than not, stop the record on its last repeated position (else a departure may follow)
  if (rnd() < 0.6) {
    for (let j = keys.length - 1; j > 0; j--) {
      if (keys.indexOf(keys[j]) < j) return { moves: moves.slice(0, j), keys: keys.slice(0, j + 1) };
    }
  }
  return { moves, keys };
}

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
  it('returns none exactly when the final position is new — on games that really repeat', () => {
    let repeatedRuns = 0;
    let newRuns = 0;
    assertSeeded(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 40 }), (seed, plies) => {
        const g = repeatingGame(seed, plies);
        const r = adjudicate({ moves: g.moves });
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const n = g.keys.length - 1;
        const earlier = g.keys
          .slice(0, -1)
          .map((k, i) => (k === g.keys[n] ? i : -1))
          .filter((i) => i >= 0);
        const repeated = earlier.length > 0;
        if (repeated) repeatedRuns++;
        else newRuns++;
        expect(r.value.result === 'none').toBe(!repeated);
        expect(VERDICTS).toContain(r.value.result);
        if (repeated) {
          // the shortest cycle: from the last earlier occurrence of the final position (cycle.ts)
          expect(r.value.cycle).toEqual({
            startPly: earlier[earlier.length - 1] + 1,
            endPly: n,
            plies: n - earlier[earlier.length - 1],
            occurrences: earlier.length + 1,
          });
          expect(r.value.moves).toHaveLength(r.value.cycle!.plies);
        }
        // every reported cycle of the record (issue 14) starts and ends on the same position
        for (const c of r.value.cycles) expect(g.keys[c.startPly - 1]).toBe(g.keys[c.endPly]);
        expect(r.value.cycles.some((c) => c.final)).toBe(repeated);
      }),
      75,
    );
    if (process.env.PROPERTY_VERBOSE) console.log(`repeated ${repeatedRuns}, new ${newRuns}`);
    // the property must see both kinds of game, repeated ones often
    expect(repeatedRuns).toBeGreaterThanOrEqual(25);
    expect(newRuns).toBeGreaterThan(0);
  });

  it('the window reading starts at the first occurrence, and agrees with the shortest when the position occurred only twice', () => {
    let nested = 0;
    assertSeeded(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 8, max: 36 }), (seed, plies) => {
        const g = repeatingGame(seed, plies);
        const short = adjudicate({ moves: g.moves });
        const wide = adjudicate({ moves: g.moves, cycleReading: 'window' });
        if (!short.ok || !wide.ok) throw new Error('adjudicate failed');
        if (!short.value.cycle) return expect(wide.value.cycle).toBeNull();
        const n = g.keys.length - 1;
        expect(wide.value.cycle!.startPly).toBe(g.keys.indexOf(g.keys[n]) + 1);
        if (short.value.cycle.occurrences === 2) expect(wide.value.result).toBe(short.value.result);
        else nested++;
      }),
      40,
    );
    expect(nested).toBeGreaterThan(0);
  });

  it('a back-and-forth shuffle after a random opening is a 4-ply cycle with a verdict', () => {
    assertSeeded(
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
      25,
    );
  });
});
