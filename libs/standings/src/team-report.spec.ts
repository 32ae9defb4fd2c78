import { boardPrizes, teamRecords } from './team-report';
import type { MemberResult, TeamMatch } from './reports';

const member = (
  team: string,
  player: string,
  starterBoard: number | null,
  boards: [number, number, number][],
  countedBoard: number | null,
  countedPoints: number,
): MemberResult => ({
  team,
  player,
  starterBoard,
  boards: boards.map(([board, games, points]) => ({ board, games, points })),
  countedBoard,
  countedPoints,
});

describe('team report (附录1)', () => {
  it("lists each team's matches from its own side, byes included, in round order", () => {
    const m: TeamMatch = { round: 1, red: 'A', black: 'B', kind: 'played', matchPoints: [2, 0], gamePoints: [4, 2], games: [], annulledGames: [] };
    const records = teamRecords(['A', 'B', 'C'], [m], [{ round: 1, entry: 'C' }]);
    expect(records.get('A')).toEqual([{ round: 1, opponent: 'B', colour: 'red', kind: 'played', matchPoints: [2, 0], gamePoints: [4, 2] }]);
    expect(records.get('B')![0]).toMatchObject({ opponent: 'A', colour: 'black', matchPoints: [0, 2], gamePoints: [2, 4] });
    expect(records.get('C')![0]).toMatchObject({ opponent: null, kind: 'bye' });
  });

  it('board prizes: starters on their board, a reserve on the one board that counts (附录1 #6); points, then fewer games', () => {
    const members = [
      member('A', 'a1', 1, [[1, 7, 10]], 1, 10),
      member('B', 'b1', 1, [[1, 6, 10]], 1, 10),
      member('C', 'c1', 1, [[1, 7, 12]], 1, 12),
      member(
        'A',
        'r',
        null,
        [
          [1, 1, 2],
          [2, 3, 6],
        ],
        2,
        6,
      ),
      member('B', 'b2', 2, [[2, 7, 5]], 2, 5),
      member('C', 'c3', 3, [], 3, 0),
    ];
    const [b1, b2, b3] = boardPrizes(members, 3);
    expect(b1.rows.map((r) => [r.rank, r.player])).toEqual([
      [1, 'c1'],
      [2, 'b1'],
      [3, 'a1'],
    ]);
    expect(b2.rows.map((r) => [r.player, r.points, r.games])).toEqual([
      ['r', 6, 3],
      ['b2', 5, 7],
    ]);
    expect(b3.rows).toEqual([]);
  });
});
