import type { GameResult } from '@chuhe/tournament';
import { teamMatchScore, type TeamBoardResult } from '@chuhe/standings';
import { resultPoints } from './event-pages';
import type { PairingView } from './event-page-view';

/** A game's or a team match's score in display units (二章5节1, 附录1 #7), as the event pages show it. Pure. */

export function showPoints(points: number, scoring: string): string {
  if (scoring !== '1-0.5-0') return String(points);
  return points % 2 === 0 ? String(points / 2) : `${(points - 1) / 2 || ''}½`;
}

export function scoreText(p: PairingView, kind: string, scoring: string): string {
  const main = p.games.find((g) => g.kind === 'regular') ?? p.games[0];
  const pts = kind === 'team' ? matchPoints(p.games, scoring) : resultPoints((main?.result as GameResult | null) ?? null, scoring);
  return pts ? `${pts.red} : ${pts.black}` : '';
}

export type BoardGame = { kind: string; board: number; leg?: number; result: string | null };

/** 场分 of a team match from its boards (附录1 #7, libs/standings teamMatchScore), display units; null while a board is open. */
export function matchPoints(games: readonly BoardGame[], scoring: string): { red: string; black: string } | null {
  const s = teamMatchScore(games as readonly TeamBoardResult[]);
  return s && { red: showPoints(s.matchPoints[0], scoring), black: showPoints(s.matchPoints[1], scoring) };
}

/** 局分 of a team match: each side's boards added up (附录1 #7, libs/standings teamMatchScore), display units; null while a board is open. */
export function boardPoints(games: readonly BoardGame[], scoring: string): { red: string; black: string } | null {
  const s = teamMatchScore(games as readonly TeamBoardResult[]);
  return s && { red: showPoints(s.gamePoints[0], scoring), black: showPoints(s.gamePoints[1], scoring) };
}

/** A team match's outcome as if it were one game, for the rank table's marks. */
export function teamOutcome(games: readonly BoardGame[], scoring: string): GameResult | null {
  const m = matchPoints(games, scoring);
  if (!m) return null;
  return m.red === m.black ? 'draw' : Number(m.red) > Number(m.black) ? 'red_win' : 'black_win';
}
