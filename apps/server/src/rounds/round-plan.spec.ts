import { checkOptions, fileRound, pairingGames, reconcileFindings, withdrawnBefore } from './round-plan';

type Entry = Parameters<typeof pairingGames>[3];

const BASE: Entry = {
  id: '',
  eventId: 'event',
  playerId: null,
  teamId: null,
  drawNumber: null,
  seed: null,
  hostExtra: false,
  status: 'active',
  withdrawnAt: null,
  withdrawnAfterRound: null,
  withdrawalReason: null,
  lateEntry: false,
  version: 1,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  player: null,
  team: null,
};

function player(id: string, drawNumber: number, withdrawnAfterRound: number | null = null): Entry {
  const playerId = `player-${id}`;
  return {
    ...BASE,
    id,
    drawNumber,
    playerId,
    status: withdrawnAfterRound === null ? 'active' : 'withdrawn',
    withdrawnAfterRound,
    player: { id: playerId, nameZh: id, nameEn: id, rating: null, title: null, affiliation: null },
  };
}

function team(id: string, drawNumber: number, boards: string[]): Entry {
  const member = (playerId: string, role: 'starter' | 'reserve', board: number | null) => ({
    teamId: id,
    playerId,
    role,
    board,
    player: { id: playerId, nameZh: playerId, nameEn: playerId },
  });
  const members = boards.map((p, i) => member(p, 'starter', i + 1));
  members.push(member(`${id}-reserve`, 'reserve', null));
  return { ...BASE, id, drawNumber, teamId: id, team: { id, nameZh: id, nameEn: id, affiliation: null, members: [...members].reverse() } };
}

describe('pairingGames', () => {
  it('individual: one game, or two with colours reversed in game 2 (附录6 用法1)', () => {
    const one = pairingGames({ kind: 'individual', gamesPerPairing: 1, teamStarters: 3 }, 1, 'p', player('a', 1), player('b', 2));
    expect(one.map((g) => [g.board, g.redPlayerId, g.blackPlayerId, g.result])).toEqual([[1, 'player-a', 'player-b', null]]);
    const two = pairingGames({ kind: 'individual', gamesPerPairing: 2, teamStarters: 3 }, 1, 'p', player('a', 1), player('b', 2));
    expect(two.map((g) => [g.board, g.redPlayerId, g.blackPlayerId])).toEqual([
      [1, 'player-a', 'player-b'],
      [2, 'player-b', 'player-a'],
    ]);
  });

  it('team: starters in board order, the first team Red on boards 1 and 3 (附录6 用法2, 附录1 #9); reserves do not play', () => {
    const games = pairingGames(
      { kind: 'team', gamesPerPairing: 1, teamStarters: 3 },
      1,
      'p',
      team('A', 1, ['a1', 'a2', 'a3']),
      team('B', 2, ['b1', 'b2', 'b3']),
    );
    expect(games.map((g) => [g.board, g.redPlayerId, g.blackPlayerId])).toEqual([
      [1, 'a1', 'b1'],
      [2, 'b2', 'a2'],
      [3, 'a3', 'b3'],
    ]);
  });

  it('team, two games per board (二章5节4): each board twice, leg 2 with the colours reversed; a withdrawn team forfeits all six', () => {
    const games = pairingGames(
      { kind: 'team', gamesPerPairing: 2, teamStarters: 3 },
      1,
      'p',
      team('A', 1, ['a1', 'a2', 'a3']),
      team('B', 2, ['b1', 'b2', 'b3']),
    );
    expect(games.map((g) => [g.board, g.leg, g.redPlayerId, g.blackPlayerId])).toEqual([
      [1, 1, 'a1', 'b1'],
      [1, 2, 'b1', 'a1'],
      [2, 1, 'b2', 'a2'],
      [2, 2, 'a2', 'b2'],
      [3, 1, 'a3', 'b3'],
      [3, 2, 'b3', 'a3'],
    ]);
    const gone = { ...team('B', 2, ['b1', 'b2', 'b3']), status: 'withdrawn', withdrawnAfterRound: 1 } as Entry;
    const forfeits = pairingGames({ kind: 'team', gamesPerPairing: 2, teamStarters: 3 }, 2, 'p', team('A', 1, ['a1', 'a2', 'a3']), gone);
    expect(forfeits.map((g) => g.result)).toEqual([
      'red_win_forfeit',
      'black_win_forfeit',
      'black_win_forfeit',
      'red_win_forfeit',
      'red_win_forfeit',
      'black_win_forfeit',
    ]);
  });

  it('a side withdrawn before the round loses by forfeit (二章7节3–4), both: double forfeit, with the reason', () => {
    const red = pairingGames({ kind: 'individual', gamesPerPairing: 2, teamStarters: 3 }, 7, 'p', player('a', 1, 6), player('b', 2));
    expect(red.map((g) => g.result)).toEqual(['black_win_forfeit', 'red_win_forfeit']);
    expect(red[0].reason).toMatch(/二章7节3–4: entry #1 withdrew after round 6/);
    const both = pairingGames({ kind: 'individual', gamesPerPairing: 1, teamStarters: 3 }, 7, 'p', player('a', 1, 6), player('b', 2, 5));
    expect(both.map((g) => g.result)).toEqual(['double_forfeit']);
    const notYet = pairingGames({ kind: 'individual', gamesPerPairing: 1, teamStarters: 3 }, 6, 'p', player('a', 1, 6), player('b', 2));
    expect(notYet.map((g) => g.result)).toEqual([null]);
  });
});

describe('checks and files', () => {
  it('withdrawnBefore: after round N means from round N + 1', () => {
    expect(withdrawnBefore({ status: 'withdrawn', withdrawnAfterRound: 3 }, 3)).toBe(false);
    expect(withdrawnBefore({ status: 'withdrawn', withdrawnAfterRound: 3 }, 4)).toBe(true);
    expect(withdrawnBefore({ status: 'active', withdrawnAfterRound: null }, 4)).toBe(false);
  });

  it('checker options by stage: a double round-robin meets twice; a table keeps a withdrawn entry (warning)', () => {
    expect(checkOptions('swiss').severities).toEqual({});
    expect(checkOptions('round_robin').severities).toEqual({ withdrawn_paired: 'warning' });
    expect(checkOptions('double_round_robin').severities).toEqual({ rematch: 'off', withdrawn_paired: 'warning' });
  });

  it('a draft as the libs round: byes apart', () => {
    const r = fileRound(3, [
      { redEntryId: 'a', blackEntryId: 'b' },
      { redEntryId: 'c', blackEntryId: null },
    ]);
    expect(r).toEqual({ round: 3, pairings: [{ red: 'a', black: 'b', games: [{ red: 'a', black: 'b', result: null }] }], byes: ['c'] });
  });

  it('manual changes: absolute errors refused, floats and colour errors accepted with a reason, old errors kept', () => {
    const f = (code: 'rematch' | 'needless_float' | 'forbidden_pair' | 'three_same_colour', entries: string[], severity: 'error' | 'warning' = 'error') => ({
      severity,
      code,
      round: 2,
      entries,
      message: code,
    });
    const old = [
      { ...f('forbidden_pair', ['b', 'a']), source: 'checker' as const },
      { ...f('needless_float', ['x', 'y']), severity: 'warning' as const, source: 'checker' as const, accepted: 'same club' },
      { severity: 'warning' as const, code: 'colour_difference', round: 2, entries: ['z'], message: 'system', source: 'pairing' as const },
    ];
    const checked = [
      f('forbidden_pair', ['a', 'b']),
      f('needless_float', ['y', 'x']),
      f('needless_float', ['p', 'q']),
      f('rematch', ['m', 'n']),
      f('three_same_colour', ['k'], 'warning'),
    ];
    const without = reconcileFindings(checked, old, undefined);
    expect(without.refused.map((x) => x.code)).toEqual(['rematch']);
    expect(without.needReason.map((x) => x.entries)).toEqual([['p', 'q']]);
    const withReason = reconcileFindings(
      checked.filter((x) => x.code !== 'rematch'),
      old,
      'brothers',
    );
    expect(withReason.refused).toEqual([]);
    expect(withReason.needReason).toEqual([]);
    expect(withReason.findings.map((x) => [x.code, x.severity, x.accepted, x.source])).toEqual([
      ['forbidden_pair', 'error', undefined, 'checker'],
      ['needless_float', 'warning', 'same club', 'checker'],
      ['needless_float', 'warning', 'brothers', 'checker'],
      ['three_same_colour', 'warning', undefined, 'checker'],
      ['colour_difference', 'warning', undefined, 'pairing'],
    ]);
  });
});
