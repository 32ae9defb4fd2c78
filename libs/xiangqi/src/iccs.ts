/** ICCS coordinates: `h2e2` or `H2-E2` (files a–i, ranks 0–9 from Red's side). */
import { Move, makeSquareName, parseSquare } from './types';

export function parseIccs(text: string): Move | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^\s*([a-iA-I][0-9])\s*-?\s*([a-iA-I][0-9])\s*$/.exec(text);
  if (!m) return undefined;
  const from = parseSquare(m[1]);
  const to = parseSquare(m[2]);
  if (from === undefined || to === undefined || from === to) return undefined;
  return { from, to };
}

export function makeIccs(move: Move): string {
  return makeSquareName(move.from) + makeSquareName(move.to);
}
