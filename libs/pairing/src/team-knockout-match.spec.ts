import { GameResult, Round, Tournament } from '@chuhe/tournament';
import { firstTeamIsRed } from '@chuhe/tournament';
import { stageChainKnockouts, stageChainSystem } from './stage-chain';
import { stageChainStandings } from './stage-chain-standings';
import { knockoutView } from './knockout-view';
import { rapidRematchGame, teamKnockoutDeciderOption, teamKnockoutMatchState, TeamKnockoutFormat } from './team-knockout-match';

const ONE: TeamKnockoutFormat = { regularLegs: 1, rapid: true, decider: 'board_count_back' };
const never = (): never => {
  throw new Error('no lot expected');
};
/** A board's result for the first-listed team: 'w' win, 'd' draw, 'l' loss (colours by 附录6 用法2). */
const game = (board: number, r: 'w' | 'd' | 'l', leg = 1) => {
  const firstRed = firstTeamIsRed(board, leg);
  const result: GameResult = r === 'd' ? 'draw' : (r === 'w') === firstRed ? 'red_win' : 'black_win';
  return { board, leg, result };
};

describe('a team knockout match (二章6节1, 附录1 #7)', () => {
  it('the team with more match points wins; an open board leaves it in progress', () => {
    expect(teamKnockoutMatchState(ONE, [game(1, 'w'), game(2, 'd'), game(3, 'd')], never)).toEqual({
      status: 'decided',
      winner: 'first',
      decidedBy: 'regular',
    });
    expect(teamKnockoutMatchState(ONE, [game(1, 'w'), game(2, 'l'), game(3, 'l')], never)).toEqual({
      status: 'decided',
      winner: 'second',
      decidedBy: 'regular',
    });
    expect(teamKnockoutMatchState(ONE, [game(1, 'w'), { board: 2, leg: 1, result: null }], never)).toEqual({ status: 'in_progress', stage: 'regular' });
  });

  it('two games a board: 大分 first, then 小分 (二章5节4)', () => {
    const two: TeamKnockoutFormat = { ...ONE, regularLegs: 2 };
    // Board 1: first team wins both (大分 2 : 0); board 2: first loses one, draws one (大分 0 : 2) — 大分 level, 小分 4+1 : 0+3.
    const games = [game(1, 'w', 1), game(1, 'w', 2), game(2, 'l', 1), game(2, 'd', 2)];
    expect(teamKnockoutMatchState(two, games, never)).toEqual({ status: 'decided', winner: 'first', decidedBy: 'regular' });
  });

  it('drawn: the rapid rematch is added as the next leg, and its 局分 decide', () => {
    const drawn = [game(1, 'w'), game(2, 'l')];
    expect(teamKnockoutMatchState(ONE, drawn, never)).toEqual({ status: 'next', leg: 2 });
    expect(teamKnockoutMatchState(ONE, [...drawn, game(1, 'd', 2), { board: 2, leg: 2, result: null }], never)).toEqual({
      status: 'in_progress',
      stage: 'rapid',
    });
    expect(teamKnockoutMatchState(ONE, [...drawn, game(1, 'd', 2), game(2, 'l', 2)], never)).toEqual({
      status: 'decided',
      winner: 'second',
      decidedBy: 'rapid',
    });
  });

  it('rematch drawn: board count-back (rapid first, then regular), the lot only when no board was won', () => {
    const drawn = [game(1, 'w'), game(2, 'l')];
    // Rapid: board 1 to the second team, board 2 to the first — level; the highest board won decides.
    expect(teamKnockoutMatchState(ONE, [...drawn, game(1, 'l', 2), game(2, 'w', 2)], never)).toEqual({
      status: 'decided',
      winner: 'second',
      decidedBy: 'board_count_back',
    });
    // Rapid all drawn: the regular games' highest board won (board 1, first team).
    expect(teamKnockoutMatchState(ONE, [...drawn, game(1, 'd', 2), game(2, 'd', 2)], never)).toEqual({
      status: 'decided',
      winner: 'first',
      decidedBy: 'board_count_back',
    });
    // Every board drawn everywhere: the lot.
    const allDrawn = [game(1, 'd'), game(2, 'd'), game(1, 'd', 2), game(2, 'd', 2)];
    expect(teamKnockoutMatchState(ONE, allDrawn, () => 'second')).toEqual({ status: 'decided', winner: 'second', decidedBy: 'lot' });
    // The organizer chose the lot: no count-back.
    expect(teamKnockoutMatchState({ ...ONE, decider: 'lot' }, [...drawn, game(1, 'l', 2), game(2, 'w', 2)], () => 'first')).toEqual({
      status: 'decided',
      winner: 'first',
      decidedBy: 'lot',
    });
  });

  it('no rapid rematch configured: straight to the decider; all boards double forfeits: no winner', () => {
    expect(teamKnockoutMatchState({ ...ONE, rapid: false }, [game(1, 'w'), game(2, 'l')], never)).toEqual({
      status: 'decided',
      winner: 'first',
      decidedBy: 'board_count_back',
    });
    expect(teamKnockoutMatchState(ONE, [{ board: 1, result: 'double_forfeit' }], never)).toEqual({ status: 'no_winner', reason: 'double_forfeit' });
    expect(teamKnockoutMatchState(ONE, [], never)).toEqual({ status: 'no_winner', reason: 'no_games' });
  });

  it('the decider option defaults to board count-back; a rematch board reverses colours, a missing player forfeits', () => {
    expect(teamKnockoutDeciderOption({})).toBe('board_count_back');
    expect(teamKnockoutDeciderOption({ teamKnockoutDecider: 'lot' })).toBe('lot');
    expect(teamKnockoutDeciderOption({ teamKnockoutDecider: 'coin' })).toBe('board_count_back');
    expect(rapidRematchGame({ red: 'a', black: 'b' })).toEqual({ red: 'b', black: 'a', result: null });
    expect(rapidRematchGame({ red: null, black: 'b' })).toEqual({ red: 'b', black: null, result: 'red_win_forfeit' });
  });
});

/** 4 teams of 2 boards, a standalone knockout (stage chain). */
function teams(): Tournament {
  return {
    name: 'team knockout',
    options: { eventKind: 'team', scoring: '2-1-0', gamesPerPairing: 1, boards: 2, pairingSystem: 'stage-chain', stages: [{ type: 'knockout' }] },
    entries: Array.from({ length: 4 }, (_, i) => ({
      id: `t${i + 1}`,
      drawNumber: i + 1,
      members: [
        { id: `t${i + 1}a`, board: 1 },
        { id: `t${i + 1}b`, board: 2 },
      ],
    })),
    rounds: [],
  };
}

/** Pair the next round; each pairing's boards as a team match (first-listed team Red on odd boards). */
function pairTeams(t: Tournament): Round {
  const r = stageChainSystem.pair({ tournament: t });
  if (!r.ok) throw new Error(r.error.message);
  const round: Round = { round: r.value.round, byes: r.value.byes, pairings: r.value.pairings.map((p) => ({ red: p.red, black: p.black, games: [] })) };
  t.rounds.push(round);
  return round;
}
/** The boards of a pairing, results for the first-listed team ('w' / 'd' / 'l'), leg 2 = rapid rematch. */
function play(t: Tournament, round: Round, first: string, results: ('w' | 'd' | 'l')[], leg = 1) {
  const p = round.pairings.find((x) => x.red === first || x.black === first)!;
  const member = (team: string, board: number) => t.entries.find((e) => e.id === team)!.members![board - 1].id;
  results.forEach((r, i) => {
    const board = i + 1;
    const g = game(board, p.red === first ? r : r === 'w' ? 'l' : r === 'l' ? 'w' : 'd', leg);
    const firstRed = firstTeamIsRed(board, leg);
    p.games.push({ ...g, red: member(firstRed ? p.red : p.black, board), black: member(firstRed ? p.black : p.red, board) });
  });
}

describe('a team knockout bracket (二章6节1: seeds apart, winners advance)', () => {
  it('semi-finals (one decided by the rapid rematch), the final, and the places', () => {
    const t = teams();
    const semis = pairTeams(t);
    expect(semis.pairings.map((p) => [p.red, p.black].sort())).toEqual([
      ['t1', 't4'],
      ['t2', 't3'],
    ]);
    play(t, semis, 't1', ['w', 'd']); // t1 wins 3 : 1
    play(t, semis, 't3', ['w', 'l']); // drawn 2 : 2
    expect(stageChainSystem.pair({ tournament: t }).ok).toBe(false); // the drawn match is not decided
    const open = stageChainKnockouts(t);
    expect(open.ok && open.value.find((m) => [m.top, m.bottom].includes('t3'))?.state).toMatchObject({ status: 'next', game: { kind: 'rapid' } });
    play(t, semis, 't3', ['d', 'w'], 2); // the rapid rematch: t3 wins
    const decided = stageChainKnockouts(t);
    if (!decided.ok) throw new Error(decided.error.message);
    expect(decided.value.map((m) => [m.winner, m.teamDecidedBy])).toEqual(
      expect.arrayContaining([
        ['t1', 'regular'],
        ['t3', 'rapid'],
      ]),
    );
    // The bracket shows the boards, the rematch's as rapid games.
    const view = knockoutView(t);
    if (!view.ok || !view.value) throw new Error('expected a bracket');
    const rematched = view.value.rounds[0].matches.find((m) => m.winner === 't3')!;
    expect(rematched.games.map((g) => [g.number, g.kind])).toEqual([
      [1, 'regular'],
      [2, 'regular'],
      [1, 'rapid'],
      [2, 'rapid'],
    ]);
    const final = pairTeams(t);
    expect(final.pairings.map((p) => [p.red, p.black].sort())).toEqual([['t1', 't3']]);
    play(t, final, 't3', ['w', 'w']);
    const s = stageChainStandings(t);
    if (!s.ok) throw new Error(s.error.message);
    const at = (id: string) => s.value.places.find((p) => p.entry === id)!;
    expect(at('t3')).toMatchObject({ place: 1, basis: 'knockout', status: 'final' });
    expect(at('t1')).toMatchObject({ place: 2, basis: 'knockout' });
    expect(at('t2')).toMatchObject({ place: 3, shared: true });
    expect(at('t4')).toMatchObject({ place: 3, shared: true });
    // The table's score counts the regular boards only: the rapid rematch decided, it does not score.
    // t3: 场分 1 (semi-final drawn) + 2 (final); counting the rematch would make the semi-final a win (4).
    expect(s.value.standings.rows.find((r) => r.entry === 't3')!.score).toBe(3);
  });
});

describe('a team Swiss → knockout chain (二章1节3, 二章6节1)', () => {
  it('the best 4 after 3 team Swiss rounds play the knockout; the winner is placed 1st', () => {
    const t = teams();
    t.options = {
      ...t.options,
      stages: [
        { type: 'swiss', rounds: 3 },
        { type: 'knockout', qualifiers: 4 },
      ],
    };
    t.entries = Array.from({ length: 8 }, (_, i) => ({
      id: `t${i + 1}`,
      drawNumber: i + 1,
      members: [
        { id: `t${i + 1}a`, board: 1 },
        { id: `t${i + 1}b`, board: 2 },
      ],
    }));
    const better = (p: { red: string; black: string }) => (Number(p.red.slice(1)) < Number(p.black.slice(1)) ? p.red : p.black);
    for (let r = 0; r < 3; r++) {
      const round = pairTeams(t);
      for (const p of round.pairings) play(t, round, better(p), ['w', 'w']);
    }
    const semis = pairTeams(t);
    expect(semis.pairings).toHaveLength(2);
    const qualified = semis.pairings.flatMap((p) => [p.red, p.black]).sort();
    expect(qualified).toHaveLength(4);
    for (const p of semis.pairings) play(t, semis, better(p), ['w', 'l']); // both drawn: the rematch decides
    expect(stageChainSystem.pair({ tournament: t }).ok).toBe(false);
    for (const p of semis.pairings) play(t, semis, p.red === better(p) ? p.black : p.red, ['w', 'd'], 2); // the lower seed wins the rematch
    const final = pairTeams(t);
    const finalists = final.pairings.flatMap((p) => [p.red, p.black]).sort();
    expect(finalists).toEqual(semis.pairings.map((p) => (p.red === better(p) ? p.black : p.red)).sort());
    play(t, final, better(final.pairings[0]), ['w', 'w']);
    const s = stageChainStandings(t);
    if (!s.ok) throw new Error(s.error.message);
    expect(s.value.places[0]).toMatchObject({ entry: better(final.pairings[0]), place: 1, basis: 'knockout' });
    expect(s.value.places.slice(4).every((p) => p.basis === 'standings')).toBe(true);
  });
});
