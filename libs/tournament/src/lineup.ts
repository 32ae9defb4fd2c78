import { firstTeamIsRed } from './board-colour';
import type { TeamMember } from './model';
import { Result } from './result';

/**
 * Team lineups (排阵表) for one match, 附录1:
 * - #1: a team has 3 starters (正选) in board order and 1 reserve (后补); a match is played on 3 boards.
 * - #6: "后补能补任何一台出赛" — the reserve may play any board. The rules fix no order among the
 *   players otherwise, so a captain orders the three freely; we check membership, uniqueness and
 *   availability only.
 * - #8: "每队在赛前半小时交上排阵表, 逾时则按照正选上阵" — the lineup is due 30 minutes before the
 *   round; a team that hands in none plays its starters in registered board order.
 * - 附录6 用法2 / 附录1 #9: the team listed first (Red) has Red on the odd boards, Black on the even.
 */

export interface LineupProblem {
  field: string;
  reason: string;
  /** Stable code (the server words it in the page's language). */
  code: 'lineup.board_count' | 'lineup.not_member' | 'lineup.unavailable' | 'lineup.player_twice';
  params?: Record<string, string | number>;
}

export interface LineupCheck {
  /** The team's registered members (starters with their board, reserves without). */
  members: readonly TeamMember[];
  /** Boards of a match (附录1 #1: 3). */
  boards: number;
  /** Players who may not play: withdrawn, suspended, removed (二章8节11), disqualified (二章8节3). */
  unavailable?: ReadonlySet<string>;
}

/** Checks a lineup (player ids in board order); every problem names the field `players.N`. */
export function checkLineup(players: readonly string[], check: LineupCheck): Result<string[], LineupProblem[]> {
  const problems: LineupProblem[] = [];
  if (players.length !== check.boards)
    problems.push({
      field: 'players',
      reason: `a lineup names exactly ${check.boards} players, one per board (附录1 #1)`,
      code: 'lineup.board_count',
      params: { count: check.boards },
    });
  const members = new Set(check.members.map((m) => m.id));
  const seen = new Set<string>();
  players.forEach((id, i) => {
    const field = `players.${i}`;
    if (!members.has(id)) problems.push({ field, reason: 'not a registered member of this team (附录1 #1)', code: 'lineup.not_member' });
    else if (check.unavailable?.has(id))
      problems.push({ field, reason: 'this player may not play (withdrawn, suspended or disqualified)', code: 'lineup.unavailable' });
    if (seen.has(id)) problems.push({ field, reason: 'the same player on two boards', code: 'lineup.player_twice' });
    seen.add(id);
  });
  return problems.length ? { ok: false, error: problems } : { ok: true, value: [...players] };
}

/**
 * 附录1 #8: without a lineup by the deadline the team plays its starters in registered board
 * order; a starter who may not play is replaced by the first available reserve (our reading: the
 * team is not left short when a reserve can play; the audit says so).
 */
export function defaultLineup(check: LineupCheck): string[] {
  const starters = check.members.filter((m) => m.board !== undefined).sort((a, b) => a.board! - b.board!);
  const reserves = check.members.filter((m) => m.board === undefined && !check.unavailable?.has(m.id));
  const out: string[] = [];
  for (const s of starters.slice(0, check.boards)) {
    if (!check.unavailable?.has(s.id)) out.push(s.id);
    else if (reserves.length) out.push(reserves.shift()!.id);
  }
  return out;
}

export interface BoardGame {
  board: number;
  red: string;
  black: string;
}

/**
 * The board games of a match: the team listed first (with Red on board 1) has Red on the odd
 * boards and Black on the even ones (附录6 用法2, 附录1 #9). A board where a team has no player
 * is left out here; the caller records it as a forfeit (零迟到, 二章7节1).
 */
export function boardGames(
  redTeam: readonly (string | undefined)[],
  blackTeam: readonly (string | undefined)[],
  boards: number,
): (BoardGame & { missing?: 'red' | 'black' | 'both' })[] {
  const games: (BoardGame & { missing?: 'red' | 'black' | 'both' })[] = [];
  for (let board = 1; board <= boards; board++) {
    const first = redTeam[board - 1];
    const second = blackTeam[board - 1];
    const firstIsRed = firstTeamIsRed(board);
    const red = firstIsRed ? first : second;
    const black = firstIsRed ? second : first;
    const missing = !red && !black ? 'both' : !red ? 'red' : !black ? 'black' : undefined;
    games.push({ board, red: red ?? '', black: black ?? '', ...(missing ? { missing } : {}) });
  }
  return games;
}

/**
 * Secrecy (附录1 #8): a lineup is seen by its own captain and the arbiters; everyone else sees it
 * once both lineups of the match are in or the deadline has passed.
 */
export function lineupReleased(state: { bothIn: boolean; deadlinePassed: boolean }): boolean {
  return state.bothIn || state.deadlinePassed;
}
