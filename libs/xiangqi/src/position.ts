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
import { BLACK, KING, RED, SQUARE_FILE, SQUARE_RANK, codePiece, lineOccupancy, pieceCode, sideIndex, sideOfIndex } from './board';
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
  /** @internal King squares by side index (−1 if a king was captured through `play`). */
  readonly kings: Int32Array;
  /** Plies since the last capture (the FEN half-move clock). */
  halfmoves: number;
  /** The FEN full-move number: starts at 1, incremented after Black's move. */
  fullmoves: number;
  /**
   * @internal Piece lists: the squares of side s's pieces are `pieceSquares[16 s .. 16 s + pieceCounts[s])`
   * in no particular order; `pieceSlot[sq]` is the index of the piece on `sq` in its side's list.
   * Kept by `playCode`/`unplayCode`.
   */
  readonly pieceSquares: Int8Array;
  /** @internal */
  readonly pieceCounts: Int32Array;
  /** @internal */
  readonly pieceSlot: Int8Array;
  /** @internal Occupancy bits of ranks 0–9 (index r, bit = file) and files (index 10 + f, bit = rank), see board.ts. */
  readonly lineOcc: Int32Array;

  private constructor(board: Int8Array, turnIndex: number, halfmoves: number, fullmoves: number) {
    this.board = board;
    this.turnIndex = turnIndex;
    this.halfmoves = halfmoves;
    this.fullmoves = fullmoves;
    this.kings = new Int32Array([-1, -1]);
    this.pieceSquares = new Int8Array(32);
    this.pieceCounts = new Int32Array(2);
    this.pieceSlot = new Int8Array(90);
    this.lineOcc = lineOccupancy(board);
    for (let sq = 0; sq < 90; sq++) {
      const p = board[sq];
      if (p === 0) continue;
      if (p === KING) this.kings[RED] = sq;
      else if (p === -KING) this.kings[BLACK] = sq;
      const s = p > 0 ? RED : BLACK;
      const i = this.pieceCounts[s]++;
      this.pieceSquares[16 * s + i] = sq;
      this.pieceSlot[sq] = i;
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
    return this.kings[sideIndex(side)];
  }

  clone(): Position {
    return new Position(new Int8Array(this.board), this.turnIndex, this.halfmoves, this.fullmoves);
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
    const list = this.pieceSquares;
    const slot = this.pieceSlot;
    if (captured !== 0) {
      // Take the captured piece out of its list: the list's last piece fills the hole.
      const s = captured > 0 ? RED : BLACK;
      const last = 16 * s + --this.pieceCounts[s];
      const hole = 16 * s + slot[to];
      const lastSq = list[last];
      list[hole] = lastSq;
      slot[lastSq] = hole - 16 * s;
    }
    const occ = this.lineOcc;
    const fr = SQUARE_RANK[from];
    const ff = SQUARE_FILE[from];
    occ[fr] &= ~(1 << ff);
    occ[10 + ff] &= ~(1 << fr);
    if (moving !== 0) {
      const i = slot[from];
      list[16 * (moving > 0 ? RED : BLACK) + i] = to;
      slot[to] = i;
      const tr = SQUARE_RANK[to];
      const tf = SQUARE_FILE[to];
      occ[tr] |= 1 << tf;
      occ[10 + tf] |= 1 << tr;
    } else if (captured !== 0) {
      const tr = SQUARE_RANK[to];
      const tf = SQUARE_FILE[to];
      occ[tr] &= ~(1 << tf);
      occ[10 + tf] &= ~(1 << tr);
    }
    b[to] = moving;
    b[from] = 0;
    if (moving === KING) this.kings[RED] = to;
    else if (moving === -KING) this.kings[BLACK] = to;
    if (captured === KING) this.kings[RED] = -1;
    else if (captured === -KING) this.kings[BLACK] = -1;
    this.halfmoves = captured !== 0 ? 0 : this.halfmoves + 1;
    if (this.turnIndex === BLACK) this.fullmoves++;
    this.turnIndex ^= 1;
    return captured;
  }

  /** @internal Undoes `playCode` given what it returned and the counters before it. */
  unplayCode(from: number, to: number, captured: number, halfmoves: number): void {
    const b = this.board;
    const moving = b[to];
    const list = this.pieceSquares;
    const slot = this.pieceSlot;
    const occ = this.lineOcc;
    const tr = SQUARE_RANK[to];
    const tf = SQUARE_FILE[to];
    if (moving !== 0) {
      const i = slot[to];
      list[16 * (moving > 0 ? RED : BLACK) + i] = from;
      slot[from] = i;
      const fr = SQUARE_RANK[from];
      const ff = SQUARE_FILE[from];
      occ[fr] |= 1 << ff;
      occ[10 + ff] |= 1 << fr;
    }
    if (captured !== 0) {
      const s = captured > 0 ? RED : BLACK;
      const i = this.pieceCounts[s]++;
      list[16 * s + i] = to;
      slot[to] = i;
      occ[tr] |= 1 << tf;
      occ[10 + tf] |= 1 << tr;
    } else {
      occ[tr] &= ~(1 << tf);
      occ[10 + tf] &= ~(1 << tr);
    }
    b[from] = moving;
    b[to] = captured;
    if (moving === KING) this.kings[RED] = from;
    else if (moving === -KING) this.kings[BLACK] = from;
    if (captured === KING) this.kings[RED] = to;
    else if (captured === -KING) this.kings[BLACK] = to;
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
    const kingSq = this.kings[side];
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
    const k = this.kings[s];
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
