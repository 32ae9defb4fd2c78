import type { MemberResult, TeamMatch } from './reports';

/**
 * Team views beside the standings (附录1): each team's record round by round and the board
 * prizes. Pure: reads the standings' team matches and members' results.
 */

export interface TeamRoundRecord {
  round: number;
  opponent: string | null;
  /** The team's colour in the match: its board-1 colour (附录1 #9); null for a bye. */
  colour: 'red' | 'black' | null;
  kind: TeamMatch['kind'] | 'bye';
  /** 场分 and 局分 of the team, then of the opponent. */
  matchPoints: [number, number] | null;
  gamePoints: [number, number] | null;
}

/** Every team's matches in round order (byes as rounds without an opponent). */
export function teamRecords(
  teams: readonly string[],
  matches: readonly TeamMatch[],
  byes: readonly { round: number; entry: string }[] = [],
): Map<string, TeamRoundRecord[]> {
  const out = new Map<string, TeamRoundRecord[]>(teams.map((t) => [t, []]));
  for (const m of matches) {
    out.get(m.red)?.push({ round: m.round, opponent: m.black, colour: 'red', kind: m.kind, matchPoints: m.matchPoints, gamePoints: m.gamePoints });
    out.get(m.black)?.push({
      round: m.round,
      opponent: m.red,
      colour: 'black',
      kind: m.kind,
      matchPoints: [m.matchPoints[1], m.matchPoints[0]],
      gamePoints: [m.gamePoints[1], m.gamePoints[0]],
    });
  }
  for (const b of byes) out.get(b.entry)?.push({ round: b.round, opponent: null, colour: null, kind: 'bye', matchPoints: null, gamePoints: null });
  for (const list of out.values()) list.sort((a, b) => a.round - b.round);
  return out;
}

export interface BoardPrizeRow {
  rank: number;
  player: string;
  team: string;
  name?: string;
  points: number;
  games: number;
}

/**
 * Board prizes (best score per board). The rules award none and define none; our reading: a
 * player competes on the board their individual total counts on (a starter's registered board; a
 * reserve's one counted board, 附录1 #6), ranked by points on that board, then by fewer games
 * (the better rate), sharing the rank when both are equal.
 */
export function boardPrizes(members: readonly MemberResult[], boards: number): { board: number; rows: BoardPrizeRow[] }[] {
  const tables: { board: number; rows: BoardPrizeRow[] }[] = [];
  for (let board = 1; board <= boards; board++) {
    const rows = members
      .filter((m) => m.countedBoard === board)
      .map((m) => {
        const played = m.boards.filter((b) => m.starterBoard !== null || b.board === board);
        const row: BoardPrizeRow = { rank: 0, player: m.player, team: m.team, points: m.countedPoints, games: played.reduce((s, b) => s + b.games, 0) };
        if (m.name) row.name = m.name;
        return row;
      })
      .filter((r) => r.games > 0)
      .sort((a, b) => b.points - a.points || a.games - b.games || a.player.localeCompare(b.player));
    rows.forEach((r, i) => {
      const prev = rows[i - 1];
      r.rank = prev && prev.points === r.points && prev.games === r.games ? prev.rank : i + 1;
    });
    tables.push({ board, rows });
  }
  return tables;
}
