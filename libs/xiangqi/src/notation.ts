/**
 * Move notation, parse and format (二章3节): Chinese four-character (simplified/traditional),
 * AXF international with letters or Chinese characters, WXF, and ICCS coordinates.
 *
 * ```ts
 * const pos = Position.default();
 * formatMove(pos, parseIccs('h2e2')!, 'chinese'); // '炮二平五'
 * parseMove(pos, 'C2=5');                         // { ok: true, value: { from: 25, to: 22 } }
 * ```
 * Parsing reads every notation (the form is recognised from the text), also the short forms of
 * 二章3节3 (炮25, 马8⁻7, 士5₄). Errors say why:
 * `syntax`, `no_such_piece`, `ambiguous`, `illegal`, `self_exposure` (一章3节5), `wrong_side`.
 */
import { formatChinese, CHINESE_DIRECTIONS, CHINESE_NUMERALS, CHINESE_PIECES, CHINESE_POSITIONS, ChineseOptions } from './chinese-notation';
import { formatLetters, LETTER_ROLES } from './axf-notation';
import { describeMove, pawnTandemFiles, sameOnFile, sideFile } from './notation-describe';
import { generatePseudo, MAX_MOVES } from './movegen';
import { makeIccs, parseIccs } from './iccs';
import { Position } from './position';
import { Move, Result, Role, Side, err, makeSquareName, ok } from './types';

export const NOTATIONS = ['chinese', 'chinese-traditional', 'axf', 'axf-chinese', 'wxf', 'iccs'] as const;
export type Notation = (typeof NOTATIONS)[number];

export const NOTATION_ERROR_CODES = ['syntax', 'no_such_piece', 'ambiguous', 'illegal', 'self_exposure', 'wrong_side'] as const;
export type NotationErrorCode = (typeof NOTATION_ERROR_CODES)[number];

export class NotationError extends Error {
  readonly code: NotationErrorCode;
  /** The move the text names, when it names exactly one (for `illegal` / `self_exposure`). */
  readonly move?: Move;
  constructor(code: NotationErrorCode, message: string, move?: Move) {
    super(message);
    this.name = 'NotationError';
    this.code = code;
    this.move = move;
  }
}

export function isNotation(name: string): name is Notation {
  return (NOTATIONS as readonly string[]).includes(name);
}

/** Formats a move of the piece on `move.from` (the position is not changed). */
export function formatMove(pos: Position, move: Move, notation: Notation, options: ChineseOptions = {}): string {
  if (notation === 'iccs') return makeIccs(move);
  const d = describeMove(pos, move);
  if (!d) return makeIccs(move);
  switch (notation) {
    case 'chinese':
      return formatChinese(d, { ...options, script: options.script ?? 'simplified' });
    case 'chinese-traditional':
      return formatChinese(d, { ...options, script: 'traditional' });
    default:
      return formatLetters(d, notation);
  }
}

type Token =
  | { t: 'piece'; role: Role; side?: Side }
  | { t: 'num'; n: number }
  | { t: 'dir'; d: '+' | '-' | '=' }
  | { t: 'sign'; d: '+' | '-' }
  | { t: 'pos'; p: 'front' | 'middle' | 'rear' };

interface Spec {
  role: Role;
  side?: Side;
  file?: number;
  pos?: 'front' | 'middle' | 'rear';
  ordinal?: number;
  direction: '+' | '-' | '=';
  target: number;
}

function tokenize(text: string): Token[] | undefined {
  const out: Token[] = [];
  for (const ch of text) {
    if (/\s/.test(ch)) continue;
    const code = ch.charCodeAt(0);
    if (CHINESE_PIECES[ch]) out.push({ t: 'piece', ...CHINESE_PIECES[ch] });
    else if (LETTER_ROLES[ch.toUpperCase()] && /[a-z]/i.test(ch)) out.push({ t: 'piece', role: LETTER_ROLES[ch.toUpperCase()] });
    else if (CHINESE_DIRECTIONS[ch]) out.push({ t: 'dir', d: CHINESE_DIRECTIONS[ch] });
    else if (ch === '=' || ch === '.' || ch === '＝' || ch === '．') out.push({ t: 'dir', d: '=' });
    else if (ch === '+' || ch === '＋' || ch === '⁺') out.push({ t: 'sign', d: '+' });
    else if (ch === '-' || ch === '－' || ch === '−' || ch === '⁻') out.push({ t: 'sign', d: '-' });
    // 二章3节3 C: 士五进四 → 士5₄ (a subscript number advances).
    else if (code >= 0x2081 && code <= 0x2089) out.push({ t: 'dir', d: '+' }, { t: 'num', n: code - 0x2080 });
    else if (CHINESE_POSITIONS[ch]) out.push({ t: 'pos', p: CHINESE_POSITIONS[ch] });
    else if (CHINESE_NUMERALS.includes(ch)) out.push({ t: 'num', n: CHINESE_NUMERALS.indexOf(ch) + 1 });
    else if (ch >= '1' && ch <= '9') out.push({ t: 'num', n: code - 48 });
    else if (code >= 0xff11 && code <= 0xff19) out.push({ t: 'num', n: code - 0xff10 });
    else return undefined;
  }
  return out;
}

function direction(t: Token): '+' | '-' | '=' | undefined {
  return t.t === 'dir' || t.t === 'sign' ? t.d : undefined;
}

function place(t: Token): 'front' | 'middle' | 'rear' | undefined {
  if (t.t === 'pos') return t.p;
  if (t.t === 'sign') return t.d === '+' ? 'front' : 'rear';
  return undefined;
}

/** Reads the piece selector, direction and number, whatever the notation. */
function parseSpec(text: string): Spec | undefined {
  const tokens = tokenize(text);
  // 二章3节3 A: the short form 炮二平五 → 炮25.
  if (tokens && tokens.length === 3 && tokens[0].t === 'piece' && tokens[1].t === 'num' && tokens[2].t === 'num') {
    return { role: tokens[0].role, side: tokens[0].side, file: tokens[1].n, direction: '=', target: tokens[2].n };
  }
  if (!tokens || tokens.length < 4 || tokens.length > 5) return undefined;
  const [a, b] = tokens;
  const d = direction(tokens[tokens.length - 2]);
  const last = tokens[tokens.length - 1];
  if (!d || last.t !== 'num') return undefined;
  const tail = { direction: d, target: last.n };
  if (tokens.length === 5) {
    // 兵36=5 / P36=5 / 兵前六平五: the two-digit pawn form with its letter kept.
    const c = tokens[2];
    if (a.t !== 'piece' || a.role !== 'pawn' || c.t !== 'num') return undefined;
    if (b.t === 'num') return { role: 'pawn', side: a.side, ordinal: b.n, file: c.n, ...tail };
    const p = place(b);
    return p ? { role: 'pawn', side: a.side, pos: p, file: c.n, ...tail } : undefined;
  }
  if (a.t === 'piece' && b.t === 'num') return { role: a.role, side: a.side, file: b.n, ...tail };
  if (a.t === 'piece' && place(b)) return { role: a.role, side: a.side, pos: place(b), ...tail };
  if (b.t === 'piece' && place(a)) return { role: b.role, side: b.side, pos: place(a), ...tail };
  if (b.t === 'piece' && a.t === 'num') return { role: b.role, side: b.side, ordinal: a.n, ...tail };
  if (place(a) && b.t === 'num') return { role: 'pawn', pos: place(a), file: b.n, ...tail };
  if (a.t === 'num' && b.t === 'num') return { role: 'pawn', ordinal: a.n, file: b.n, ...tail };
  return undefined;
}

/**
 * 象棋巫师 (XQWizard, ElephantEye's cchess.cpp): with pawns doubled on two or more files, every
 * pawn on those files is numbered in one list — files from the mover's right, front first on each
 * file — and named 一兵…五兵 without its file (「四兵进一」: the fourth of them advances one). The
 * rulebook's 图-B names the file instead (后六平五); an ordinal without a file can only mean this.
 */
export function crossFilePawns(pos: Position, side: Side): number[] {
  const byFile = new Map<number, number[]>();
  for (let sq = 0; sq < 90; sq++) {
    const p = pos.pieceAt(sq);
    if (!p || p.side !== side || p.role !== 'pawn') continue;
    const f = sideFile(sq, side);
    byFile.set(f, [...(byFile.get(f) ?? []), sq]);
  }
  const out: number[] = [];
  for (const f of [...byFile.keys()].sort((a, b) => a - b)) {
    const list = byFile.get(f)!;
    if (list.length < 2) continue;
    out.push(...sameOnFile(pos, list[0], side, 'pawn'));
  }
  return out;
}

function selects(pos: Position, from: number, side: Side, spec: Spec): boolean {
  const piece = pos.pieceAt(from);
  if (!piece || piece.side !== side || piece.role !== spec.role) return false;
  if (spec.file !== undefined && sideFile(from, side) !== spec.file) return false;
  if (spec.pos === undefined && spec.ordinal === undefined) return true;
  if (spec.ordinal !== undefined && spec.file === undefined && spec.role === 'pawn' && pawnTandemFiles(pos, side) >= 2) {
    return crossFilePawns(pos, side)[spec.ordinal - 1] === from;
  }
  const same = sameOnFile(pos, from, side, spec.role);
  const count = same.length;
  const index = same.indexOf(from) + 1;
  if (count < 2) return false;
  if (spec.ordinal !== undefined) return index === spec.ordinal;
  if (spec.pos === 'front') return index === 1;
  if (spec.pos === 'rear') return index === count;
  return count >= 3 && index === 2;
}

function describeText(text: string): string {
  return `'${text}'`;
}

/**
 * NFKC, so full-width Latin letters and digits (`Ｃ２＝５`, typed with a Chinese input method) read
 * as `C2=5` — except the super- and subscript digits and signs, which carry meaning in the short
 * forms of 二章3节3 (`马8⁻7`, `士5₄`) and which NFKC would flatten.
 */
export function normalizeMoveText(text: string): string {
  return text.replace(/[^\u2070-\u209f]+/g, (run) => run.normalize('NFKC'));
}

/** Reads a move in any supported notation and checks it is legal for the side to move. */
export function parseMove(pos: Position, text: string): Result<Move, NotationError> {
  if (typeof text !== 'string' || text.trim() === '') return err(new NotationError('syntax', 'empty move text'));
  const trimmed = normalizeMoveText(text.trim());
  const side = pos.turn;
  const iccs = parseIccs(trimmed);
  if (iccs) return checkMove(pos, iccs, trimmed);
  const spec = parseSpec(trimmed);
  if (!spec) {
    return err(new NotationError('syntax', `${describeText(trimmed)} is not a move in Chinese, AXF, WXF or ICCS notation`));
  }
  if (spec.side && spec.side !== side) {
    return err(new NotationError('wrong_side', `${describeText(trimmed)} names a ${spec.side} piece but ${side} is to move`));
  }
  const result = resolve(pos, spec, trimmed);
  // Chinese numerals 一…九 are Red's (二章3节1); they are read for Black too, but when the move
  // does not exist for Black, the likelier mistake is a Red move written out of turn.
  if (!result.ok && side === 'black' && /[一二三四五六七八九]/.test(trimmed) && ['no_such_piece', 'illegal'].includes(result.error.code)) {
    return err(new NotationError('wrong_side', `${describeText(trimmed)} is written with Red's numerals (一…九) but black is to move`));
  }
  return result;
}

function resolve(pos: Position, spec: Spec, trimmed: string): Result<Move, NotationError> {
  const side = pos.turn;
  const selected: number[] = [];
  for (let sq = 0; sq < 90; sq++) if (selects(pos, sq, side, spec)) selected.push(sq);
  if (selected.length === 0) {
    return err(new NotationError('no_such_piece', `${describeText(trimmed)}: ${side} has no ${spec.role} there`));
  }
  const buf = new Int32Array(MAX_MOVES);
  const candidates: Move[] = [];
  for (const from of selected) {
    const n = generatePseudo(pos.board, pos.turnIndex, buf, from);
    for (let i = 0; i < n; i++) {
      const m = { from, to: buf[i] >> 8 };
      const d = describeMove(pos, m)!;
      if (d.direction === spec.direction && d.target === spec.target) candidates.push(m);
    }
  }
  const legal = candidates.filter((m) => !pos.isSelfExposure(m));
  if (legal.length === 1) return ok(legal[0]);
  if (legal.length > 1) {
    return err(new NotationError('ambiguous', `${describeText(trimmed)} fits ${legal.length} moves: ${legal.map(makeIccs).join(', ')}`));
  }
  if (candidates.length === 1) {
    return err(
      new NotationError(
        'self_exposure',
        `${describeText(trimmed)} (${makeIccs(candidates[0])}) would leave ${side}'s king in check or facing the other king (一章3节5)`,
        candidates[0],
      ),
    );
  }
  if (candidates.length > 1) {
    return err(new NotationError('self_exposure', `${describeText(trimmed)} would leave ${side}'s king in check (一章3节5)`));
  }
  return err(new NotationError('illegal', `${describeText(trimmed)}: the ${spec.role} on ${selected.map(makeSquareName).join('/')} cannot move that way`));
}

function checkMove(pos: Position, move: Move, text: string): Result<Move, NotationError> {
  const piece = pos.pieceAt(move.from);
  const side = pos.turn;
  if (!piece) return err(new NotationError('no_such_piece', `${describeText(text)}: no piece on ${makeSquareName(move.from)}`));
  if (piece.side !== side) {
    return err(new NotationError('wrong_side', `${describeText(text)}: the piece on ${makeSquareName(move.from)} is ${piece.side}'s but ${side} is to move`));
  }
  const buf = new Int32Array(MAX_MOVES);
  const n = generatePseudo(pos.board, pos.turnIndex, buf, move.from);
  let pseudo = false;
  for (let i = 0; i < n; i++) if (buf[i] >> 8 === move.to) pseudo = true;
  if (!pseudo) {
    return err(
      new NotationError('illegal', `${describeText(text)}: the ${piece.role} on ${makeSquareName(move.from)} cannot move to ${makeSquareName(move.to)}`),
    );
  }
  if (pos.isSelfExposure(move)) {
    return err(new NotationError('self_exposure', `${describeText(text)} would leave ${side}'s king in check or facing the other king (一章3节5)`, move));
  }
  return ok(move);
}
