/**
 * Shared Jest body for the rulebook acceptance cases: (1) the position and every printed move are
 * legal, and the ICCS moves spell the printed Chinese moves; (2) the relations the text states
 * hold; (3) the adjudicator gives the printed verdict (and the named patterns).
 */
import { Position, Side, parseIccs, parseSquare, squareRank } from '../../index';
import { RepetitionCase, Relation } from './case-types';
import { normalizeChinese, toChinese } from './chinese-notation';

type AdjudicateFn = (input: { fen?: string; moves: string | string[]; rules?: 'axf' | 'cxa' }) => {
  ok: boolean;
  value?: { result: string; sides: { red: { pattern: string }; black: { pattern: string } } };
  error?: unknown;
};

/** The adjudicator, if the engine helper has committed it (the verdict tests fail otherwise). */
function loadAdjudicate(): AdjudicateFn | undefined {
  try {
    const mod = require('../adjudicate') as { adjudicate?: AdjudicateFn };
    return mod.adjudicate;
  } catch {
    return undefined;
  }
}

function sq(name: string): number {
  const s = parseSquare(name);
  if (s === undefined) throw new Error(`bad square ${name}`);
  return s;
}

/** The positions after 0, 1, … n plies. */
export function positionsOf(c: RepetitionCase): Position[] {
  const r = Position.fromFen(c.fen);
  if (!r.ok) throw new Error(`${c.id}: bad FEN: ${r.error.message}`);
  const out = [r.value.clone()];
  let pos = r.value;
  c.moves.forEach((text, i) => {
    const m = parseIccs(text);
    if (!m || !pos.isLegal(m)) throw new Error(`${c.id}: ply ${i + 1} ${text} is not legal`);
    pos = pos.clone();
    pos.play(m);
    out.push(pos.clone());
  });
  return out;
}

/** The same placement with `side` to move (for asking what the other side could do). */
function withTurn(pos: Position, side: Side): Position {
  if (pos.turn === side) return pos.clone();
  const parts = pos.toFen().split(' ');
  parts[1] = side === 'red' ? 'w' : 'b';
  const r = Position.fromFen(parts.join(' '));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function canCapture(pos: Position, from: number, to: number): boolean {
  const p = pos.pieceAt(from);
  if (!p) throw new Error('no piece on the from-square');
  return withTurn(pos, p.side).isLegal({ from, to });
}

/** After `by` captures on `square`: the owner's pieces that geometrically cover it, and those that may legally recapture. */
function recapture(pos: Position, square: number, by: number): { cover: number[]; legal: number[] } {
  const target = pos.pieceAt(square);
  const attacker = pos.pieceAt(by);
  if (!target || !attacker) throw new Error('protection: no piece on the square or on the capturer');
  if (!canCapture(pos, by, square)) throw new Error('protection: the capturer cannot legally capture');
  const after = withTurn(pos, attacker.side);
  after.play({ from: by, to: square });
  const owner = withTurn(after, target.side);
  const cover = owner.attackers(square, target.side);
  const legal = cover.filter((f) => owner.isLegal({ from: f, to: square }));
  return { cover, legal };
}

export function relationHolds(positions: Position[], rel: Relation): boolean {
  const pos = positions[rel.at];
  if (!pos) throw new Error(`relation at ply ${rel.at}: no such position`);
  switch (rel.kind) {
    case 'check':
      return pos.isCheck();
    case 'notCheck':
      return !pos.isCheck();
    case 'attacks':
      return canCapture(pos, sq(rel.from), sq(rel.to));
    case 'notAttacks':
      return !canCapture(pos, sq(rel.from), sq(rel.to));
    case 'protected':
      return recapture(pos, sq(rel.square), sq(rel.by)).legal.length > 0;
    case 'unprotected':
      return recapture(pos, sq(rel.square), sq(rel.by)).legal.length === 0;
    case 'falseRoot': {
      const r = recapture(pos, sq(rel.square), sq(rel.by));
      return r.cover.includes(sq(rel.root)) && !r.legal.includes(sq(rel.root));
    }
    case 'pinned': {
      const from = sq(rel.square);
      const p = pos.pieceAt(from);
      if (!p) throw new Error('pinned: no piece');
      const t = withTurn(pos, p.side);
      const pseudo = t.attackers(sq(rel.to), p.side).includes(from) || t.pieceAt(sq(rel.to)) === undefined;
      return pseudo && !t.isLegal({ from, to: sq(rel.to) });
    }
    case 'crossedRiver':
    case 'notCrossedRiver': {
      const p = pos.pieceAt(sq(rel.square));
      if (!p || p.role !== 'pawn') throw new Error('crossedRiver: no pawn');
      const r = squareRank(sq(rel.square));
      const crossed = p.side === 'red' ? r >= 5 : r <= 4;
      return rel.kind === 'crossedRiver' ? crossed : !crossed;
    }
  }
}

function describe2(rel: Relation): string {
  const { kind, at, ...rest } = rel;
  return `${kind} after ${at} plies ${JSON.stringify(rest)}`;
}

export function runCases(title: string, cases: RepetitionCase[]): void {
  const adjudicate = loadAdjudicate();
  describe(title, () => {
    for (const c of cases) {
      describe(`${c.id}: ${c.title}`, () => {
        it('the position and every printed move are legal, as printed, and the last position repeats', () => {
          expect(c.moves).toHaveLength(c.chinese.length);
          const start = Position.fromFen(c.fen);
          expect(start.ok ? 'ok' : start.error.message).toBe('ok');
          if (!start.ok) return;
          expect(start.value.isCheck(start.value.turn === 'red' ? 'black' : 'red')).toBe(false);
          let pos = start.value;
          const keys = [pos.key()];
          c.moves.forEach((text, i) => {
            const m = parseIccs(text);
            expect({ ply: i + 1, move: text, parsed: m !== undefined }).toEqual({ ply: i + 1, move: text, parsed: true });
            if (!m) return;
            expect({ ply: i + 1, move: text, legal: pos.isLegal(m) }).toEqual({ ply: i + 1, move: text, legal: true });
            const side = pos.turn;
            expect({ ply: i + 1, move: toChinese(pos, m) }).toEqual({ ply: i + 1, move: normalizeChinese(c.chinese[i], side) });
            const captured = pos.pieceAt(m.to) !== undefined;
            expect({ ply: i + 1, capture: captured }).toEqual({ ply: i + 1, capture: (c.captures ?? []).includes(i + 1) });
            pos = pos.clone();
            pos.play(m);
            keys.push(pos.key());
          });
          expect(keys.slice(0, -1)).toContain(keys[keys.length - 1]);
        });

        if (c.relations?.length) {
          it('the relations the text states hold', () => {
            const positions = positionsOf(c);
            for (const rel of c.relations!) {
              expect({ relation: describe2(rel), holds: relationHolds(positions, rel) }).toEqual({ relation: describe2(rel), holds: true });
            }
          });
        }

        it(`the adjudicator rules ${c.expected}${c.patterns ? ' ' + JSON.stringify(c.patterns) : ''}`, () => {
          expect(adjudicate).toBeDefined();
          if (!adjudicate) return;
          const r = adjudicate({ fen: c.fen, moves: c.moves });
          expect(r.ok).toBe(true);
          if (!r.ok || !r.value) return;
          expect(r.value.result).toBe(c.expected);
          if (c.patterns?.red) expect(r.value.sides.red.pattern).toBe(c.patterns.red);
          if (c.patterns?.black) expect(r.value.sides.black.pattern).toBe(c.patterns.black);
        });
      });
    }
  });
}
