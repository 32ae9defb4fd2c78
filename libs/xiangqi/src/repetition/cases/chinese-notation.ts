/**
 * Test helper: writes a move in Chinese notation (中文记谱, 一章/三章3) so the acceptance cases can
 * compare their ICCS moves with the moves printed in the rulebook. Red files are numbered 一…九
 * from Red's right, Black files 1…9 from Black's right; 进/退 count ranks for 车炮兵帅 and name the
 * destination file for 马相仕; 前/后 distinguish two like pieces on one file.
 */
import { Move, Position, Role, squareFile, squareRank } from '../../index';

const RED_NAMES: Record<Role, string> = { king: '帅', advisor: '仕', elephant: '相', horse: '马', rook: '车', cannon: '炮', pawn: '兵' };
const BLACK_NAMES: Record<Role, string> = { king: '将', advisor: '士', elephant: '象', horse: '马', rook: '车', cannon: '炮', pawn: '卒' };
const CN_DIGITS = '零一二三四五六七八九';

export function toChinese(pos: Position, move: Move): string {
  const piece = pos.pieceAt(move.from);
  if (!piece) throw new Error('no piece on the from-square');
  const red = piece.side === 'red';
  const num = (n: number) => (red ? CN_DIGITS[n] : String(n));
  const fileNo = (sq: number) => (red ? 9 - squareFile(sq) : squareFile(sq) + 1);
  const name = (red ? RED_NAMES : BLACK_NAMES)[piece.role];
  let head = name + num(fileNo(move.from));
  const sameFile = pos.pieces(piece.side).filter((p) => p.piece.role === piece.role && squareFile(p.square) === squareFile(move.from));
  if (sameFile.length === 2) {
    const other = sameFile.find((p) => p.square !== move.from)!.square;
    const front = red ? squareRank(move.from) > squareRank(other) : squareRank(move.from) < squareRank(other);
    head = (front ? '前' : '后') + name;
  }
  const dr = squareRank(move.to) - squareRank(move.from);
  if (dr === 0) return head + '平' + num(fileNo(move.to));
  const forward = red ? dr > 0 : dr < 0;
  const diagonal = piece.role === 'horse' || piece.role === 'elephant' || piece.role === 'advisor';
  return head + (forward ? '进' : '退') + num(diagonal ? fileNo(move.to) : Math.abs(dr));
}

/** Normalises printed notation: traditional characters, and Black's files in Chinese numerals. */
export function normalizeChinese(text: string, side: 'red' | 'black'): string {
  let t = text
    .trim()
    .replace(/將/g, '将')
    .replace(/帥/g, '帅')
    .replace(/車/g, '车')
    .replace(/馬/g, '马')
    .replace(/砲/g, '炮')
    .replace(/進/g, '进')
    .replace(/後/g, '后');
  if (side === 'black') t = t.replace(/[一二三四五六七八九]/g, (c) => String(CN_DIGITS.indexOf(c)));
  else t = t.replace(/[1-9]/g, (d) => CN_DIGITS[Number(d)]);
  return t;
}
