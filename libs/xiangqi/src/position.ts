/**
 * A validated xiangqi position: placement, side to move and the move counters.
 * Comes only from `Position.default()`, `Position.fromFen()` or `Position.fromSetup()`.
 *
 * ```ts
 * const pos = Position.default();
 * pos.play({ from: parseSquare('h2')!, to: parseSquare('e2')! }); // 炮二平五
 * pos.legalMoves().length; // 44
 * ```
 */
import { attackersOf, isAttacked } from './attacks';
import {
  BLACK,
  KING,
  KING_AT,
  LIST_COUNT,
  LIST_SLOT,
  OCC,
  RED,
  SQUARE_FILE,
  TABLES_SIZE,
  SQUARE_RANK,
  codePiece,
  lineOccupancy,
  pieceCode,
  sideIndex,
  sideOfIndex,
} from './board';
import { FenError, INITIAL_FEN, parseFen, makeFen } from './fen';
import { MAX_MOVES, countLegalOf, generateLegal, generateLegalOf, leavesKingAttacked } from './movegen';
import { Setup, validateSetup } from './setup';
import { Move, Piece, Result, Side, Square, isSquare, ok } from './types';
import { zobristKey } from './zobrist';

export class Position {
  /** @internal Signed piece codes, see board.ts. */
  readonly board: Int8Array;
  /** @internal 0 red, 1 black. */
  turnIndex: number;
  /** Plies since the last capture (the FEN half-move clock). */
  halfmoves: number;
  /** The FEN full-move number: starts at 1, incremented after Black's move. */
  fullmoves: number;
  /**
   * @internal The search tables (layout in board.ts): piece lists, rank and file occupancy, and
   * the king squares by side index (−1 if a king was captured through `play`). Kept by
   * `playCode`/`unplayCode`. A plain array of small integers: V8 copies it in `clone` several
   * times faster than a typed array of this size (which it allocates outside its heap).
   */
  readonly tables: number[];

  private constructor(board: Int8Array, turnIndex: number, halfmoves: number, fullmoves: number, copyOf?: Position) {
    this.board = board;
    this.turnIndex = turnIndex;
    this.halfmoves = halfmoves;
    this.fullmoves = fullmoves;
    if (copyOf) {
      this.tables = copyOf.tables.slice();
      return;
    }
    const t: number[] = [];
    for (let i = 0; i < TABLES_SIZE; i++) t.push(0); // packed small integers: `clone` copies it cheaply
    this.tables = t;
    t[KING_AT + RED] = -1;
    t[KING_AT + BLACK] = -1;
    lineOccupancy(board, t, OCC);
    for (let sq = 0; sq < 90; sq++) {
      const p = board[sq];
      if (p === 0) continue;
      if (p === KING) t[KING_AT + RED] = sq;
      else if (p === -KING) t[KING_AT + BLACK] = sq;
      const s = p > 0 ? RED : BLACK;
      const i = t[LIST_COUNT + s]++;
      t[16 * s + i] = sq;
      t[LIST_SLOT + sq] = i;
    }
  }

  /** The start position (一章1节4, 图-A). */
  static default(): Position {
    const r = Position.fromFen(INITIAL_FEN);
    if (!r.ok) throw new Error('bug: the initial FEN does not parse');
    return r.value;
  }

  static fromFen(fen: string): Result<Position, FenError> {
    const setup = parseFen(fen);
    if (!setup.ok) return setup;
    return Position.fromSetup(setup.value);
  }

  /** Validates an unchecked setup (see setup.ts for the error codes). */
  static fromSetup(setup: Setup): Result<Position, FenError> {
    const checked = validateSetup(setup);
    if (!checked.ok) return checked;
    const board = new Int8Array(90);
    for (let sq = 0; sq < 90; sq++) {
      const p = setup.board[sq];
      if (p) board[sq] = pieceCode(p);
    }
    return ok(new Position(board, sideIndex(setup.turn), setup.halfmoves ?? 0, setup.fullmoves ?? 1));
  }

  toFen(): string {
    return makeFen(this.toSetup());
  }

  toSetup(): Setup {
    const board: (Piece | undefined)[] = [];
    for (let sq = 0; sq < 90; sq++) board.push(codePiece(this.board[sq]));
    return { board, turn: this.turn, halfmoves: this.halfmoves, fullmoves: this.fullmoves };
  }

  get turn(): Side {
    return sideOfIndex(this.turnIndex);
  }

  pieceAt(sq: Square): Piece | undefined {
    return isSquare(sq) ? codePiece(this.board[sq]) : undefined;
  }

  pieces(side?: Side): { square: Square; piece: Piece }[] {
    const out: { square: Square; piece: Piece }[] = [];
    for (let sq = 0; sq < 90; sq++) {
      const piece = codePiece(this.board[sq]);
      if (piece && (side === undefined || piece.side === side)) out.push({ square: sq, piece });
    }
    return out;
  }

  /** The king's square; −1 only if a king was captured through an unchecked `play`. */
  kingSquare(side: Side): Square {
    return this.tables[KING_AT + sideIndex(side)];
  }

  clone(): Position {
    return new Position(new Int8Array(this.board), this.turnIndex, this.halfmoves, this.fullmoves, this);
  }

  /** Plays a move without any legality check (mutates); returns the captured piece. */
  play(move: Move): Piece | undefined {
    const captured = this.playCode(move.from, move.to);
    return codePiece(captured);
  }

  /** @internal Plays `from → to`, returns the captured code. */
  playCode(from: number, to: number): number {
    const b = this.board;
    const moving = b[from];
    const captured = b[to];
    const t = this.tables;
    if (captured !== 0) {
      // Take the captured piece out of its list: the list's last piece fills the hole.
      const s = captured > 0 ? RED : BLACK;
      const last = 16 * s + --t[LIST_COUNT + s];
      const i = t[LIST_SLOT + to];
      const lastSq = t[last];
      t[16 * s + i] = lastSq;
      t[LIST_SLOT + lastSq] = i;
    }
    const fr = SQUARE_RANK[from];
    const ff = SQUARE_FILE[from];
    t[OCC + fr] &= ~(1 << ff);
    t[OCC + 10 + ff] &= ~(1 << fr);
    if (moving !== 0) {
      const i = t[LIST_SLOT + from];
      t[16 * (moving > 0 ? RED : BLACK) + i] = to;
      t[LIST_SLOT + to] = i;
      const tr = SQUARE_RANK[to];
      const tf = SQUARE_FILE[to];
      t[OCC + tr] |= 1 << tf;
      t[OCC + 10 + tf] |= 1 << tr;
    } else if (captured !== 0) {
      const tr = SQUARE_RANK[to];
      const tf = SQUARE_FILE[to];
      t[OCC + tr] &= ~(1 << tf);
      t[OCC + 10 + tf] &= ~(1 << tr);
    }
    b[to] = moving;
    b[from] = 0;
    if (moving === KING) t[KING_AT + RED] = to;
    else if (moving === -KING) t[KING_AT + BLACK] = to;
    if (captured === KING) t[KING_AT + RED] = -1;
    else if (captured === -KING) t[KING_AT + BLACK] = -1;
    this.halfmoves = captured !== 0 ? 0 : this.halfmoves + 1;
    if (this.turnIndex === BLACK) this.fullmoves++;
    this.turnIndex ^= 1;
    return captured;
  }

  /** @internal Undoes `playCode` given what it returned and the counters before it. */
  unplayCode(from: number, to: number, captured: number, halfmoves: number): void {
    const b = this.board;
    const moving = b[to];
    const t = this.tables;
    const tr = SQUARE_RANK[to];
    const tf = SQUARE_FILE[to];
    if (moving !== 0) {
      const i = t[LIST_SLOT + to];
      t[16 * (moving > 0 ? RED : BLACK) + i] = from;
      t[LIST_SLOT + from] = i;
      const fr = SQUARE_RANK[from];
      const ff = SQUARE_FILE[from];
      t[OCC + fr] |= 1 << ff;
      t[OCC + 10 + ff] |= 1 << fr;
    }
    if (captured !== 0) {
      const s = captured > 0 ? RED : BLACK;
      const i = t[LIST_COUNT + s]++;
      t[16 * s + i] = to;
      t[LIST_SLOT + to] = i;
      t[OCC + tr] |= 1 << tf;
      t[OCC + 10 + tf] |= 1 << tr;
    } else {
      t[OCC + tr] &= ~(1 << tf);
      t[OCC + 10 + tf] &= ~(1 << tr);
    }
    b[from] = moving;
    b[to] = captured;
    if (moving === KING) t[KING_AT + RED] = from;
    else if (moving === -KING) t[KING_AT + BLACK] = from;
    if (captured === KING) t[KING_AT + RED] = to;
    else if (captured === -KING) t[KING_AT + BLACK] = to;
    this.turnIndex ^= 1;
    if (this.turnIndex === BLACK) this.fullmoves--;
    this.halfmoves = halfmoves;
  }

  /** @internal Legal moves (encoded) for the side to move into `out`; returns the count. */
  generateLegal(out: Int32Array, onlyFrom = -1): number {
    return generateLegal(this, out, onlyFrom);
  }

  /** @internal `generateLegal` in piece-list order (the same moves, another order): for searches. */
  generateLegalUnordered(out: Int32Array): number {
    return generateLegalOf(this, out);
  }

  /** @internal The number of legal moves, counted where possible (perft's last ply); `scratch` ≥ MAX_MOVES. */
  countLegal(scratch: Int32Array): number {
    return countLegalOf(this, scratch);
  }

  legalMoves(): Move[] {
    return this.decode(MAX_MOVES, -1);
  }

  legalMovesFrom(sq: Square): Move[] {
    if (!isSquare(sq)) return [];
    return this.decode(MAX_MOVES, sq);
  }

  private decode(size: number, onlyFrom: number): Move[] {
    const buf = new Int32Array(size);
    const n = this.generateLegal(buf, onlyFrom);
    const out: Move[] = [];
    for (let i = 0; i < n; i++) out.push({ from: buf[i] & 0xff, to: buf[i] >> 8 });
    return out;
  }

  isLegal(move: Move): boolean {
    if (!move || !isSquare(move.from) || !isSquare(move.to)) return false;
    return this.legalMovesFrom(move.from).some((m) => m.to === move.to);
  }

  /**
   * Would `move` (pseudo-legal or not) by the side to move leave its own king attacked or the
   * kings facing (自杀着法, 一章3节5)? The position is unchanged.
   */
  isSelfExposure(move: Move): boolean {
    const side = this.turnIndex;
    const kingSq = this.tables[KING_AT + side];
    if (kingSq < 0) return false;
    return leavesKingAttacked(this.board, side, kingSq, move.from, move.to);
  }

  /**
   * Squares of `by`'s pieces that could move to `sq` as a capture by their movement rules
   * (leg, eye, screen, river, palace respected), ignoring whether that would expose their own
   * king. A cannon counts only over exactly one screen. The kings facing is not listed (it is
   * in `isCheck`). Sorted by square.
   */
  attackers(sq: Square, by: Side): Square[] {
    if (!isSquare(sq)) return [];
    return attackersOf(this.board, sq, sideIndex(by));
  }

  /** 将军 (一章2节10), including the kings facing on an open file (一章2节9). */
  isCheck(side: Side = this.turn): boolean {
    const s = sideIndex(side);
    const k = this.tables[KING_AT + s];
    return k >= 0 && isAttacked(this.board, k, s ^ 1);
  }

  /** 将死: the side to move is in check and has no legal move (四章2节1A). */
  isCheckmate(): boolean {
    return this.isCheck() && !this.hasLegalMove();
  }

  /** 困毙: not in check and no legal move — a loss for the side to move (四章2节1A). */
  isStalemate(): boolean {
    return !this.isCheck() && !this.hasLegalMove();
  }

  hasLegalMove(): boolean {
    return this.generateLegal(new Int32Array(MAX_MOVES)) > 0;
  }

  /** Equal for equal placement and side to move (Zobrist, 64 bits as 16 hex digits). */
  key(): string {
    return zobristKey(this.board, this.turnIndex);
  }
}
