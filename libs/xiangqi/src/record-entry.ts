/**
 * Entering a game move by move, as the record entry page does (in the browser): tap a piece then
 * its target, or type a move in Chinese, WXF/AXF or ICCS; only legal moves are taken (a move that
 * exposes one's own king is refused here — the page enters games as they were played); undo.
 *
 * ```ts
 * const entry = new RecordEntry();
 * entry.tap(parseSquare('h2')!); entry.tap(parseSquare('e2')!); // 炮二平五
 * entry.type('马8进7');
 * entry.texts('wxf'); // ['C2.5', 'H8+7']
 * ```
 */
import { INITIAL_FEN } from './fen';
import { makeIccs } from './iccs';
import { Notation, formatMove, parseMove } from './notation';
import { Position } from './position';
import { Move, Result, Square, err, ok } from './types';

/**
 * Why a tap or a typed move is refused, as a code a page words in its own language (issue 30 #5):
 * the tap's own reasons, and libs/xiangqi notation's codes for a typed move.
 */
export type EntryRefusalCode =
  'no_piece' | 'not_to_move' | 'no_legal_move' | 'cannot_move_there' | 'self_exposure' | 'syntax' | 'no_such_piece' | 'ambiguous' | 'illegal' | 'wrong_side';

export type TapOutcome =
  | { kind: 'selected'; square: Square; targets: Square[] }
  | { kind: 'deselected' }
  | { kind: 'moved'; move: Move }
  | { kind: 'refused'; reason: string; code: EntryRefusalCode };

export class RecordEntry {
  readonly startFen: string;
  private readonly start: Position;
  private readonly played: Move[] = [];
  private current: Position;
  private selected: Square | undefined;

  constructor(fen: string = INITIAL_FEN) {
    const p = Position.fromFen(fen);
    if (!p.ok) throw new Error(`the start position is not valid: ${p.error.message}`);
    this.start = p.value;
    this.startFen = p.value.toFen();
    this.current = p.value.clone();
  }

  get position(): Position {
    return this.current;
  }

  get moves(): readonly Move[] {
    return this.played;
  }

  get selection(): Square | undefined {
    return this.selected;
  }

  /** A tap on a square: select one's own piece, then a target among its legal moves. */
  tap(square: Square): TapOutcome {
    const piece = this.current.pieceAt(square);
    if (this.selected !== undefined) {
      if (square === this.selected) {
        this.selected = undefined;
        return { kind: 'deselected' };
      }
      const move = { from: this.selected, to: square };
      if (this.current.isLegal(move)) {
        this.selected = undefined;
        this.play(move);
        return { kind: 'moved', move };
      }
      if (piece && piece.side === this.current.turn) return this.select(square);
      return { kind: 'refused', ...this.whyNot(move) };
    }
    if (!piece) return { kind: 'refused', reason: 'no piece there', code: 'no_piece' };
    if (piece.side !== this.current.turn) return { kind: 'refused', reason: `${this.current.turn} is to move`, code: 'not_to_move' };
    return this.select(square);
  }

  private select(square: Square): TapOutcome {
    const targets = this.current.legalMovesFrom(square).map((m) => m.to);
    if (!targets.length) return { kind: 'refused', reason: 'that piece has no legal move', code: 'no_legal_move' };
    this.selected = square;
    return { kind: 'selected', square, targets };
  }

  private whyNot(move: Move): { reason: string; code: EntryRefusalCode } {
    if (this.current.isSelfExposure(move))
      return { reason: 'that move would leave your king in check or facing the other king (一章3节5)', code: 'self_exposure' };
    return { reason: 'that piece cannot move there', code: 'cannot_move_there' };
  }

  /** A typed move in any notation (full-width letters and digits too). */
  type(text: string): Result<Move, string> {
    const r = this.typeOrWhy(text);
    return r.ok ? r : err(r.error.reason);
  }

  /** A typed move, or why not as a code with the English reason (the entry page words the code). */
  typeOrWhy(text: string): Result<Move, { reason: string; code: EntryRefusalCode }> {
    const parsed = parseMove(this.current, text);
    if (!parsed.ok) return err({ reason: parsed.error.message, code: parsed.error.code });
    this.selected = undefined;
    this.play(parsed.value);
    return ok(parsed.value);
  }

  private play(move: Move): void {
    this.current.play(move);
    this.played.push(move);
  }

  undo(): Move | undefined {
    const last = this.played.pop();
    this.selected = undefined;
    if (!last) return undefined;
    this.current = this.start.clone();
    for (const m of this.played) this.current.play(m);
    return last;
  }

  /** Replaces the moves (e.g. a stored record); stops at the first illegal one and says so. */
  load(iccs: readonly string[]): Result<number, string> {
    this.played.length = 0;
    this.current = this.start.clone();
    this.selected = undefined;
    for (const [i, text] of iccs.entries()) {
      const r = this.type(text);
      if (!r.ok) return err(`ply ${i + 1}: ${r.error}`);
    }
    return ok(this.played.length);
  }

  /** The moves written in a notation (each in the position it was played from). */
  texts(notation: Notation): string[] {
    const pos = this.start.clone();
    return this.played.map((m) => {
      const t = formatMove(pos, m, notation);
      pos.play(m);
      return t;
    });
  }

  iccs(): string[] {
    return this.played.map(makeIccs);
  }

  isOver(): boolean {
    return !this.current.hasLegalMove();
  }
}
