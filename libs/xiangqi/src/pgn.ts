/**
 * Reading and writing the text of a game record: a xiangqi PGN (tag pairs `[Key "Value"]`, then
 * movetext in Chinese, AXF/WXF or ICCS notation) or a bare move list (`1. 炮二平五 马8进7 2. …`,
 * or one move per line, separated by spaces, commas or 、，；).
 *
 * Comments `{…}` and `;…` lines, variations `(…)`, NAGs `$n`, move numbers (`1.`, `1...`, `1…`)
 * and result tokens (`1-0`, `0-1`, `1/2-1/2`, `*`) are skipped; the result token is kept.
 */
import { Result, err, ok } from './types';

export interface RecordText {
  tags: Record<string, string>;
  /** Move texts in order. */
  moves: string[];
  /** The termination token of the movetext, if any. */
  result?: string;
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
  const lines = body.split(/\r?\n/);
  const rest: string[] = [];
  let lineNo = 0;
  for (const line of lines) {
    lineNo++;
    if (/^\s*\[/.test(line)) {
      const m = tagRe.exec(line);
      if (!m) return err(new RecordSyntaxError(`line ${lineNo}: a tag pair looks like [Name "value"], not '${line.trim().slice(0, 60)}'`));
      tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
    } else {
      rest.push(line);
    }
  }
  body = rest.join('\n');
  // Comments and variations.
  let clean = '';
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '{') {
      const end = body.indexOf('}', i + 1);
      if (end < 0) return err(new RecordSyntaxError('a comment opened with { is not closed'));
      i = end;
      clean += ' ';
    } else if (ch === ';' && depth === 0 && isLineCommentStart(body, i)) {
      const end = body.indexOf('\n', i);
      i = end < 0 ? body.length : end;
      clean += ' ';
    } else if (ch === '(' || ch === '（') {
      depth++;
    } else if (ch === ')' || ch === '）') {
      if (depth === 0) return err(new RecordSyntaxError('a variation closes with ) without being opened'));
      depth--;
      clean += ' ';
    } else if (depth === 0) {
      clean += ch;
    }
  }
  if (depth !== 0) return err(new RecordSyntaxError('a variation opened with ( is not closed'));
  const moves: string[] = [];
  let result: string | undefined;
  for (const raw of clean.split(/[\s,，、；;]+/)) {
    let token = raw.trim();
    if (!token) continue;
    if ((RESULT_TOKENS as readonly string[]).includes(token)) {
      result = token;
      continue;
    }
    if (/^\$\d+$/.test(token)) continue;
    if (/^\d+(\.+|…+|、|．|\))$/.test(token)) continue;
    // "1.炮二平五": strip the move number unless the token is itself a move like WXF "16.5".
    if (!/^\d\d[.=+-]\d$/.test(token)) token = token.replace(/^\d+(\.+|…+|．|\))/, '');
    token = token.replace(/[!?]+$/, '');
    if (token) moves.push(token);
  }
  return ok({ tags, moves, result });
}

/** `;` starts a comment only at the beginning of a line or after whitespace (it also separates moves). */
function isLineCommentStart(body: string, i: number): boolean {
  return i === 0 || body[i - 1] === '\n';
}

/** Writes a PGN: tags in the given order, then numbered movetext wrapped at 80 columns. */
export function makePgn(tags: [string, string][], moves: string[], firstMoveNumber: number, blackFirst: boolean, result: string): string {
  const head = tags.map(([k, v]) => `[${k} "${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`).join('\n');
  return `${head}\n\n${wrap(numberedMoves(moves, firstMoveNumber, blackFirst).concat(result))}\n`;
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
