/**
 * DhtmlXQ, the record of the 东萍象棋网 (dpxq.com) web viewer, as pasted from a page or saved
 * from it: `[DhtmlXQ]` … `[/DhtmlXQ]` blocks of `[DhtmlXQ_name]value[/DhtmlXQ_name]` fields.
 *
 * - `binit`: the start position, 32 two-digit squares `xy` in the order 车马相仕帅仕相马车炮炮兵×5
 *   for Red, then the same for Black; x is the file from Red's left (0–8), y the rank from Black's
 *   side (0–9); a square off the board (`99`) is a captured piece. Without it, the start position;
 *   a `fen` field wins over it.
 * - `movelist`: four digits a move, `xyxy` from → to in the same coordinates (ICCS `a0` is `09`).
 *   The side to move is the side of the first moved piece (the format does not store it).
 * - `commentN`: the comment after ply N of the main line (`comment0`: before the first move);
 *   `move_x_y_z`: variation z, branching from line x (0: the main line) and replacing ply y;
 *   `commentz_N`: the comment after ply N of variation z. `||` in a comment is a line break.
 * - `title`, `event`, `date`, `place`, `round`, `red`, `black`, `redteam`, `blackteam`, `result`
 *   (红胜 / 黑胜 / 和棋, or `1-0` …), `open`.
 *
 * A field ends at the first `[/DhtmlXQ_…]` whatever its name (pages write
 * `[DhtmlXQ_blacktime][/DhtmlXQ_time]`), as the dpxq viewer itself reads them.
 */
import { Annotations, Variation, checkAnnotations } from './annotations';
import { INITIAL_FEN } from './fen';
import { makeIccs } from './iccs';
import { SLOT_ROLES } from './piece-slots';
import { Position } from './position';
import { Move, Piece, Result, err, makeSquare, ok } from './types';

export class DhtmlXqError extends Error {
  readonly code = 'bad_dhtmlxq' as const;
  constructor(message: string) {
    super(message);
    this.name = 'DhtmlXqError';
  }
}

/** A record read from a binary or viewer format: the main line as moves, with its annotations. */
export interface ImportedRecord {
  tags: Record<string, string>;
  startFen: string;
  moves: Move[];
  /** `1-0`, `0-1`, `1/2-1/2`, or undefined when the record does not say. */
  result?: string;
  annotations: Annotations;
  warnings: string[];
}

const TAGS: [field: string, tag: string][] = [
  ['title', 'Title'],
  ['event', 'Event'],
  ['date', 'Date'],
  ['place', 'Site'],
  ['round', 'Round'],
  ['table', 'Table'],
  ['red', 'Red'],
  ['black', 'Black'],
  ['redteam', 'RedTeam'],
  ['blackteam', 'BlackTeam'],
  ['open', 'Opening'],
];

/** DhtmlXQ's result words (simplified and traditional) and the PGN tokens. */
export function dhtmlXqResult(text: string): string | undefined {
  const t = text.replace(/\s+/g, '');
  if (['1-0', '0-1', '1/2-1/2'].includes(t)) return t;
  if (/^(红|紅)(方)?(胜|勝|先胜|先勝)$/.test(t) || /^黑(方)?(负|負)$/.test(t)) return '1-0';
  if (/^黑(方)?(胜|勝|先胜|先勝)$/.test(t) || /^(红|紅)(方)?(负|負)$/.test(t)) return '0-1';
  if (/^(和|和棋|和局|红和|紅和|双方和|雙方和)$/.test(t)) return '1/2-1/2';
  return undefined;
}

export function isDhtmlXq(text: string): boolean {
  return /\[DhtmlXQ/i.test(text);
}

/** The text of each `[DhtmlXQ]` block of a page (the whole text when it has no block markers). */
export function dhtmlXqBlocks(text: string): string[] {
  const blocks = [...text.matchAll(/\[DhtmlXQ\]([\s\S]*?)\[\/DhtmlXQ\]/gi)].map((m) => m[1]);
  return blocks.length ? blocks : [text];
}

const decodeEntities = (s: string) =>
  s
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&');

/** The fields of one block: name (lower case) → value. */
export function dhtmlXqFields(block: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of block.matchAll(/\[DhtmlXQ_([A-Za-z0-9_]+)\]([\s\S]*?)\[\/DhtmlXQ_[A-Za-z0-9_]*\]/gi)) {
    const name = m[1].toLowerCase();
    if (!out.has(name)) out.set(name, m[2]);
  }
  return out;
}

/** `xy` of DhtmlXQ (x from Red's left, y from Black's side) → our square; undefined off the board. */
function square(x: number, y: number): number | undefined {
  return x >= 0 && x <= 8 && y >= 0 && y <= 9 ? makeSquare(x, 9 - y) : undefined;
}

function movesOf(list: string, what: string): Result<Move[], DhtmlXqError> {
  const digits = list.replace(/\s+/g, '');
  if (!/^\d*$/.test(digits) || digits.length % 4 !== 0)
    return err(new DhtmlXqError(`${what}: moves are groups of four digits (xyxy), not '${digits.slice(0, 40)}'`));
  const moves: Move[] = [];
  for (let i = 0; i < digits.length; i += 4) {
    const [a, b, c, d] = [...digits.slice(i, i + 4)].map(Number);
    const from = square(a, b);
    const to = square(c, d);
    if (from === undefined || to === undefined) return err(new DhtmlXqError(`${what}: move ${i / 4 + 1} '${digits.slice(i, i + 4)}' is off the board`));
    moves.push({ from, to });
  }
  return ok(moves);
}

function comment(raw: string): string {
  return decodeEntities(raw)
    .replace(/\|\|/g, '\n')
    .replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
    .trim();
}

/** Reads one DhtmlXQ block (see the module comment). */
export function readDhtmlXq(block: string): Result<ImportedRecord, DhtmlXqError> {
  const f = dhtmlXqFields(block);
  if (f.size === 0) return err(new DhtmlXqError('no [DhtmlXQ_…] fields'));
  const warnings: string[] = [];
  const tags: Record<string, string> = {};
  for (const [field, tag] of TAGS) {
    const v = decodeEntities(f.get(field) ?? '').trim();
    if (v) tags[tag] = v;
  }
  if (!tags.Event && tags.Title) tags.Event = tags.Title;
  const resultText = decodeEntities(f.get('result') ?? '').trim();
  const result = resultText ? dhtmlXqResult(resultText) : undefined;
  if (resultText && !result) warnings.push(`the result '${resultText}' is not one DhtmlXQ writes (红胜, 黑胜, 和棋): read as unknown`);
  if (result) tags.Result = result;

  const main = movesOf(f.get('movelist') ?? '', 'movelist');
  if (!main.ok) return main;
  const moves = main.value;

  // The start position: fen, else binit, else the initial position.
  let startFen: string;
  const fen = (f.get('fen') ?? '').trim();
  const binit = (f.get('binit') ?? '').replace(/\s+/g, '');
  if (fen) {
    const p = Position.fromFen(fen);
    if (!p.ok) return err(new DhtmlXqError(`fen: ${p.error.message}`));
    startFen = p.value.toFen();
  } else if (binit) {
    if (!/^\d{64}$/.test(binit)) return err(new DhtmlXqError(`binit holds 32 squares of two digits, not '${binit.slice(0, 70)}'`));
    const board: (Piece | undefined)[] = new Array(90).fill(undefined);
    for (let i = 0; i < 32; i++) {
      const sq = square(Number(binit[2 * i]), Number(binit[2 * i + 1]));
      if (sq === undefined) continue; // captured
      if (board[sq]) return err(new DhtmlXqError(`binit: two pieces on square ${binit.slice(2 * i, 2 * i + 2)}`));
      board[sq] = { side: i < 16 ? 'red' : 'black', role: SLOT_ROLES[i % 16] };
    }
    const first = moves.length ? board[moves[0].from] : undefined;
    let p = Position.fromSetup({ board, turn: first?.side ?? 'red' });
    if (!p.ok && !first) p = Position.fromSetup({ board, turn: 'black' });
    if (!p.ok) return err(new DhtmlXqError(`binit: the start position is not valid: ${p.error.message}`));
    startFen = p.value.toFen();
  } else {
    startFen = INITIAL_FEN;
  }

  // Comments and variations.
  const comments = new Map<number, Record<string, string>>([[0, {}]]);
  for (const [name, value] of f) {
    const m = /^comment(?:(\d+)_)?(\d+)$/.exec(name);
    if (!m) continue;
    const branch = m[1] === undefined ? 0 : Number(m[1]);
    const text = comment(value);
    if (!text) continue;
    if (!comments.has(branch)) comments.set(branch, {});
    comments.get(branch)![m[2]] = text;
  }
  const branches = new Map<number, { parent: number; variation: Variation }>();
  for (const [name, value] of f) {
    const m = /^move_(\d+)_(\d+)_(\d+)$/.exec(name);
    if (!m) continue;
    const [parent, ply, id] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const vm = movesOf(value, `variation ${id}`);
    if (!vm.ok) {
      warnings.push(`${vm.error.message}: left out`);
      continue;
    }
    if (id === 0 || ply < 1 || branches.has(id)) {
      warnings.push(`variation move_${m[1]}_${m[2]}_${m[3]} is not a numbered branch of a ply: left out`);
      continue;
    }
    branches.set(id, { parent, variation: { ply, moves: vm.value.map(makeIccs), comments: comments.get(id) ?? {}, variations: [] } });
  }
  const top: Variation[] = [];
  for (const [id, b] of branches) {
    if (b.parent === 0) top.push(b.variation);
    else if (branches.has(b.parent) && b.parent !== id) branches.get(b.parent)!.variation.variations.push(b.variation);
    else warnings.push(`variation ${id} branches from line ${b.parent}, which the record does not hold: left out`);
  }
  const annotations = checkAnnotations(startFen, moves, { comments: comments.get(0) ?? {}, variations: top }, warnings);
  return ok({ tags, startFen, moves, result, annotations, warnings });
}
