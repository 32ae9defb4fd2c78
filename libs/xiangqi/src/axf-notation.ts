/**
 * The AXF international notation (二章3节2, 4) and its WXF variant.
 *
 * - `axf`: English letters K A E H R C P (二章3节4), file, `+` 进 / `-` 退 / `=` 平, number:
 *   `C2=5`, `H2+3`, `R2-1`.
 * - `axf-chinese`: the same with the Chinese piece character (二章3节2): `炮2=5`, `车2+6`.
 * - `wxf`: `.` instead of `=`: `C2.5`.
 * Two of a kind on one file: `+`/`-` in the file's place (`C+=5`, `C-.5`; Chinese 前/后: `炮前=5`).
 * Three or more pawns on a file, or pawns doubled on several files: the two-digit form of 图-B,
 * the pawn's place on its file (1 = front) then the file, without a letter: `36=5`.
 */
import { MoveDescription } from './notation-describe';
import { Role } from './types';

export type LetterStyle = 'axf' | 'axf-chinese' | 'wxf';

export const ROLE_LETTERS: Record<Role, string> = {
  king: 'K',
  advisor: 'A',
  elephant: 'E',
  horse: 'H',
  rook: 'R',
  cannon: 'C',
  pawn: 'P',
};

/** Letters read (N and B are common synonyms for the horse and the elephant). */
export const LETTER_ROLES: Record<string, Role> = {
  K: 'king',
  G: 'king',
  A: 'advisor',
  E: 'elephant',
  B: 'elephant',
  H: 'horse',
  N: 'horse',
  R: 'rook',
  C: 'cannon',
  P: 'pawn',
};

const CHINESE_LETTER_PIECES: Record<string, Record<Role, string>> = {
  red: { king: '帅', advisor: '仕', elephant: '相', horse: '马', rook: '车', cannon: '炮', pawn: '兵' },
  black: { king: '将', advisor: '士', elephant: '象', horse: '马', rook: '车', cannon: '炮', pawn: '卒' },
};

export function formatLetters(d: MoveDescription, style: LetterStyle): string {
  const dir = d.direction === '=' && style === 'wxf' ? '.' : d.direction;
  const tail = dir + String(d.target);
  const piece = style === 'axf-chinese' ? CHINESE_LETTER_PIECES[d.side][d.role] : ROLE_LETTERS[d.role];
  const q = d.qualifier;
  if (q.kind === 'file') return piece + String(d.file) + tail;
  if (q.kind === 'tandem' && q.count === 2) {
    const sign = style === 'axf-chinese' ? (q.index === 1 ? '前' : '后') : q.index === 1 ? '+' : '-';
    return piece + sign + tail;
  }
  // 二章3节5 图-B: 36=5.
  return String(q.index) + String(d.file) + tail;
}
