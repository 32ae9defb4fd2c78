/**
 * Reading and writing the text of a game record: a xiangqi PGN (tag pairs `[Key "Value"]`, then
 * movetext in Chinese, AXF/WXF or ICCS notation) or a bare move list (`1. 炮二平五 马8进7 2. …`,
 * or one move per line, separated by spaces, commas or 、，；).
 *
 * Comments `{…}` and `;…` lines and variations `(…)` are kept apart from the main line (`main`);
 * NAGs `$n` and move numbers (`1.`, `1...`, `1…`) are skipped. The result token (`1-0`, `0-1`,
 * `1/2-1/2`, `*`) ends the game, as PGN says: what follows it — 象棋巫师's `=====` line and
 * advertisement — is ignored with a warning, as is everything after a `====` line.
 */
import { Result, err, ok } from './types';

export interface RecordText {
  tags: Record<string, string>;
  /** Move texts in order. */
  moves: string[];
  /** The termination token of the movetext, if any. */
  result?: string;
  /** The main line with its comments and variations (`moves` is `main.moves`). */
  main: TextLine;
  /** What was read leniently (a tag value with unescaped inner quotes, a trailer after the result). */
  warnings: string[];
}

/**
 * A line of moves as written: the main line or a variation. `comments[k]` follows the k-th move of
 * the line (0: before its first move); a variation `at` index k replaces the line's move k (0-based).
 */
export interface TextLine {
  moves: string[];
  comments: Record<number, string>;
  variations: { at: number; line: TextLine }[];
}

export const RESULT_TOKENS = ['1-0', '0-1', '1/2-1/2', '½-½', '*'] as const;

export class RecordSyntaxError extends Error {
  readonly code = 'syntax' as const;
  constructor(message: string) {
    super(message);
    this.name = 'RecordSyntaxError';
  }
}

const MAX_RECORD_LENGTH = 2_000_000;

export function parseRecordText(text: string): Result<RecordText, RecordSyntaxError> {
  if (typeof text !== 'string') return err(new RecordSyntaxError('the record is not text'));
  if (text.length > MAX_RECORD_LENGTH) return err(new RecordSyntaxError('the record is longer than 2,000,000 characters'));
  const tags: Record<string, string> = {};
  let body = text.replace(/^\uFEFF/, '');
  // Tag pairs, at the start of lines.
  const tagRe = /^\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$/;
  // `[Event "首屆"味極王杯"象棋精英賽"]`: quotes inside the value left unescaped, common in files
  // written by Chinese software; the value runs to the last quote before the bracket.
  const lenientTagRe = /^\s*\[\s*([A-Za-z0-9_]+)\s+"(.*)"\s*\]\s*$/;
  const warnings: string[] = [];
  const lines = body.split(/\r?\n/);
  const rest: string[] = [];
  let lineNo = 0;
  for (const line of lines) {
    lineNo++;
    if (/^\s*\[/.test(line)) {
      const m = tagRe.exec(line);
      const lenient = m ? undefined : lenientTagRe.exec(line);
      if (lenient) {
        tags[lenient[1]] = lenient[2];
        warnings.push(`line ${lineNo}: the ${lenient[1]} tag has unescaped quotes inside its value; read as ${lenient[2]}`);
        continue;
      }
      if (!m) return err(new RecordSyntaxError(`line ${lineNo}: a tag pair looks like [Name "value"], not '${line.trim().slice(0, 60)}'`));
      tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
    } else {
      rest.push(line);
    }
  }
  body = rest.join('\n');
  const main: TextLine = { moves: [], comments: {}, variations: [] };
  const stack: TextLine[] = [main];
  let result: string | undefined;
  const top = () => stack[stack.length - 1];
  const addComment = (text: string) => {
    const c = text.trim();
    if (!c) return;
    const line = top();
    const at = line.moves.length;
    line.comments[at] = line.comments[at] ? `${line.comments[at]}\n${c}` : c;
  };
  let pending = '';
  let leftover = '';
  /** Reads the pending text into moves; true when it held the result (the rest goes to `leftover`). */
  const flushText = (): boolean => {
    const tokens = pending.split(/[\s,，、；;]+/);
    pending = '';
    for (let k = 0; k < tokens.length; k++) {
      let token = tokens[k].trim();
      if (!token) continue;
      if ((RESULT_TOKENS as readonly string[]).includes(token)) {
        if (stack.length === 1) {
          result = token;
          leftover = tokens.slice(k + 1).join(' ');
          return true;
        }
        continue;
      }
      if (/^\$\d+$/.test(token)) continue;
      if (/^\d+(\.+|…+|、|．|\))$/.test(token)) continue;
      // "1.炮二平五": strip the move number unless the token is itself a move like WXF "16.5".
      if (!/^\d\d[.=+-]\d$/.test(token)) token = token.replace(/^\d+(\.+|…+|．|\))/, '');
      token = token.replace(/[!?]+$/, '');
      if (token) top().moves.push(token);
    }
    return false;
  };
  let endAt = -1;
  for (let i = 0; i < body.length && endAt < 0; i++) {
    const ch = body[i];
    const special =
      ch === '{' || (ch === ';' && isLineCommentStart(body, i)) || '(（)）'.includes(ch) || (ch === '=' && stack.length === 1 && body.startsWith('====', i));
    if (!special) {
      pending += ch;
      continue;
    }
    if (flushText()) {
      endAt = i;
      break;
    }
    if (ch === '{') {
      const close = body.indexOf('}', i + 1);
      if (close < 0) return err(new RecordSyntaxError('a comment opened with { is not closed'));
      addComment(body.slice(i + 1, close));
      i = close;
    } else if (ch === ';') {
      const close = body.indexOf('\n', i);
      addComment(body.slice(i + 1, close < 0 ? body.length : close));
      i = close < 0 ? body.length : close;
    } else if (ch === '(' || ch === '（') {
      const parent = top();
      const line: TextLine = { moves: [], comments: {}, variations: [] };
      // A variation replaces the move just before it; one before any move has nothing to replace.
      if (parent.moves.length === 0) warnings.push('a variation ( … ) before the first move of its line was ignored');
      else parent.variations.push({ at: parent.moves.length - 1, line });
      stack.push(line);
    } else if (ch === ')' || ch === '）') {
      if (stack.length === 1) return err(new RecordSyntaxError('a variation closes with ) without being opened'));
      stack.pop();
    } else {
      // 象棋巫师 (XQWizard) ends its files with a ==== line and an advertisement: the game ends here.
      endAt = i;
    }
  }
  if (endAt < 0) {
    if (flushText()) endAt = body.length;
    else if (stack.length !== 1) return err(new RecordSyntaxError('a variation opened with ( is not closed'));
  }
  const trailer = endAt < 0 ? '' : `${leftover} ${body.slice(endAt)}`.replace(/\s+/g, ' ').trim();
  if (trailer) warnings.push(`the text after the end of the game was ignored: ${trailer.slice(0, 60)}${trailer.length > 60 ? '…' : ''}`);
  return ok({ tags, moves: main.moves, main, result, warnings });
}

/**
 * Splits a file of several games (PGN, one game after another) into the text of each game: a new
 * game starts at a tag line that follows movetext. A file without tags is one game.
 */
export function splitRecordTexts(text: string): string[] {
  const games: string[] = [];
  let current: string[] = [];
  let sawMoves = false;
  let inComment = false;
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const isTag = !inComment && /^\s*\[\s*[A-Za-z0-9_]+\s+"/.test(line);
    if (isTag && sawMoves) {
      games.push(current.join('\n'));
      current = [];
      sawMoves = false;
    }
    current.push(line);
    if (!isTag && !inComment && line.trim() !== '' && !/^\s*[;%]/.test(line)) sawMoves = true;
    // A `{…}` comment may span lines; a tag-like line inside it starts no game.
    for (const ch of line) {
      if (ch === '{') inComment = true;
      else if (ch === '}') inComment = false;
    }
  }
  if (current.some((l) => l.trim() !== '')) games.push(current.join('\n'));
  return games;
}

/** `;` starts a comment only at the beginning of a line or after whitespace (it also separates moves). */
function isLineCommentStart(body: string, i: number): boolean {
  return i === 0 || body[i - 1] === '\n';
}

/** Writes a PGN: tags in the given order, then numbered movetext wrapped at 80 columns. */
export function makePgn(tags: [string, string][], moves: string[], firstMoveNumber: number, blackFirst: boolean, result: string): string {
  return makePgnFromTokens(tags, numberedMoves(moves, firstMoveNumber, blackFirst), result);
}

/** Writes a PGN from movetext tokens already numbered (with comments and variations). */
export function makePgnFromTokens(tags: [string, string][], tokens: string[], result: string): string {
  const head = tags.map(([k, v]) => `[${k} "${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`).join('\n');
  return `${head}\n\n${wrap(tokens.concat(result))}\n`;
}

/** `1. a b 2. c d`, starting with `1... a` when Black moves first. */
export function numberedMoves(moves: string[], firstMoveNumber: number, blackFirst: boolean): string[] {
  const out: string[] = [];
  let n = firstMoveNumber;
  let redToMove = !blackFirst;
  moves.forEach((m, i) => {
    if (redToMove) out.push(`${n}.`);
    else if (i === 0) out.push(`${n}...`);
    out.push(m);
    if (!redToMove) n++;
    redToMove = !redToMove;
  });
  return out;
}

function wrap(tokens: string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const t of tokens) {
    if (line && line.length + 1 + t.length > 80) {
      lines.push(line);
      line = t;
    } else {
      line = line ? `${line} ${t}` : t;
    }
  }
  if (line) lines.push(line);
  return lines.join('\n');
}
