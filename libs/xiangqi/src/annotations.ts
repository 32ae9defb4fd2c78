/**
 * A record's comments and variations (bulletins publish a round as annotated games): read from a
 * PGN's `{…}` and `( … )`, from DhtmlXQ's comment and move_x_y_z blocks, from CBR's move tree and
 * XQF's comments; stored beside the main line and written back into the PGN.
 *
 * Plies are absolute: a comment keyed `k` follows ply k of its line (0: before the first move of
 * the game); a variation with `ply: p` replaces ply p (it starts from the position after ply
 * p − 1), its moves are ICCS and its comments use the same absolute numbering (`p − 1`: before its
 * first move).
 */
import { makeIccs, parseIccs } from './iccs';
import { Notation, formatMove, parseMove } from './notation';
import { TextLine } from './pgn';
import { Position } from './position';
import { Move } from './types';

export interface Variation {
  /** The ply this line replaces (1-based). */
  ply: number;
  /** ICCS. */
  moves: string[];
  comments: Record<string, string>;
  variations: Variation[];
}

export interface Annotations {
  comments: Record<string, string>;
  variations: Variation[];
}

/** How deep variations inside variations are kept (deeper ones are dropped with a warning). */
export const MAX_VARIATION_DEPTH = 32;

export function emptyAnnotations(): Annotations {
  return { comments: {}, variations: [] };
}

export function hasAnnotations(a: Annotations | undefined): boolean {
  return !!a && (Object.keys(a.comments).length > 0 || a.variations.length > 0);
}

function addComment(to: Record<string, string>, key: number, text: string): void {
  const c = text.trim();
  if (!c) return;
  to[key] = to[key] ? `${to[key]}\n${c}` : c;
}

/**
 * The comments and variations of a line read from text, replayed from `start` (the position before
 * the line's first move, ply `firstPly`). A variation whose move cannot be played is dropped with a
 * warning naming it: the game itself is kept.
 */
export function annotationsOfText(start: Position, main: TextLine, warnings: string[]): Annotations {
  const read = readLine(start, main, 1, warnings, 0);
  return { comments: read?.comments ?? {}, variations: read?.variations ?? [] };
}

function readLine(start: Position, line: TextLine, firstPly: number, warnings: string[], depth: number): Variation | undefined {
  const pos = start.clone();
  const before: Position[] = [];
  const moves: string[] = [];
  for (const [k, text] of line.moves.entries()) {
    before.push(pos.clone());
    const m = parseMove(pos, text);
    if (!m.ok) {
      if (depth > 0) {
        warnings.push(`a variation at ply ${firstPly} was left out: its move ${k + 1} '${text}' cannot be played (${m.error.message})`);
        return undefined;
      }
      break; // the main line was checked by the import; it cannot fail here
    }
    pos.play(m.value);
    moves.push(makeIccs(m.value));
  }
  const comments: Record<string, string> = {};
  for (const [k, text] of Object.entries(line.comments)) addComment(comments, firstPly - 1 + Number(k), text);
  const variations: Variation[] = [];
  for (const v of line.variations) {
    if (depth + 1 > MAX_VARIATION_DEPTH) {
      warnings.push(`variations nested deeper than ${MAX_VARIATION_DEPTH} were left out`);
      continue;
    }
    const sub = readLine(before[v.at], v.line, firstPly + v.at, warnings, depth + 1);
    if (sub && sub.moves.length) variations.push(sub);
  }
  return { ply: firstPly, moves, comments, variations };
}

/**
 * Checks annotations built from moves (DhtmlXQ, CBR): every variation's moves must be legal from
 * where it starts in the game; one that is not is dropped with a warning.
 */
export function checkAnnotations(startFen: string, mainLine: Move[], a: Annotations, warnings: string[]): Annotations {
  const start = Position.fromFen(startFen);
  if (!start.ok) return emptyAnnotations();
  const check = (from: Position, line: Move[], vars: Variation[], firstPly: number, depth: number): Variation[] => {
    const before: Position[] = [];
    const pos = from.clone();
    for (const m of line) {
      if (!pos.legalMoves().some((x) => x.from === m.from && x.to === m.to)) break;
      before.push(pos.clone());
      pos.play(m);
    }
    const out: Variation[] = [];
    for (const v of vars) {
      const at = v.ply - firstPly;
      if (at < 0 || at >= before.length || depth >= MAX_VARIATION_DEPTH) {
        warnings.push(`a variation at ply ${v.ply} was left out: it does not branch from a move of its line`);
        continue;
      }
      const moves: Move[] = [];
      const p = before[at].clone();
      let bad: string | undefined;
      for (const text of v.moves) {
        const m = parseIccs(text);
        const legal = m && p.legalMoves().some((x) => x.from === m.from && x.to === m.to);
        if (!m || !legal) {
          bad = text;
          break;
        }
        p.play(m);
        moves.push(m);
      }
      if (bad !== undefined) {
        warnings.push(`a variation at ply ${v.ply} was left out: its move ${bad} cannot be played`);
        continue;
      }
      if (moves.length === 0) continue;
      out.push({ ...v, variations: check(before[at], moves, v.variations, v.ply, depth + 1) });
    }
    return out;
  };
  return { comments: a.comments, variations: check(start.value, mainLine, a.variations, 1, 0) };
}

const cleanComment = (s: string) => s.replace(/[{}]/g, (c) => (c === '{' ? '｛' : '｝'));

/**
 * The PGN movetext tokens of a line with its comments and variations: numbers (`1.`, `1...` when a
 * Black move follows a comment or a variation), moves in `notation`, `{comments}`, `( variations )`.
 */
export function annotatedMovetext(start: Position, moves: Move[], a: Annotations | undefined, notation: Notation): string[] {
  return lineTokens(start, moves, 1, a?.comments ?? {}, a?.variations ?? [], notation);
}

/** The movetext of one variation from the position before its first move (`start`), with its own comments and variations. */
export function variationMovetext(start: Position, v: Variation, notation: Notation): string[] {
  const moves = v.moves.map((t) => parseIccs(t)).filter((x): x is Move => !!x);
  return lineTokens(start, moves, v.ply, v.comments, v.variations, notation);
}

function lineTokens(start: Position, moves: Move[], firstPly: number, comments: Record<string, string>, variations: Variation[], notation: Notation): string[] {
  const out: string[] = [];
  const pos = start.clone();
  const lead = comments[firstPly - 1];
  if (lead) out.push(`{${cleanComment(lead)}}`);
  let interrupted = true;
  moves.forEach((m, k) => {
    const ply = firstPly + k;
    const n = pos.fullmoves;
    if (pos.turn === 'red') out.push(`${n}.`);
    else if (interrupted) out.push(`${n}...`);
    out.push(formatMove(pos, m, notation));
    interrupted = false;
    const c = comments[ply];
    if (c) {
      out.push(`{${cleanComment(c)}}`);
      interrupted = true;
    }
    for (const v of variations.filter((x) => x.ply === ply)) {
      const vm = v.moves.map((t) => parseIccs(t)).filter((x): x is Move => !!x);
      out.push('(', ...lineTokens(pos, vm, ply, v.comments, v.variations, notation), ')');
      interrupted = true;
    }
    pos.play(m);
  });
  return out;
}

/** Parses a stored annotations value (the database's JSON), leniently: anything else is empty. */
export function annotationsOf(json: unknown): Annotations {
  if (!json || typeof json !== 'object') return emptyAnnotations();
  const o = json as { comments?: unknown; variations?: unknown };
  const comments: Record<string, string> = {};
  if (o.comments && typeof o.comments === 'object')
    for (const [k, v] of Object.entries(o.comments as Record<string, unknown>)) if (/^\d+$/.test(k) && typeof v === 'string') comments[k] = v;
  const vars = (list: unknown, depth: number): Variation[] =>
    Array.isArray(list) && depth <= MAX_VARIATION_DEPTH
      ? list
          .filter((v): v is Variation => !!v && typeof v === 'object' && Number.isInteger((v as Variation).ply) && Array.isArray((v as Variation).moves))
          .map((v) => ({
            ply: v.ply,
            moves: v.moves.filter((m) => typeof m === 'string'),
            comments: annotationsOf({ comments: v.comments }).comments,
            variations: vars(v.variations, depth + 1),
          }))
      : [];
  return { comments, variations: vars(o.variations, 0) };
}
