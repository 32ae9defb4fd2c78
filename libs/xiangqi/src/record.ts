/**
 * Game records: import a game (move list in any notation, ICCS, or xiangqi PGN), replaying it
 * move by move with the rules of play, and export it in any notation.
 *
 * ```ts
 * const game = importGame('1. 炮二平五 马8进7 2. 马二进三 车9平8');
 * if (game.ok) exportGame(game.value, 'axf'); // '1. C2=5 H8+7\n2. H2+3 R9=8'
 * ```
 * The first move that cannot be played stops the import with a RecordError naming its move
 * number, side, text and reason. A self-exposing move (自杀着法, 一章3节5) is recorded and ends
 * the game: the mover loses at once. Moves after the end of the game are an error.
 */
import { INITIAL_FEN } from './fen';
import { makeIccs } from './iccs';
import { Notation, NotationErrorCode, formatMove, parseMove } from './notation';
import { Annotations, annotatedMovetext, annotationsOfText, hasAnnotations } from './annotations';
import { makePgnFromTokens, numberedMoves, parseRecordText } from './pgn';
import { Position } from './position';
import { Move, Piece, Result, Side, err, ok } from './types';

export const RECORD_ERROR_CODES = ['syntax', 'bad_fen', 'illegal_move', 'after_end'] as const;
export type RecordErrorCode = (typeof RECORD_ERROR_CODES)[number];

export class RecordError extends Error {
  readonly code: RecordErrorCode;
  /** 1-based index of the offending ply in the record. */
  readonly ply?: number;
  /** The move number as written in the record (Red's and Black's moves share one). */
  readonly moveNumber?: number;
  readonly side?: Side;
  readonly text?: string;
  /** Why the move cannot be played. */
  readonly reason?: NotationErrorCode;
  constructor(
    code: RecordErrorCode,
    message: string,
    detail: { ply?: number; moveNumber?: number; side?: Side; text?: string; reason?: NotationErrorCode } = {},
  ) {
    super(message);
    this.name = 'RecordError';
    this.code = code;
    Object.assign(this, detail);
  }
}

export interface GamePly {
  /** 1-based. */
  ply: number;
  moveNumber: number;
  side: Side;
  /** The text as read (or as generated when the game was built from moves). */
  text: string;
  move: Move;
  captured?: Piece;
  /** The move gives check (including the kings facing). */
  check: boolean;
  /** 自杀着法 (一章3节5): the move leaves the mover's own king attacked or the kings facing. */
  selfExposure: boolean;
}

export type GameEnd =
  | { kind: 'ongoing' }
  /** 将死 — the side to move is mated and loses (四章2节1A). */
  | { kind: 'checkmate'; loser: Side }
  /** 困毙 — the side to move cannot move and loses (四章2节1A). */
  | { kind: 'stalemate'; loser: Side }
  /** 自杀着法 — the mover loses at once (一章3节5, 四章2节1A). */
  | { kind: 'self_exposure'; loser: Side; ply: number };

export interface Game {
  tags: Record<string, string>;
  startFen: string;
  plies: GamePly[];
  end: GameEnd;
  /** The result token written in the record, if any (`1-0`, `0-1`, `1/2-1/2`, `*`). */
  resultToken?: string;
  /** What the import read leniently or found contradictory (the game is still valid). */
  warnings?: string[];
  /** The record's comments and variations (annotations.ts), when it has any. */
  annotations?: Annotations;
}

export interface ImportOptions {
  /** Start position when the record has no FEN tag (default: the start position). */
  fen?: string;
}

/** Reads and validates a record; see the module comment. */
export function importGame(text: string, options: ImportOptions = {}): Result<Game, RecordError> {
  const parsed = parseRecordText(text);
  if (!parsed.ok) return err(new RecordError('syntax', parsed.error.message));
  const { tags, moves, result, warnings, main } = parsed.value;
  const fen = tags.FEN ?? options.fen ?? INITIAL_FEN;
  const game = replayGame(fen, moves, tags);
  if (!game.ok) return game;
  if (result) game.value.resultToken = result;
  const startPos = Position.fromFen(game.value.startFen);
  const annotations = startPos.ok ? annotationsOfText(startPos.value, main, warnings) : undefined;
  if (annotations && hasAnnotations(annotations)) game.value.annotations = annotations;
  game.value.warnings = [...warnings, ...resultWarnings(game.value, tags.Result, result)];
  return game;
}

const RESULT_WORDS: Record<string, string> = { '1-0': 'Red won', '0-1': 'Black won', '1/2-1/2': 'a draw', '½-½': 'a draw' };

/**
 * A result written in the record (the Result tag or the movetext's token) that the final
 * position contradicts: a mate, 困毙 or 自杀着法 decides the game (四章2节1A), so a record
 * ending in one with another result is kept but warned about.
 */
export function resultWarnings(game: Game, tagResult: string | undefined, tokenResult: string | undefined): string[] {
  const out: string[] = [];
  if (game.end.kind === 'ongoing') return out;
  const implied = endResult(game.end);
  for (const [where, written] of [
    ['the Result tag', tagResult],
    ['the result at the end of the moves', tokenResult],
  ] as const) {
    if (written && written !== '*' && RESULT_WORDS[written] && (written === '½-½' ? '1/2-1/2' : written) !== implied) {
      out.push(`${where} says ${written} (${RESULT_WORDS[written]}) but ${describeEnd(game.end)} (${implied}, 四章2节1A)`);
    }
  }
  return out;
}

/** Replays move texts from a FEN, checking each (see `importGame`). */
export function replayGame(fen: string, moveTexts: string[], tags: Record<string, string> = {}): Result<Game, RecordError> {
  const start = Position.fromFen(fen);
  if (!start.ok) return err(new RecordError('bad_fen', `the start position is not valid: ${start.error.message}`));
  const startFen = start.value.toFen();
  const pos = start.value;
  const plies: GamePly[] = [];
  let end: GameEnd = { kind: 'ongoing' };
  for (let i = 0; i < moveTexts.length; i++) {
    const text = moveTexts[i];
    const side = pos.turn;
    const moveNumber = pos.fullmoves;
    const where = `move ${moveNumber}${side === 'black' ? '...' : '.'} ${text} (ply ${i + 1}, ${side})`;
    if (end.kind !== 'ongoing') {
      return err(
        new RecordError('after_end', `${where}: the game was already over (${describeEnd(end)})`, {
          ply: i + 1,
          moveNumber,
          side,
          text,
        }),
      );
    }
    const parsed = parseMove(pos, text);
    let move: Move;
    let selfExposure = false;
    if (parsed.ok) {
      move = parsed.value;
    } else if (parsed.error.code === 'self_exposure' && parsed.error.move) {
      move = parsed.error.move;
      selfExposure = true;
    } else {
      return err(
        new RecordError('illegal_move', `${where}: ${parsed.error.message}`, {
          ply: i + 1,
          moveNumber,
          side,
          text,
          reason: parsed.error.code,
        }),
      );
    }
    const captured = pos.play(move);
    const check = pos.isCheck(pos.turn);
    plies.push({ ply: i + 1, moveNumber, side, text, move, captured, check, selfExposure });
    if (selfExposure) end = { kind: 'self_exposure', loser: side, ply: i + 1 };
    else if (!pos.hasLegalMove()) end = check ? { kind: 'checkmate', loser: pos.turn } : { kind: 'stalemate', loser: pos.turn };
  }
  return ok({ tags, startFen, plies, end });
}

/** Builds a game from moves already known to be legal (e.g. from a UI); texts are ICCS. */
export function gameFromMoves(fen: string, moves: Move[]): Result<Game, RecordError> {
  return replayGame(fen, moves.map(makeIccs));
}

export function describeEnd(end: GameEnd): string {
  switch (end.kind) {
    case 'ongoing':
      return 'the game goes on';
    case 'checkmate':
      return `${end.loser} is checkmated (将死) and loses`;
    case 'stalemate':
      return `${end.loser} has no legal move (困毙) and loses`;
    case 'self_exposure':
      return `${end.loser} exposed its own king at ply ${end.ply} (自杀着法, 一章3节5) and loses`;
  }
}

/** The result the end of the game implies: `1-0`, `0-1`, or `*` while it goes on. */
export function endResult(end: GameEnd): string {
  if (end.kind === 'ongoing') return '*';
  return end.loser === 'black' ? '1-0' : '0-1';
}

/** The positions of a game: index 0 is the start, index i the position after ply i. */
export function gamePositions(game: Game): Position[] {
  const start = Position.fromFen(game.startFen);
  if (!start.ok) throw new Error('bug: a Game holds a valid start FEN');
  const out = [start.value.clone()];
  const pos = start.value;
  for (const p of game.plies) {
    pos.play(p.move);
    out.push(pos.clone());
  }
  return out;
}

export const EXPORT_FORMATS = ['chinese', 'chinese-traditional', 'axf', 'axf-chinese', 'wxf', 'iccs', 'pgn'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The game's moves written in a notation. */
export function gameMoveTexts(game: Game, notation: Notation): string[] {
  const positions = gamePositions(game);
  return game.plies.map((p, i) => formatMove(positions[i], p.move, notation));
}

const PGN_FORMAT_NAMES: Record<Notation, string> = {
  chinese: 'Chinese',
  'chinese-traditional': 'Chinese',
  axf: 'AXF',
  'axf-chinese': 'AXF',
  wxf: 'WXF',
  iccs: 'ICCS',
};

/**
 * Writes the game: a numbered move list (one full move per line) in a notation, or a PGN with
 * Chinese movetext (`pgnNotation` chooses another; ICCS adds `[Format "ICCS"]`).
 */
export function exportGame(game: Game, format: ExportFormat, options: { pgnNotation?: Notation; formatTag?: boolean } = {}): string {
  const start = Position.fromFen(game.startFen);
  if (!start.ok) throw new Error('bug: a Game holds a valid start FEN');
  const first = start.value.fullmoves;
  const blackFirst = start.value.turn === 'black';
  if (format !== 'pgn') {
    const tokens = numberedMoves(gameMoveTexts(game, format), first, blackFirst);
    const lines: string[] = [];
    for (const t of tokens) {
      if (/^\d+\.+$/.test(t)) lines.push(t);
      else lines[lines.length - 1] += ` ${t}`;
    }
    return lines.join('\n');
  }
  const notation = options.pgnNotation ?? 'chinese';
  const result = game.resultToken && game.resultToken !== '*' ? game.resultToken : endResult(game.end);
  const tags: [string, string][] = [['Game', 'Chinese Chess']];
  for (const [k, v] of Object.entries(game.tags)) if (!['Game', 'FEN', 'Result', 'Format'].includes(k)) tags.push([k, v]);
  if (game.startFen !== INITIAL_FEN && start.value.toFen() !== INITIAL_FEN) tags.push(['FEN', start.value.toFen()]);
  if (notation === 'iccs') tags.push(['Format', 'ICCS']);
  // XQ PGN's Format tag names the movetext's notation (asked for by event downloads).
  else if (options.formatTag) tags.push(['Format', PGN_FORMAT_NAMES[notation]]);
  tags.push(['Result', result]);
  const tokens = hasAnnotations(game.annotations)
    ? annotatedMovetext(
        start.value,
        game.plies.map((p) => p.move),
        game.annotations,
        notation,
      )
    : numberedMoves(gameMoveTexts(game, notation), first, blackFirst);
  return makePgnFromTokens(tags, tokens, result);
}
