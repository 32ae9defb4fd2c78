import { GameResult, Round, Tournament } from '@chuhe/tournament';
import { computeStandings } from '@chuhe/standings';
import { PAIRING_SYSTEMS } from './registry';
import { checkRound } from './checker';
import { readStages, stageChainKnockoutRounds, stageChainKnockouts, stageChainSystem, stageOfRound } from './stage-chain';

function field(n: number, stages: unknown[]): Tournament {
  return {
    name: 'stage chain test',
    options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, pairingSystem: 'stage-chain', stages },
    entries: Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, drawNumber: i + 1, rating: 2000 - i * 10 })),
    rounds: [],
  };
}

/** Pair the next round and store it with results: the better seed (lower number) wins, or `decide` says. */
function playRound(t: Tournament, decide: (red: string, black: string, game: number) => GameResult = byNumber): Round {
  const r = stageChainSystem.pair({ tournament: t });
  if (!r.ok) throw new Error(r.error.message);
  const { warnings: _w, ...round } = r.value;
  const stored: Round = { ...round, pairings: round.pairings.map((p) => ({ ...p, games: p.games.map((g) => ({ ...g, result: decide(g.red, g.black, 1) })) })) };
  t.rounds.push(stored);
  return stored;
}

const num = (id: string) => Number(id.slice(1));
const byNumber = (red: string, black: string): GameResult => (num(red) < num(black) ? 'red_win' : 'black_win');

describe('stage-chain (二章1节3)', () => {
  it('is registered, and checks options.stages', () => {
    expect(PAIRING_SYSTEMS['stage-chain']).toBe(stageChainSystem);
    expect(readStages(field(4, [{ type: 'swiss' }])).ok).toBe(false);
    expect(readStages(field(4, [{ type: 'swiss', rounds: 3 }, { type: 'knockout' }])).ok).toBe(false); // qualifiers needed
    expect(readStages(field(4, [{ type: 'knockout' }, { type: 'swiss', rounds: 3 }])).ok).toBe(false);
    expect(
      readStages(
        field(4, [
          { type: 'group_round_robin', groups: 3 },
          { type: 'knockout', qualifiers: 4 },
        ]),
      ).ok,
    ).toBe(false); // 4 % 3
    expect(readStages(field(4, [{ type: 'championship_5_2' }])).ok).toBe(false);
    expect(
      readStages({ ...field(4, [{ type: 'knockout' }]), options: { ...field(4, []).options, eventKind: 'team', stages: [{ type: 'knockout' }] } }).ok,
    ).toBe(true); // 二章6节1: team knockouts are the organizer's choice (team-knockout-match.ts)
    expect(
      readStages(
        field(4, [
          { type: 'swiss', rounds: 3 },
          { type: 'knockout', qualifiers: 8 },
        ]),
      ).ok,
    ).toBe(true);
  });

  it('places rounds in stages: 5 Swiss rounds then an 8-player knockout (rounds 6–8)', () => {
    const t = field(16, [
      { type: 'swiss', rounds: 5 },
      { type: 'knockout', qualifiers: 8 },
    ]);
    const at = (r: number) => {
      const s = stageOfRound(t, r);
      return s.ok ? [s.value.index, s.value.stage.type, s.value.stageRound, s.value.rounds] : s.error.code;
    };
    expect(at(1)).toEqual([0, 'swiss', 1, 5]);
    expect(at(5)).toEqual([0, 'swiss', 5, 5]);
    expect(at(6)).toEqual([1, 'knockout', 1, 3]);
    expect(at(8)).toEqual([1, 'knockout', 3, 3]);
    expect(at(9)).toBe('unsupported');
    expect(stageChainKnockoutRounds(t)).toEqual([6, 7, 8]);
  });

  it('runs 16 players: 5 Swiss rounds, the knockout seeded 1–8, 4–5, 2–7, 3–6 from the standings, tie-break games by 附录2 7b', () => {
    const t = field(16, [
      { type: 'swiss', rounds: 5 },
      { type: 'knockout', qualifiers: 8 },
    ]);
    for (let r = 1; r <= 5; r++) {
      const round = playRound(t);
      expect(round.pairings).toHaveLength(8);
      expect(checkRound(t, r).filter((f) => f.severity === 'error')).toEqual([]);
    }
    const standings = computeStandings({ ...t }, { format: 'swiss', lot: { seed: 'stage chain test' } });
    if (!standings.ok) throw new Error(standings.error.message);
    const seeds = standings.value.rows.slice(0, 8).map((r) => r.entry);

    // Quarter-finals: not stored yet → the bracket from the ranking.
    const qf = stageChainSystem.pair({ tournament: t });
    if (!qf.ok) throw new Error(qf.error.message);
    const pairs = qf.value.pairings.map((p) => [p.red, p.black].sort());
    const expected = [
      [1, 8],
      [4, 5],
      [2, 7],
      [3, 6],
    ].map(([a, b]) => [seeds[a - 1], seeds[b - 1]].sort());
    expect(pairs).toEqual(expected);
    expect(qf.value.byes).toEqual([]);
    // Outside the knockout the others are not paired: the checker reads the stage's view (not
    // "unpaired"), and quarter-finalists who met in the Swiss rounds are no rematch error.
    const { warnings: _w, ...qfRound } = qf.value;
    expect(checkRound(t, qfRound).filter((f) => f.severity === 'error')).toEqual([]);
    expect(checkRound({ ...t, options: { ...t.options, pairingSystem: 'swiss-individual' } }, qfRound).some((f) => f.code === 'unpaired')).toBe(true);

    // Match 1 drawn: it is not decided, the semi-finals wait and name the rapid game with colours reversed.
    const stored: Round = {
      ...qfRound,
      pairings: qfRound.pairings.map((p, i) => ({ ...p, games: p.games.map((g) => ({ ...g, result: i === 0 ? 'draw' : byNumber(g.red, g.black) })) })),
    };
    t.rounds.push(stored);
    const waiting = stageChainSystem.pair({ tournament: t });
    expect(waiting.ok).toBe(false);
    if (!waiting.ok) {
      expect(waiting.error.code).toBe('previous_round_unfinished');
      expect(waiting.error.message).toContain(`add game 2 (rapid, ${stored.pairings[0].black} Red, ${stored.pairings[0].red} Black)`);
    }
    // The rapid game drawn too: the player who had Black in it wins (附录2 7b), no third game.
    const m1 = stored.pairings[0];
    m1.games.push({ red: m1.black, black: m1.red, result: 'draw' });
    const ks = stageChainKnockouts(t);
    if (!ks.ok) throw new Error(ks.error.message);
    expect(ks.value[0].winner).toBe(m1.red);
    expect(ks.value[0].state).toMatchObject({ status: 'decided', decidedBy: 'rapid', drawCountedFor: 'black' });

    const sf = playRound(t);
    expect(sf.pairings).toHaveLength(2);
    // The checker on the stage's view: the quarter-final losers are out, not "unpaired".
    expect(checkRound(t, 7).filter((f) => f.severity === 'error')).toEqual([]);
    const winners = ks.value.map((k) => k.winner);
    expect(sf.pairings.map((p) => [p.red, p.black].sort())).toEqual([[winners[0], winners[1]].sort(), [winners[2], winners[3]].sort()]);
    const final = playRound(t);
    expect(final.pairings).toHaveLength(1);
    const done = stageChainSystem.pair({ tournament: t });
    expect(done.ok ? 'paired' : done.error.message).toContain('the format is finished');
  });

  it('a standalone knockout of 6: seeds 1 and 2 advance without playing (not a scoring bye), then the winners meet', () => {
    const t = field(6, [{ type: 'knockout' }]);
    const r1 = playRound(t);
    expect(r1.byes).toEqual([]);
    expect(checkRound(t, 1).filter((f) => f.severity === 'error')).toEqual([]);
    const ks = stageChainKnockouts(t);
    expect(ks.ok && ks.value.filter((m) => m.bottom === null).map((m) => m.winner)).toEqual(['p1', 'p2']);
    expect(r1.pairings.map((p) => [p.red, p.black].sort())).toEqual([
      ['p4', 'p5'],
      ['p3', 'p6'],
    ]);
    const r2 = playRound(t);
    expect(r2.pairings.map((p) => [p.red, p.black].sort())).toEqual([
      ['p1', 'p4'],
      ['p2', 'p3'],
    ]);
    expect(r2.byes).toEqual([]);
    expect(checkRound(t, 2).filter((f) => f.severity === 'error')).toEqual([]);
    const r3 = playRound(t);
    expect(r3.pairings.map((p) => [p.red, p.black].sort())).toEqual([['p1', 'p2']]);
  });

  it('a knockout entrant who withdrew gives the opponent a walkover; the checker agrees', () => {
    const t = field(8, [{ type: 'knockout' }]);
    playRound(t);
    t.entries[0].withdrawnAfterRound = 1; // p1 won round 1, then withdrew (二章7节)
    const r2 = playRound(t);
    expect(r2.pairings.map((p) => [p.red, p.black].sort())).toEqual([['p2', 'p3']]);
    expect(checkRound(t, 2).filter((f) => f.severity === 'error')).toEqual([]);
    const r3 = playRound(t);
    expect(r3.pairings.map((p) => [p.red, p.black].sort())).toEqual([['p2', 'p4']]);
  });

  it('a group round-robin (snake) then a knockout of the first two of each group: A1–B2, B1–A2', () => {
    const t = field(8, [
      { type: 'group_round_robin', groups: 2 },
      { type: 'knockout', qualifiers: 4 },
    ]);
    // Snake by seeding (rating): A = p1 p4 p5 p8, B = p2 p3 p6 p7; each group plays 3 rounds.
    const r1 = playRound(t);
    const inA = new Set(['p1', 'p4', 'p5', 'p8']);
    expect(r1.pairings).toHaveLength(4);
    for (const p of r1.pairings) expect(inA.has(p.red)).toBe(inA.has(p.black));
    playRound(t);
    playRound(t);
    const ko = playRound(t);
    for (let r = 1; r <= 4; r++) expect(checkRound(t, r).filter((f) => f.severity === 'error')).toEqual([]);
    // Group A: p1 then p4; group B: p2 then p3 (the better number wins every game).
    expect(ko.pairings.map((p) => [p.red, p.black].sort())).toEqual([
      ['p1', 'p3'],
      ['p2', 'p4'],
    ]);
    const final = playRound(t);
    expect(final.pairings.map((p) => [p.red, p.black].sort())).toEqual([['p1', 'p2']]);
  });

  it('a double round-robin of 5 in a chain: every round checks clean (one rest per cycle 附录6 #3–4, the second cycle meets again)', () => {
    const t = field(5, [{ type: 'double_round_robin' }, { type: 'knockout', qualifiers: 2 }]);
    for (let r = 1; r <= 11; r++) {
      playRound(t);
      expect(checkRound(t, r).filter((f) => f.severity === 'error')).toEqual([]);
    }
    expect(t.rounds[10].pairings.map((p) => [p.red, p.black].sort())).toEqual([['p1', 'p2']]);
  });

  it('a round-robin by draw number (附录6) then a knockout of the best 4 from its table: 1–4, 2–3', () => {
    const t = field(6, [{ type: 'round_robin' }, { type: 'knockout', qualifiers: 4 }]);
    for (let r = 1; r <= 5; r++) expect(playRound(t).pairings).toHaveLength(3);
    const ko = playRound(t);
    expect(ko.pairings.map((p) => [p.red, p.black].sort())).toEqual([
      ['p1', 'p4'],
      ['p2', 'p3'],
    ]);
    // The semi-finalists met in the round-robin: no rematch error in a later stage.
    expect(checkRound(t, 6).filter((f) => f.severity === 'error')).toEqual([]);
    const s = stageOfRound(t, 6);
    expect(s.ok && [s.value.stage.type, s.value.stageRound]).toEqual(['knockout', 1]);
  });

  it('a later stage keeps the field it began with (options.stageFields) when an earlier result is corrected', () => {
    const t = field(6, [{ type: 'round_robin' }, { type: 'knockout', qualifiers: 4 }]);
    for (let r = 1; r <= 5; r++) playRound(t);
    // Before the knockout begins, a recorded field is not read: the ranking seeds it (1–4, 2–3).
    const early = stageChainSystem.pair({ tournament: { ...t, options: { ...t.options, stageFields: { 1: ['p6', 'p5'] } } } });
    expect(early.ok && early.value.pairings.map((p) => [p.red, p.black].sort())).toEqual([
      ['p1', 'p4'],
      ['p2', 'p3'],
    ]);
    playRound(t); // the semi-finals: p1 and p2 win
    // An appeal gives p5 every round-robin game: p5 now ranks first, above all four semi-finalists.
    for (const r of t.rounds.slice(0, 5))
      for (const p of r.pairings) for (const g of p.games) if (g.red === 'p5' || g.black === 'p5') g.result = g.red === 'p5' ? 'red_win' : 'black_win';
    const recomputed = stageChainSystem.pair({ tournament: t });
    expect(recomputed.ok || recomputed.error.message).toMatch(/round 6 should hold the knockout match/);
    const recorded: Tournament = { ...t, options: { ...t.options, stageFields: { 1: ['p1', 'p2', 'p3', 'p4'] } } };
    const final = stageChainSystem.pair({ tournament: recorded });
    expect(final.ok && final.value.pairings.map((p) => [p.red, p.black].sort())).toEqual([['p1', 'p2']]);
    const bracket = stageChainKnockouts(recorded);
    expect(bracket.ok && bracket.value.map((m) => m.winner)).toEqual(['p1', 'p2']);
    const bad = stageChainSystem.pair({ tournament: { ...t, options: { ...t.options, stageFields: { 1: ['p1', 'nobody'] } } } });
    expect(bad.ok || bad.error.message).toBe('options.stageFields["1"] must list at least 2 different entries of the event');
  });
});

describe('a knockout stage’s colours are not the Swiss pairer’s (issue 22)', () => {
  it('the final of an 8-player knockout is never refused for its colours, whichever side the lot gives Red', () => {
    const t = field(8, [{ type: 'knockout' }]);
    // Red wins every game: the winners had Red, then Red again where the bracket gave it.
    const redWins = (): GameResult => 'red_win';
    playRound(t, redWins);
    playRound(t, redWins);
    const next = stageChainSystem.pair({ tournament: t });
    if (!next.ok) throw new Error(next.error.message);
    const final = next.value.pairings[0];
    const findings = [
      [final.red, final.black],
      [final.black, final.red],
    ].flatMap(([red, black]) => {
      const r: Round = { round: 3, byes: [], pairings: [{ red, black, games: [{ red, black, result: null }] }] };
      return checkRound({ ...t, rounds: [...t.rounds, r] }, r).filter((f) => f.code === 'colour_difference' || f.code === 'three_same_colour');
    });
    expect(findings.length).toBeGreaterThan(0); // the same order in a Swiss would be a fault
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
  });
});
