import { CHAIN_IDS, ChainId, DEFAULT_CHAINS, changeChain, defaultChainId, resolveChain } from './chains';
import { CriterionId } from './criteria';
import { Sanction } from './sanctions';
import { computeStandings, Standings, StandingsOptions } from './standings';
import { individual, team } from './spec-helpers';
import { Tournament } from '@chuhe/tournament';

/** The chains exactly as the rules list them (read from 二章6节2–5, 附录1 #12, 附录2 #10, 附录3 #5, 附录4 #4, 附录5 #4). */
const EXPECTED: Record<ChainId, CriterionId[]> = {
  'axf-2-6-2': ['score', 'sonnebornBerger', 'directEncounter', 'wins', 'winsAsBlack', 'gamesAsBlack', 'blackInDirectGame', 'fouls'],
  'axf-2-6-3': ['score', 'opponentScore', 'directEncounter', 'wins', 'winsAsBlack', 'gamesAsBlack', 'strongOpponent', 'fouls'],
  'axf-2-6-4': ['score', 'totalGamePoints', 'sonnebornBerger', 'matchesWon', 'wins', 'directEncounter', 'board1Points', 'gamesAsBlack', 'fouls'],
  'axf-2-6-5': ['score', 'opponentScore', 'totalGamePoints', 'directEncounter', 'opponentGamePoints', 'board1Points', 'matchesAsBlack', 'fouls'],
  'axf-appendix-1': ['score', 'opponentScore', 'totalGamePoints', 'directEncounter', 'opponentGamePoints', 'board1Points', 'matchesAsBlack', 'fouls'],
  'axf-appendix-2': ['score', 'opponentScore', 'directEncounter', 'wins', 'winsAsBlack', 'gamesAsBlack', 'strongOpponent', 'fouls'],
  'axf-appendix-3': ['score', 'opponentScore', 'directEncounter', 'wins', 'winsAsBlack', 'gamesAsBlack', 'strongOpponent', 'fouls'],
  'axf-appendix-4': ['score', 'opponentScore', 'directEncounter', 'wins', 'winsAsBlack', 'gamesAsBlack', 'strongOpponent', 'fouls'],
  'axf-appendix-5': ['score', 'opponentScore', 'directEncounter', 'wins', 'winsAsBlack', 'gamesAsBlack', 'strongOpponent', 'fouls'],
};

function standings(t: Tournament, options: StandingsOptions): Standings {
  const s = computeStandings(t, options);
  if (!s.ok) throw s.error;
  return s.value;
}

/** [entry, rank, decidedBy criterion or null] per row. */
function summary(s: Standings): [string, number, string | null][] {
  return s.rows.map((r) => [r.entry, r.rank, r.decidedBy?.criterion ?? null]);
}

describe('default chains', () => {
  test.each(CHAIN_IDS.map((id) => [id]))('%s lists the rules’ items in order', (id) => {
    expect(DEFAULT_CHAINS[id].map((s) => s.criterion)).toEqual(EXPECTED[id]);
    for (const step of DEFAULT_CHAINS[id]) expect(step.rule).toMatch(/^(二章6节|附录)/);
  });

  test('default by event kind and format (二章6节2–5)', () => {
    expect(defaultChainId('individual', 'round-robin')).toBe('axf-2-6-2');
    expect(defaultChainId('individual', 'swiss')).toBe('axf-2-6-3');
    expect(defaultChainId('team', 'round-robin')).toBe('axf-2-6-4');
    expect(defaultChainId('team', 'swiss')).toBe('axf-2-6-5');
  });

  test('附录4 #4 f and 附录5 #4 f "强对手分犯规少者为胜" are read as two items', () => {
    expect(DEFAULT_CHAINS['axf-appendix-4'].slice(-2).map((s) => s.label)).toEqual(['f) 强对手分', 'f) 犯规少者为胜']);
  });

  test('unknown chains and criteria are errors', () => {
    const a = resolveChain('fide', 'individual', 'swiss');
    expect(!a.ok && a.error.code).toBe('unknown_chain');
    const b = resolveChain(['score', 'koya'], 'individual', 'swiss');
    expect(!b.ok && b.error.code).toBe('unknown_criterion');
    const c = resolveChain(['opponentScore'], 'individual', 'swiss');
    expect(c.ok && c.value.steps.map((s) => s.criterion)).toEqual(['score', 'opponentScore']);
  });

  test('a chain is editable until round 1 is published', () => {
    const before = individual(['a', 'b'], []);
    const swiss = DEFAULT_CHAINS['axf-2-6-3'];
    const rr = DEFAULT_CHAINS['axf-2-6-2'];
    expect(changeChain(before, swiss, rr).ok).toBe(true);
    const after = individual(['a', 'b'], ['a-b ?']);
    const r = changeChain(after, swiss, rr);
    expect(!r.ok && r.error.code).toBe('chain_locked');
    expect(changeChain(after, swiss, swiss).ok).toBe(true);
  });
});

describe('二章6节2 (round-robin individual), hand-computed', () => {
  test('A–E: a cycle a>b>c>a, everyone draws d', () => {
    // Scores all 3; 小分 all 4.5; 两人对赛 all 3 of 6; 胜局 d 0 (C); 后手胜局 b 1 (D); 后手赛局 a 2, c 0 (E).
    const t = individual(['a', 'b', 'c', 'd'], ['a-b 1, c-d =', 'c-a 1, b-d =', 'c-b 0, d-a =']);
    const s = standings(t, { format: 'round-robin' });
    expect(summary(s)).toEqual([
      ['b', 1, null],
      ['a', 2, 'winsAsBlack'],
      ['c', 3, 'gamesAsBlack'],
      ['d', 4, 'wins'],
    ]);
    expect(s.rows[0].values).toMatchObject({ score: 3, sonnebornBerger: 4.5, directEncounter: 3, wins: 1, winsAsBlack: 1 });
    expect(s.rows[1].decidedBy).toMatchObject({ label: 'D. 后手胜局多者为胜', rule: '二章6节2 D', previous: 1, current: 0 });
  });

  test('F: all draws; Black in the game between the two decides', () => {
    // 后手赛局: a 2, d 2, b 1, c 1. a–d: d-a in R3, a had Black. b–c: b-c in R3, c had Black.
    const t = individual(['a', 'b', 'c', 'd'], ['a-b =, c-d =', 'c-a =, b-d =', 'd-a =, b-c =']);
    const s = standings(t, { format: 'round-robin' });
    expect(summary(s)).toEqual([
      ['a', 1, null],
      ['d', 2, 'blackInDirectGame'],
      ['c', 3, 'gamesAsBlack'],
      ['b', 4, 'blackInDirectGame'],
    ]);
    expect(s.rows[1].decidedBy).toMatchObject({ label: 'F. 两人对赛时执后手者为胜', previous: 1, current: 0 });
  });

  test('G: a double round-robin of two, all draws; fewer technical fouls', () => {
    const t = individual(['a', 'b'], ['a-b =', 'b-a =']);
    const sanctions: Sanction[] = [{ kind: 'technical_foul', round: 1, player: 'a' }];
    const s = standings(t, { format: 'round-robin', roundRobinCycles: 2, sanctions });
    expect(summary(s)).toEqual([
      ['b', 1, null],
      ['a', 2, 'fouls'],
    ]);
    expect(s.rows[1].decidedBy).toMatchObject({ rule: '二章6节2 G', previous: 0, current: 1 });
  });
});

/** Four players, two rounds, all draws: 积分 2, 对手分 4, 直接对赛 not all met, 胜局 0, 后手胜局 0. */
const ALL_DRAWS_SWISS = individual(['a', 'b', 'c', 'd'], ['a-b =, c-d =', 'a-c =, b-d =']);
const FOUL_B: Sanction[] = [{ kind: 'technical_foul', round: 2, player: 'b' }];

describe('二章6节3 and 附录2–5 (Swiss individual), hand-computed', () => {
  test('二章6节3 A: 对手分 separates equal scores', () => {
    const t = individual(['a', 'b', 'c', 'd', 'e', 'f', 'g'], ['a-b 1, c-d =, e-f 0, g bye', 'f-a =, b-g 0, d-e +, c bye', 'a-c 0, d-f =, g-e -, b bye']);
    const s = standings(t, { format: 'swiss' });
    expect(summary(s)).toEqual([
      ['c', 1, null],
      ['d', 2, null],
      ['f', 3, 'opponentScore'],
      ['g', 4, 'opponentScore'],
      ['a', 5, null],
      ['e', 6, null],
      ['b', 7, 'opponentScore'],
    ]);
  });

  test.each([
    ['axf-2-6-3', 'G. 技术犯规少者为胜', '二章6节3 G', 'E. 后手赛局多者为胜'],
    ['axf-appendix-2', '犯规少者为胜', '附录2 #10 item 7', '执后手多者为胜'],
    ['axf-appendix-3', '(g) 犯规少者为胜', '附录3 #5 (g)', '(e) 执后手多者为胜'],
    ['axf-appendix-4', 'f) 犯规少者为胜', '附录4 #4 f)', 'e) 执后手多者为胜'],
    ['axf-appendix-5', 'f) 犯规少者为胜', '附录5 #4 f)', 'e) 执后手多者为胜'],
  ] as const)('%s: 后手局 then 强对手分 (equal) then 犯规少', (chain, foulsLabel, foulsRule, blackLabel) => {
    // 后手局: d 2, b 1, c 1, a 0. 强对手分 b [2,2] = c [2,2]. b has a technical foul.
    const s = standings(ALL_DRAWS_SWISS, { format: 'swiss', chain, sanctions: FOUL_B });
    expect(summary(s)).toEqual([
      ['d', 1, null],
      ['c', 2, 'gamesAsBlack'],
      ['b', 3, 'fouls'],
      ['a', 4, 'gamesAsBlack'],
    ]);
    expect(s.rows[1].decidedBy?.label).toBe(blackLabel);
    expect(s.rows[2].decidedBy).toMatchObject({ label: foulsLabel, rule: foulsRule });
    expect(s.rows[2].values.strongOpponent).toEqual([2, 2]);
    expect(s.rows[0].values.directEncounter).toBeNull();
  });

  test('without a lot, entries equal on the whole chain share the rank', () => {
    const s = standings(ALL_DRAWS_SWISS, { format: 'swiss' });
    expect(summary(s).map(([e, r]) => [e, r])).toEqual([
      ['d', 1],
      ['b', 2],
      ['c', 2],
      ['a', 4],
    ]);
    expect(s.rows[2].sharedRank).toBe(true);
  });

  test('a recorded lot decides last', () => {
    const s = standings(ALL_DRAWS_SWISS, { format: 'swiss', lot: { order: ['c', 'b'] } });
    expect(summary(s)).toEqual([
      ['d', 1, null],
      ['c', 2, 'gamesAsBlack'],
      ['b', 3, 'lot'],
      ['a', 4, 'gamesAsBlack'],
    ]);
    const seeded = standings(ALL_DRAWS_SWISS, { format: 'swiss', lot: { seed: 'drawn 2026-11-21 by the chief arbiter' } });
    expect(seeded.rows.every((r) => !r.sharedRank)).toBe(true);
    expect(seeded.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
  });

  test('a seeded lot follows the draw numbers, not the ids: an imported copy (new ids) ranks the same', () => {
    const seed = { format: 'swiss' as const, lot: { seed: 'drawn 2026-11-21 by the chief arbiter' } };
    const renamed = (id: string) => `imported-${id}`;
    const copy = JSON.parse(JSON.stringify(ALL_DRAWS_SWISS).replace(/"([abcd])"/g, (_, id: string) => `"${renamed(id)}"`)) as typeof ALL_DRAWS_SWISS;
    expect(copy.entries.map((e) => e.id)).toEqual(ALL_DRAWS_SWISS.entries.map((e) => renamed(e.id)));
    const order = standings(ALL_DRAWS_SWISS, seed).rows.map((r) => r.entry);
    expect(standings(copy, seed).rows.map((r) => r.entry)).toEqual(order.map(renamed));
  });
});

describe('二章6节4 (round-robin team), hand-computed', () => {
  test('总局分 equal, 小分 decides', () => {
    // R1 A-B 3–3, C-D 4–2 · R2 A-C 4–2, B-D 3–3 · R3 A-D 2–4, B-C 4–2
    // 场分 B 4, A 3, D 3, C 2; 总局分 A 9 = D 9; 小分 A ½·4 + 2 = 4, D ½·4 + 3 = 5.
    const t = team(['A', 'B', 'C', 'D'], ['A-B wdl, C-D wwl', 'A-C wwl, B-D ddd', 'A-D llw, B-C wwl']);
    const s = standings(t, { format: 'round-robin' });
    expect(summary(s)).toEqual([
      ['B', 1, null],
      ['D', 2, null],
      ['A', 3, 'sonnebornBerger'],
      ['C', 4, null],
    ]);
    expect(s.rows[2].values).toMatchObject({ score: 3, totalGamePoints: 9, sonnebornBerger: 4 });
    expect(s.rows[2].decidedBy).toMatchObject({ label: 'B. 小分（所胜对手全部场分；所和对手一半场分）', previous: 5, current: 4 });
  });
});

/** Two teams meet twice, win/draw/loss each time: equal on everything but fouls. */
const TWO_TEAMS = team(['A', 'B'], ['A-B wdl', 'B-A wdl']);
const FOUL_A2: Sanction[] = [{ kind: 'technical_foul', round: 2, player: 'A2' }];

describe('team chains down to 全队技术犯规', () => {
  test.each([
    ['axf-2-6-4', 'round-robin', 'H. 全队技术犯规少者排前'],
    ['axf-2-6-5', 'swiss', 'G. 全队技术犯规少者排前'],
    ['axf-appendix-1', 'swiss', '(7) 犯规少者'],
  ] as const)('%s', (chain, format, label) => {
    const s = standings(TWO_TEAMS, { format, chain, sanctions: FOUL_A2, roundRobinCycles: 2 });
    expect(summary(s)).toEqual([
      ['B', 1, null],
      ['A', 2, 'fouls'],
    ]);
    expect(s.rows[1].decidedBy?.label).toBe(label);
    expect(s.rows[1].values).toMatchObject({ score: 2, totalGamePoints: 6, board1Points: 2, directEncounter: 2 });
  });

  test('二章6节5 / 附录1 #12: 对手总场分 first', () => {
    // TEAMS of criteria.spec: E 4, A 3, C 2 (对手 5), D 2 (对手 2), B 1
    const t = team(['A', 'B', 'C', 'D', 'E'], ['A-B wdl, C-D wwl, E bye', 'A-C Wdd, B-E lll, D bye']);
    for (const chain of ['axf-2-6-5', 'axf-appendix-1'] as const) {
      const s = standings(t, { format: 'swiss', chain });
      expect(summary(s)).toEqual([
        ['E', 1, null],
        ['A', 2, null],
        ['C', 3, null],
        ['D', 4, 'opponentScore'],
        ['B', 5, null],
      ]);
    }
  });

  test('二章6节5 C: 两队对赛 when 对手总场分 and 总局分 are equal', () => {
    // R1 A-B 4–2, C-D 3–3 · R2 A-C 2–4, B-D 4–2 · R3 A-D 3–3, B-C 3–3
    // 场分 C 4, A 3, B 3, D 2; 对手总场分 A 9 = B 9; 总局分 A 9 = B 9; A beat B.
    const t = team(['A', 'B', 'C', 'D'], ['A-B wwl, C-D wdl', 'A-C wll, B-D wwl', 'A-D wdl, B-C wdl']);
    for (const chain of ['axf-2-6-5', 'axf-appendix-1'] as const) {
      const s = standings(t, { format: 'swiss', chain });
      expect(summary(s)).toEqual([
        ['C', 1, null],
        ['A', 2, null],
        ['B', 3, 'directEncounter'],
        ['D', 4, null],
      ]);
      expect(s.rows[2].values).toMatchObject({ opponentScore: 9, totalGamePoints: 9, directEncounter: 0 });
      expect(s.rows[2].decidedBy).toMatchObject({ previous: 2, current: 0 });
    }
  });
});
