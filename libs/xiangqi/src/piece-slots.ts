import { Role } from './types';

/**
 * The 16 piece slots of one side as the old record formats number them (XQF's piece table,
 * DhtmlXQ's `binit`): 车马相仕帅仕相马车, 炮炮, 兵×5 — red's 16 first, then black's.
 */
export const SLOT_ROLES: readonly Role[] = [
  'rook',
  'horse',
  'elephant',
  'advisor',
  'king',
  'advisor',
  'elephant',
  'horse',
  'rook',
  'cannon',
  'cannon',
  'pawn',
  'pawn',
  'pawn',
  'pawn',
  'pawn',
];
