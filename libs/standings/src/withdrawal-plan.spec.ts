import { withdrawalPlan, type WithdrawalPairing, type WithdrawalRequest } from './withdrawal-plan';

const game = (id: string, board: number, result: WithdrawalPairing['games'][number]['result'], red: string | null, black: string | null, leg = 1) => ({
  id,
  board,
  leg,
  result,
  redPlayerId: red,
  blackPlayerId: black,
});

const pairing = (round: number, games: WithdrawalPairing['games'], over: Partial<WithdrawalPairing> = {}): WithdrawalPairing => ({
  round,
  table: 1,
  roundRobin: false,
  bye: false,
  entryFirstListed: true,
  opponentLeftBefore: false,
  games,
  ...over,
});

const individual = (over: Partial<WithdrawalRequest>): WithdrawalRequest => ({
  kind: 'individual',
  playerId: 'me',
  memberIds: new Set(),
  lastPublished: 0,
  entriesClosed: false,
  drawn: false,
  pairings: [],
  ...over,
});

describe('withdrawalPlan', () => {
  it('二章7节2: before round 1 the entry leaves before the start; a drawn entry needs a new draw while entries are open', () => {
    expect(withdrawalPlan(individual({ drawn: true }))).toEqual({ ok: true, afterRound: 0, beforeStart: true, redrawNeeded: true, forfeits: [] });
    expect(withdrawalPlan(individual({ drawn: true, entriesClosed: true }))).toMatchObject({ ok: true, redrawNeeded: false });
    expect(withdrawalPlan(individual({ afterRound: 1 }))).toEqual({ ok: false, refusal: 'before_start_only' });
  });

  it('二章7节4: after round 2 of a Swiss, the unplayed game of round 3 is a forfeit win for the opponent', () => {
    const plan = withdrawalPlan(
      individual({
        lastPublished: 3,
        afterRound: 2,
        pairings: [pairing(2, [game('g2', 1, 'draw', 'me', 'x')]), pairing(3, [game('g3', 1, null, 'y', 'me')])],
      }),
    );
    expect(plan).toEqual({
      ok: true,
      afterRound: 2,
      beforeStart: false,
      redrawNeeded: false,
      forfeits: [{ gameId: 'g3', round: 3, table: 1, board: 1, result: 'red_win_forfeit', article: '二章7节4', bothGone: false }],
    });
  });

  it('二章7节3: a round-robin forfeit cites 7节3; an opponent gone before the round makes a double forfeit', () => {
    const plan = withdrawalPlan(
      individual({ lastPublished: 2, afterRound: 1, pairings: [pairing(2, [game('g', 1, null, 'me', 'z')], { roundRobin: true, opponentLeftBefore: true })] }),
    );
    expect(plan).toMatchObject({ ok: true, forfeits: [{ result: 'double_forfeit', article: '二章7节3', bothGone: true }] });
  });

  it('refuses to leave before a round the entry played over the board, had the bye in, or after an unpublished round', () => {
    expect(withdrawalPlan(individual({ lastPublished: 2, afterRound: 1, pairings: [pairing(2, [game('g', 1, 'red_win', 'me', 'x')])] }))).toEqual({
      ok: false,
      refusal: 'played',
      round: 2,
    });
    expect(withdrawalPlan(individual({ lastPublished: 2, afterRound: 1, pairings: [pairing(2, [], { bye: true })] }))).toEqual({
      ok: false,
      refusal: 'had_bye',
      round: 2,
    });
    expect(withdrawalPlan(individual({ lastPublished: 2, afterRound: 3 }))).toEqual({ ok: false, refusal: 'after_last_published', round: 2 });
    expect(withdrawalPlan(individual({ lastPublished: 2, afterRound: 0, pairings: [pairing(1, [game('g', 1, 'draw', 'me', 'x')])] }))).toEqual({
      ok: false,
      refusal: 'paired',
      round: 1,
    });
  });

  it('team match: a board without players follows 附录6 用法2 (first-listed team Red on odd boards, reversed in leg 2)', () => {
    const plan = withdrawalPlan({
      kind: 'team',
      playerId: null,
      memberIds: new Set(['m1', 'm2']),
      lastPublished: 2,
      afterRound: 1,
      entriesClosed: true,
      drawn: true,
      pairings: [
        pairing(2, [game('b1', 1, null, null, null), game('b2', 2, null, null, null), game('b1l2', 1, null, null, null, 2), game('b3', 3, null, 'm2', 'o')]),
      ],
    });
    expect(plan.ok && plan.forfeits.map((f) => [f.gameId, f.result])).toEqual([
      ['b1', 'black_win_forfeit'], // odd board: the entry (first-listed) is Red and forfeits
      ['b2', 'red_win_forfeit'],
      ['b1l2', 'red_win_forfeit'], // leg 2 reverses
      ['b3', 'black_win_forfeit'], // its member m2 has Red
    ]);
  });
});
