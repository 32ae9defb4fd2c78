import { Tournament } from '@chuhe/tournament';
import { CRITERIA, CRITERION_IDS, CriterionId, CriterionValue } from './criteria';
import { CountingSettings } from './settings';
import { computeStandings, StandingsOptions } from './standings';
import { individual, team } from './spec-helpers';

/**
 * Hand-computed values of every criterion, with byes and forfeits in each.
 *
 * SWISS (7 players, 3 rounds, 2/1/0):
 *   R1: a-b 1-0 · c-d ½ · e-f 0-1 (f Black) · g bye
 *   R2: f-a ½ · b-g 0-1 (g Black) · d-e forfeit won by d · c bye
 *   R3: a-c 0-1 (c Black) · d-f ½ · g-e forfeit won by e (Black) · b bye
 * Scores: a 3, b 2, c 5, d 4, e 2, f 4, g 4.
 */
const SWISS = individual(['a', 'b', 'c', 'd', 'e', 'f', 'g'], ['a-b 1, c-d =, e-f 0, g bye', 'f-a =, b-g 0, d-e +, c bye', 'a-c 0, d-f =, g-e -, b bye']);

/**
 * TEAMS (5 teams, 3 boards, 2 rounds): first-listed team has Red on boards 1 and 3.
 *   R1: A-B win/draw/loss (3–3, 场分 1–1) · C-D win/win/loss (4–2) · E bye
 *   R2: A-C forfeit win on board 1, draw, draw (4–2) · B-E loss ×3 (0–6) · D bye
 * 场分: A 3, B 1, C 2, D 2, E 4. 局分: A 7, B 3, C 6, D 8, E 12.
 */
const TEAMS = team(['A', 'B', 'C', 'D', 'E'], ['A-B wdl, C-D wwl, E bye', 'A-C Wdd, B-E lll, D bye']);

function values(t: Tournament, criterion: CriterionId, counting: Partial<CountingSettings> = {}, extra: StandingsOptions = {}) {
  const s = computeStandings(t, { format: 'swiss', chain: ['score', criterion], counting, ...extra });
  if (!s.ok) throw s.error;
  return Object.fromEntries(s.value.rows.map((r) => [r.entry, r.values[criterion] as CriterionValue]));
}

describe('every criterion is defined once, with its rule', () => {
  test.each(CRITERION_IDS.map((id) => [id]))('%s', (id) => {
    const def = CRITERIA[id];
    expect(def.id).toBe(id);
    expect(def.definition.length).toBeGreaterThan(20);
    expect(def.rules.length).toBeGreaterThan(0);
    expect(Boolean(def.value) !== Boolean(def.group)).toBe(true);
  });
});

describe('individual criteria on SWISS (defaults: bye 0, forfeit counts the opponent)', () => {
  test('积分', () => {
    expect(values(SWISS, 'score')).toEqual({ a: 3, b: 2, c: 5, d: 4, e: 2, f: 4, g: 4 });
  });
  test('对手分 (Buchholz, 二章6节3 A)', () => {
    expect(values(SWISS, 'opponentScore')).toEqual({ a: 11, b: 7, c: 7, d: 11, e: 12, f: 9, g: 4 });
  });
  test('对手分 with a bye as one’s own score, forfeits as zero, withdrawn opponents as zero', () => {
    expect(values(SWISS, 'opponentScore', { byeInOpponentCriteria: 'own_score' })).toMatchObject({ b: 9, c: 12, g: 8 });
    expect(values(SWISS, 'opponentScore', { forfeitInOpponentCriteria: 'zero' })).toMatchObject({ d: 9, e: 4, g: 2 });
    expect(values(SWISS, 'opponentScore', { forfeitInOpponentCriteria: 'own_score' })).toMatchObject({ d: 13, e: 8, g: 6 });
    // g withdraws after round 3 (nothing changes in its results, 二章7节4); its opponents then count 0 for it.
    const w = { withdrawals: [{ entry: 'g', afterRound: 3 }] };
    expect(values(SWISS, 'opponentScore', {}, w)).toMatchObject({ b: 7, e: 12 });
    expect(values(SWISS, 'opponentScore', { withdrawnOpponent: 'zero' }, w)).toMatchObject({ b: 3, e: 8 });
  });
  test('小分 (Sonneborn–Berger, 二章6节2 A): all of a beaten opponent, half of a drawn one', () => {
    expect(values(SWISS, 'sonnebornBerger')).toEqual({ a: 4, b: 0, c: 5, d: 6.5, e: 4, f: 5.5, g: 2 });
    // A bye counted as a win against one's own score.
    expect(values(SWISS, 'sonnebornBerger', { byeInOpponentCriteria: 'own_score' })).toMatchObject({ b: 2, c: 10, g: 6 });
    expect(values(SWISS, 'sonnebornBerger', { forfeitInOpponentCriteria: 'zero' })).toMatchObject({ d: 4.5, e: 0 });
  });
  test('胜局数: forfeit wins count by default, byes not', () => {
    expect(values(SWISS, 'wins')).toEqual({ a: 1, b: 0, c: 1, d: 1, e: 1, f: 1, g: 1 });
    expect(values(SWISS, 'wins', { forfeitWinsAreWins: false })).toMatchObject({ d: 0, e: 0 });
    expect(values(SWISS, 'wins', { byeIsWin: true })).toMatchObject({ b: 1, c: 2, g: 2 });
  });
  test('后手胜局 and 后手局: over the board only by default', () => {
    expect(values(SWISS, 'winsAsBlack')).toEqual({ a: 0, b: 0, c: 1, d: 0, e: 0, f: 1, g: 1 });
    expect(values(SWISS, 'gamesAsBlack')).toEqual({ a: 1, b: 1, c: 1, d: 1, e: 0, f: 2, g: 1 });
    expect(values(SWISS, 'winsAsBlack', { unplayedBlackGames: true })).toMatchObject({ e: 1 });
    expect(values(SWISS, 'gamesAsBlack', { unplayedBlackGames: true })).toMatchObject({ e: 2 });
  });
  test('后手出场次数 (individual: pairings as Black)', () => {
    expect(values(SWISS, 'matchesAsBlack')).toEqual({ a: 1, b: 1, c: 1, d: 1, e: 0, f: 2, g: 1 });
  });
  test.each([
    ['opponent_scores_desc', { a: [5, 4, 2], b: [4, 3], c: [4, 3], d: [5, 4, 2], e: [4, 4, 4], f: [4, 3, 2], g: [2, 2] }],
    ['best_opponent', { a: 5, b: 4, c: 4, d: 5, e: 4, f: 4, g: 2 }],
    // b and c: the bye is no opponent (bye 'zero'), so the weakest real opponent is cut.
    ['buchholz_cut1', { a: 9, b: 4, c: 4, d: 9, e: 8, f: 7, g: 2 }],
    ['beaten_opponents_desc', { a: [2], b: [], c: [3], d: [2], e: [4], f: [2], g: [2] }],
  ] as const)('强对手分 as %s', (method, expected) => {
    expect(values(SWISS, 'strongOpponent', { strongOpponent: method })).toEqual(expected);
  });
  test('强对手分 compares the sorted vectors element by element; a missing element loses', () => {
    // e [4,4,4] > f [4,3,2] > b [4,3] (same prefix, one opponent fewer: the bye)
    const s = computeStandings(SWISS, { format: 'swiss', chain: ['strongOpponent'] });
    if (!s.ok) throw s.error;
    const order = s.value.rows.map((r) => r.entry);
    expect(order.indexOf('f')).toBeLessThan(order.indexOf('g'));
    const twoPoints = s.value.rows.filter((r) => r.score === 2).map((r) => r.entry);
    expect(twoPoints).toEqual(['e', 'b']);
  });
});

describe('直接对赛 (direct encounter) among all the tied entries', () => {
  test('not all of d, f, g met: skipped by default (complete_only)', () => {
    const s = computeStandings(SWISS, { format: 'swiss', chain: ['score', 'directEncounter'] });
    if (!s.ok) throw s.error;
    const rows = s.value.rows.filter((r) => r.score === 4);
    expect(rows.map((r) => [r.entry, r.sharedRank])).toEqual([
      ['d', false],
      ['f', true],
      ['g', true],
    ]);
    expect(rows.every((r) => r.values.directEncounter === null)).toBe(true);
  });
  test('mini_table: points among the tied decide anyway, then re-applied to those still tied', () => {
    const s = computeStandings(SWISS, { format: 'swiss', chain: ['score', 'directEncounter'], counting: { directEncounter: 'mini_table' } });
    if (!s.ok) throw s.error;
    const rows = s.value.rows.filter((r) => r.score === 4);
    // d ½ + f ½ against each other, g 0 among the three → g last; d and f stay tied.
    expect(rows.map((r) => [r.entry, r.values.directEncounter, r.sharedRank])).toEqual([
      ['d', 1, false],
      ['f', 1, true],
      ['g', 0, false],
    ]);
    expect(rows[2].decidedBy).toMatchObject({ criterion: 'directEncounter', previous: 1, current: 0 });
  });
  test('re-applied among those still tied after a partial split', () => {
    // a, b, c, d all score 4. Among the four: a 4, b 3, c 3, d 2 → a, {b, c}, d; then between
    // b and c alone b beat c: b 2, c 0.
    const t = individual(['a', 'b', 'c', 'd', 'e', 'f', 'g'], ['a-b =, c-d 1', 'a-c =, b-d 0', 'a-d 1, b-c 1', 'b-e =, c-f =, d-g 1']);
    const s = computeStandings(t, { format: 'swiss', chain: ['score', 'directEncounter'] });
    if (!s.ok) throw s.error;
    expect(s.value.rows.slice(0, 4).map((r) => [r.entry, r.values.directEncounter, r.decidedBy?.criterion ?? null])).toEqual([
      ['a', 4, null],
      ['b', 2, 'directEncounter'],
      ['c', 0, 'directEncounter'],
      ['d', 2, 'directEncounter'],
    ]);
    expect(s.value.rows[2].decidedBy).toMatchObject({ previous: 2, current: 0 });
    expect(s.value.rows[3].decidedBy).toMatchObject({ previous: 3, current: 2 });
  });
  test('a forfeit between the tied counts by default, not with forfeitsInDirectEncounter false', () => {
    const t = individual(['a', 'b', 'c', 'd'], ['a-b +, c-d 1', 'a-c 0, b-d 1']);
    // a 2, b 2, c 4, d 0: a and b tied, a won by forfeit.
    const on = computeStandings(t, { format: 'swiss', chain: ['score', 'directEncounter'] });
    if (!on.ok) throw on.error;
    expect(on.value.rows.map((r) => r.entry)).toEqual(['c', 'a', 'b', 'd']);
    expect(on.value.rows[2].decidedBy).toMatchObject({ criterion: 'directEncounter', previous: 2, current: 0 });
    const off = computeStandings(t, { format: 'swiss', chain: ['score', 'directEncounter'], counting: { forfeitsInDirectEncounter: false } });
    if (!off.ok) throw off.error;
    expect(off.value.rows[2].sharedRank).toBe(true);
  });
  test('两人对赛时执后手者 (二章6节2 F): only two tied entries who played each other', () => {
    const t = individual(['a', 'b', 'c'], ['a-b =, c bye']);
    const s = computeStandings(t, { format: 'round-robin', chain: ['score', 'blackInDirectGame'] });
    if (!s.ok) throw s.error;
    // A rest round in a round-robin scores nothing: a and b have 1, c 0.
    expect(s.value.rows.map((r) => r.entry)).toEqual(['b', 'a', 'c']);
    expect(s.value.rows[1].decidedBy).toMatchObject({ criterion: 'blackInDirectGame', previous: 1, current: 0, rule: 'custom' });
    // A forfeit is not a game played with Black.
    const f = computeStandings(individual(['a', 'b', 'c', 'd'], ['a-b !, c-d =']), { format: 'swiss', chain: ['score', 'blackInDirectGame'] });
    if (!f.ok) throw f.error;
    expect(f.value.rows.find((r) => r.entry === 'b')!.sharedRank).toBe(true);
  });
});

describe('team criteria on TEAMS', () => {
  test('场分 and 总局分 (byes: 场分 2 and a win on every board)', () => {
    expect(values(TEAMS, 'score')).toEqual({ A: 3, B: 1, C: 2, D: 2, E: 4 });
    expect(values(TEAMS, 'totalGamePoints')).toEqual({ A: 7, B: 3, C: 6, D: 8, E: 12 });
  });
  test('对手总场分 and 对手总局分', () => {
    expect(values(TEAMS, 'opponentScore')).toEqual({ A: 3, B: 7, C: 5, D: 2, E: 1 });
    expect(values(TEAMS, 'opponentGamePoints')).toEqual({ A: 9, B: 19, C: 15, D: 6, E: 3 });
  });
  test('全队胜局 and 取胜场数', () => {
    expect(values(TEAMS, 'wins')).toEqual({ A: 2, B: 1, C: 2, D: 1, E: 3 });
    expect(values(TEAMS, 'wins', { forfeitWinsAreWins: false })).toMatchObject({ A: 1 });
    expect(values(TEAMS, 'wins', { byeIsWin: true })).toMatchObject({ D: 4, E: 6 });
    expect(values(TEAMS, 'matchesWon')).toEqual({ A: 1, B: 0, C: 1, D: 0, E: 1 });
    expect(values(TEAMS, 'matchesWon', { byeIsWin: true })).toMatchObject({ D: 1, E: 2 });
  });
  test('第一台总分', () => {
    expect(values(TEAMS, 'board1Points')).toEqual({ A: 4, B: 0, C: 2, D: 2, E: 4 });
  });
  test('后手局数 and 后手出场次数', () => {
    expect(values(TEAMS, 'gamesAsBlack')).toEqual({ A: 2, B: 3, C: 2, D: 2, E: 2 });
    expect(values(TEAMS, 'gamesAsBlack', { unplayedBlackGames: true })).toMatchObject({ C: 3 });
    expect(values(TEAMS, 'matchesAsBlack')).toEqual({ A: 0, B: 1, C: 1, D: 1, E: 1 });
  });
  test('小分 on 场分 (二章6节4 B)', () => {
    // A: drew B (1 × ½) + beat C (2) = 2.5; C: beat D (2) = 2; E: beat B (1) = 1.
    expect(values(TEAMS, 'sonnebornBerger')).toEqual({ A: 2.5, B: 1.5, C: 2, D: 0, E: 1 });
  });
});

describe('team byes and forfeits in every team criterion', () => {
  // R1: A-B forfeit won by A on every board · C-D 4–2 · E bye. R2: B-A listed the other way round,
  // A (second-listed) has Red on board 1 … here: C-A 2–4, D-E 3–3, B bye.
  const t = team(['A', 'B', 'C', 'D', 'E'], ['A-B WWW, C-D wwl, E bye', 'C-A llw, D-E wdl, B bye']);
  test('a whole-match forfeit: 场分 and 局分 count; not a played match for 后手出场次数', () => {
    expect(values(t, 'score')).toEqual({ A: 4, B: 2, C: 2, D: 1, E: 3 });
    expect(values(t, 'totalGamePoints')).toEqual({ A: 10, B: 6, C: 6, D: 5, E: 9 });
    expect(values(t, 'matchesWon')).toEqual({ A: 2, B: 0, C: 1, D: 0, E: 0 });
    expect(values(t, 'matchesWon', { forfeitWinsAreWins: false })).toMatchObject({ A: 1 });
    expect(values(t, 'wins')).toEqual({ A: 5, B: 0, C: 3, D: 2, E: 1 });
    // B was the Black side of a forfeited match: not counted unless unplayedBlackGames.
    expect(values(t, 'matchesAsBlack')).toEqual({ A: 1, B: 0, C: 0, D: 1, E: 1 });
    expect(values(t, 'matchesAsBlack', { unplayedBlackGames: true })).toMatchObject({ B: 1 });
    expect(values(t, 'board1Points')).toEqual({ A: 4, B: 2, C: 2, D: 2, E: 2 });
  });
  test('a bye counts the same in 场分, 局分 and 第一台: a win in a Swiss, nothing in a round-robin rest round (issue 9)', () => {
    // Swiss bye: 场分 2, 局分 6 (a win on each of 3 boards), board 1: 2.
    expect(values(t, 'score')).toMatchObject({ E: 3 });
    expect(values(t, 'board1Points')).toMatchObject({ E: 2 });
    // Round-robin (附录6 #3–4: the odd team rests): 0 in every criterion for the rest round.
    const rr = (c: CriterionId) => values(t, c, {}, { format: 'round-robin' });
    expect(rr('score')).toMatchObject({ E: 1, B: 0 });
    expect(rr('totalGamePoints')).toMatchObject({ E: 3, B: 0 });
    expect(rr('board1Points')).toMatchObject({ E: 0, B: 0 });
    // An explicit byeGamePoints is spread over the boards in the same way.
    expect(values(t, 'board1Points', {}, { format: 'round-robin', byeGamePoints: 3 })).toMatchObject({ E: 1, B: 1 });
  });
  test('opponent criteria with a forfeited match and a bye', () => {
    // A met B (forfeit) and C: 2 + 2; B met A (forfeit) only, plus a bye.
    expect(values(t, 'opponentScore')).toEqual({ A: 4, B: 4, C: 5, D: 5, E: 1 });
    expect(values(t, 'opponentScore', { forfeitInOpponentCriteria: 'zero' })).toMatchObject({ A: 2, B: 0 });
    expect(values(t, 'opponentScore', { byeInOpponentCriteria: 'own_score' })).toMatchObject({ B: 6, E: 4 });
    expect(values(t, 'opponentGamePoints')).toEqual({ A: 12, B: 10, C: 15, D: 15, E: 5 });
    expect(values(t, 'sonnebornBerger')).toEqual({ A: 4, B: 0, C: 1, D: 1.5, E: 0.5 });
  });
});

describe('team, two games per board (二章5节4)', () => {
  test('场分 from 大分 then 小分; 总局分 is 小分, 大分 kept', () => {
    // A-B: board 1 A wins both (大分 2–0, 小分 4–0), board 2 B wins both (0–2, 0–4), board 3 two draws
    // (1–1, 2–2): 大分 3–3, 小分 6–6 → 1–1. C-D: C wins all: 6–0 大分, 12–0 小分.
    const t = team(['A', 'B', 'C', 'D'], ['A-B ww/ll/dd, C-D ww/ww/ww'], { gamesPerPairing: 2 });
    const s = computeStandings(t, { format: 'swiss', chain: ['score', 'totalGamePoints', 'totalBigPoints'] });
    if (!s.ok) throw s.error;
    expect(s.value.rows.map((r) => [r.entry, r.score, r.values.totalGamePoints, r.values.totalBigPoints])).toEqual([
      ['C', 2, 12, 6],
      ['A', 1, 6, 3],
      ['B', 1, 6, 3],
      ['D', 0, 0, 0],
    ]);
    expect(s.value.teamMatches![0]).toMatchObject({ matchPoints: [1, 1], gamePoints: [6, 6], bigPoints: [3, 3] });
  });
});

describe('a team’s side is the colour of its board-1 player (附录1 #9)', () => {
  test('even when the pairing lists the teams the other way round', () => {
    const t = team(['A', 'B'], ['A-B wdl']);
    // Swap the pairing's order only: B is now first-listed, but A still has Red on board 1.
    const p = t.rounds[0].pairings[0];
    t.rounds[0].pairings[0] = { red: 'B', black: 'A', games: p.games };
    expect(values(t, 'matchesAsBlack')).toEqual({ A: 0, B: 1 });
    expect(values(t, 'score')).toEqual({ A: 1, B: 1 });
    expect(values(t, 'board1Points')).toEqual({ A: 2, B: 0 });
  });
});
