import { GameResult, Round, Tournament } from '@chuhe/tournament';
import { stageChainSystem } from './stage-chain';
import { stageChainStandings } from './stage-chain-standings';
import { standingsCsv, standingsReport } from './standings-report';

function field(n: number, stages: unknown[]): Tournament {
  return {
    name: 'stage chain places',
    options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, pairingSystem: 'stage-chain', stages },
    entries: Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, drawNumber: i + 1, rating: 2000 - i * 10 })),
    rounds: [],
  };
}

const num = (id: string) => Number(id.slice(1));
/** The better seed (lower number) wins, except where `upset` names the winner. */
function playRound(t: Tournament, upset: (red: string, black: string) => string | undefined = () => undefined): Round {
  const r = stageChainSystem.pair({ tournament: t });
  if (!r.ok) throw new Error(r.error.message);
  const result = (red: string, black: string): GameResult => {
    const w = upset(red, black) ?? (num(red) < num(black) ? red : black);
    return w === red ? 'red_win' : 'black_win';
  };
  const stored: Round = {
    round: r.value.round,
    byes: r.value.byes,
    pairings: r.value.pairings.map((p) => ({ ...p, games: p.games.map((g) => ({ ...g, result: result(g.red, g.black) })) })),
  };
  t.rounds.push(stored);
  return stored;
}

function places(t: Tournament) {
  const s = stageChainStandings(t);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

describe('stage chains are placed by their last stage (二章1节3, issue 22)', () => {
  it('Swiss → knockout of 8: the knockout’s winner 1st and the final’s loser 2nd, whatever their points; semi- and quarter-final losers share 3rd and 5th; the rest by the Swiss', () => {
    const t = field(16, [
      { type: 'swiss', rounds: 4 },
      { type: 'knockout', qualifiers: 8 },
    ]);
    for (let i = 0; i < 4; i++) playRound(t);
    // p1 (4 wins in the Swiss) loses the final to p2 who loses nothing else either.
    const ko = () => playRound(t, (red, black) => ([red, black].includes('p1') && [red, black].includes('p2') ? 'p2' : undefined));
    ko();
    ko();
    // Before the final: places are ranges for those still in.
    const before = places(t);
    expect(before.complete).toBe(false);
    expect(before.places.find((p) => p.entry === 'p1')).toMatchObject({ places: [1, 2], status: 'pending' });
    ko();
    const s = places(t);
    expect(s.complete).toBe(true);
    const at = (id: string) => s.places.find((p) => p.entry === id)!;
    expect(at('p2')).toMatchObject({ place: 1, basis: 'knockout', status: 'final' });
    expect(at('p1')).toMatchObject({ place: 2, basis: 'knockout' });
    // The table alone (summed points) would put p1 first: the places do not.
    expect(s.standings.rows[0].entry).toBe('p1');
    const semiLosers = s.places.filter((p) => p.place === 3);
    expect(semiLosers).toHaveLength(2);
    expect(semiLosers.every((p) => p.shared && p.places[0] === 3 && p.places[1] === 4)).toBe(true);
    expect(s.places.filter((p) => p.place === 5)).toHaveLength(4);
    // Places 9–16: the Swiss order among those who did not qualify.
    const rest = s.places.filter((p) => p.place >= 9);
    expect(rest.map((p) => p.place)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    expect(rest.every((p) => p.basis === 'standings' && p.stage === 1)).toBe(true);
    const swissOrder = s.standings.rows.map((r) => r.entry).filter((id) => rest.some((p) => p.entry === id));
    expect(rest.map((p) => p.entry)).toEqual(swissOrder);
    expect(s.notes.join(' ')).not.toMatch(/assumed Swiss/);
    // The reasons as data, for the pages' languages: the same facts as the English `why`.
    expect(at('p2').reason).toEqual({ kind: 'knockout_won' });
    expect(at('p1').reason).toEqual({ kind: 'knockout_lost', lostIn: 'final' });
    expect(semiLosers.map((p) => p.reason)).toEqual([
      { kind: 'knockout_lost', lostIn: 'semi_final' },
      { kind: 'knockout_lost', lostIn: 'semi_final' },
    ]);
    expect(s.places.filter((p) => p.place === 5).every((p) => p.reason.kind === 'knockout_lost' && p.reason.lostIn === 'quarter_final')).toBe(true);
    // Place 9 is the 9th of the Swiss, whatever its row's rank in the whole event's table.
    expect(rest.map((p) => p.reason)).toEqual(rest.map((_, i) => ({ kind: 'stage_rank', stageType: 'swiss', rank: 9 + i, group: false })));
    expect(rest.every((p) => p.notReached === 2)).toBe(true);
    expect(at('p2').notReached).toBeUndefined();
  });

  it('the same order in the report, the CSV and the JSON (what the page and `chuhe standings` read)', () => {
    const t = field(8, [
      { type: 'swiss', rounds: 3 },
      { type: 'knockout', qualifiers: 4 },
    ]);
    for (let i = 0; i < 3; i++) playRound(t);
    playRound(t, (red, black) => ([red, black].includes('p4') ? 'p4' : undefined));
    playRound(t, (red, black) => ([red, black].includes('p4') ? 'p4' : undefined));
    const r = standingsReport(t, {});
    if (!r.ok || r.value.kind !== 'stages') throw new Error('expected the stage places');
    const order = r.value.stages.places.map((p) => p.entry);
    expect(order[0]).toBe('p4');
    expect((r.value.json.places as { entry: string }[]).map((p) => p.entry)).toEqual(order);
    const csv = standingsCsv(r.value)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('Place,No,Name,Status,How decided');
    expect(csv.slice(1).map((l) => `p${l.split(',')[1]}`)).toEqual(order);
    expect(csv[3]).toMatch(/^'=3,/); // a tied place starts with '=': neutralised for spreadsheets (issue 23 #8)
  });

  it('groups → knockout: the knockout places first, then the others by their place in the group, shared across groups', () => {
    const t = field(8, [
      { type: 'group_round_robin', groups: 2 },
      { type: 'knockout', qualifiers: 4 },
    ]);
    while (t.rounds.length < 3) playRound(t);
    playRound(t);
    playRound(t);
    const s = places(t);
    expect(s.places.slice(0, 4).every((p) => p.basis === 'knockout')).toBe(true);
    const thirds = s.places.filter((p) => p.place === 5);
    expect(thirds).toHaveLength(2);
    expect(thirds.every((p) => p.shared && p.why.includes('3rd of its group'))).toBe(true);
    expect(thirds.every((p) => p.reason.kind === 'stage_rank' && p.reason.rank === 3 && p.reason.group)).toBe(true);
    expect(s.places.filter((p) => p.place === 7)).toHaveLength(2);
  });
});
