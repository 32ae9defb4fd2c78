/**
 * Issue 30: every TRF Chuhe writes passes bbpPairings' reading rules (trf-checker.ts): a round paired
 * without results, the Swiss → knockout chain's tie-break games, `afterRound`.
 */
import { GameResult, Round, Tournament } from '@chuhe/tournament';
import { playRandomTournament } from '../swiss/random-tournament';
import { swissIndividual } from '../swiss/swiss-individual';
import { stageChainSystem } from '../stage-chain';
import { checkTrf } from './trf-checker';
import { makeTrf, MakeTrfOptions } from './trf';

function trfOf(t: Tournament, options: MakeTrfOptions = {}): string {
  const r = makeTrf(t, options);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const line = (trf: string, rank: number) => trf.split('\n').find((l) => l.startsWith(`001 ${String(rank).padStart(4)}`))!;

describe('the checker finds what bbpPairings refuses', () => {
  const good = trfOf({
    options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1 },
    entries: [
      { id: 'a', drawNumber: 1, name: 'A' },
      { id: 'b', drawNumber: 2, name: 'B' },
      { id: 'c', drawNumber: 3, name: 'C' },
    ],
    rounds: [{ round: 1, pairings: [{ red: 'a', black: 'b', games: [{ red: 'a', black: 'b', result: 'draw' }] }], byes: ['c'] }],
  });

  it('accepts a good file', () => expect(checkTrf(good)).toEqual([]));

  it.each([
    ['a paired game without a result', (l: string) => l.replace(/ w =$/, ' w  ').padEnd(l.length), /Invalid line: result ' ' against an opponent/],
    ['a wrong score', (l: string) => [...l].map((c, i) => (i === 82 ? '5' : c)).join(''), /score for player 1 does not match/],
    ['a short line', (l: string) => l.slice(0, 60), /at least 84 columns/],
    ['an unknown result', (l: string) => l.replace(/ w =$/, ' w ?'), /result '\?'/],
    ['a colour against no one', (l: string) => l.replace(/ {3}2 w =$/, '0000 w ='), /colour without an opponent/],
  ])('%s', (_name, change, message) => {
    const text = good.replace(line(good, 1), change(line(good, 1)));
    expect(
      checkTrf(text)
        .map((p) => p.message)
        .join('\n'),
    ).toMatch(message);
  });

  it('a game the opponent does not record the same way', () => {
    const text = good.replace(line(good, 2), line(good, 2).replace(/ {3}1 b =$/, '   3 b ='));
    expect(checkTrf(text).map((p) => p.message)).toContain('Match 1 for player 1 contradicts the entry for the opponent.');
  });
});

describe('every TRF Chuhe writes passes the checker', () => {
  it.each([9, 16, 31])('random %i-player Swiss fields, after every round', (players) => {
    const { tournament, error } = playRandomTournament({ seed: `trf-check${players}`, players, rounds: 7, affiliations: 3 }, swissIndividual);
    expect(error).toBeUndefined();
    for (let n = 0; n <= tournament.rounds.length; n++) expect([n, checkTrf(trfOf(tournament, { afterRound: n }))]).toEqual([n, []]);
    expect(checkTrf(trfOf(tournament))).toEqual([]);
  });

  it('a round paired without results is left out (bbpPairings has no code for it); afterRound on it is refused', () => {
    const { tournament } = playRandomTournament({ seed: 'trf-open', players: 10, rounds: 4, affiliations: 2 }, swissIndividual);
    const open: Round = {
      ...tournament.rounds[3],
      round: 5,
      pairings: tournament.rounds[3].pairings.map((p) => ({ ...p, games: p.games.map((g) => ({ ...g, result: null })) })),
    };
    const t = { ...tournament, rounds: [...tournament.rounds, open] };
    const trf = trfOf(t);
    expect(checkTrf(trf)).toEqual([]);
    // Four rounds written: each line has four blocks.
    expect(
      trf
        .split('\n')
        .filter((l) => l.startsWith('001'))
        .every((l) => [...l].length <= 91 + 4 * 10),
    ).toBe(true);
    expect(trfOf(t, { afterRound: 2 })).toBe(trfOf({ ...tournament, rounds: tournament.rounds.slice(0, 2) }, { totalRounds: 5 }));
    const refused = makeTrf(t, { afterRound: 5 });
    expect(!refused.ok && refused.error[0].message).toMatch(/round 5 has pairings without a result/);
    const beyond = makeTrf(t, { afterRound: 6 });
    expect(!beyond.ok && beyond.error[0].message).toMatch(/round 6 is not paired yet/);
  });

  it('the Swiss → knockout chain: tie-break games written as the match the bracket decided', () => {
    const t: Tournament = {
      name: 'chain',
      options: {
        eventKind: 'individual',
        scoring: '2-1-0',
        gamesPerPairing: 1,
        boards: 1,
        pairingSystem: 'stage-chain',
        stages: [
          { type: 'swiss', rounds: 3 },
          { type: 'knockout', qualifiers: 4 },
        ],
      },
      entries: Array.from({ length: 8 }, (_, i) => ({ id: `p${i + 1}`, drawNumber: i + 1, rating: 2000 - i * 10 })),
      rounds: [],
    };
    const num = (id: string) => Number(id.slice(1));
    const play = (decide: (red: string, black: string) => GameResult) => {
      const r = stageChainSystem.pair({ tournament: t });
      if (!r.ok) throw new Error(r.error.message);
      const { warnings: _w, ...round } = r.value;
      const stored: Round = {
        ...round,
        pairings: round.pairings.map((p) => ({ ...p, games: p.games.map((g) => ({ ...g, result: decide(g.red, g.black) })) })),
      };
      t.rounds.push(stored);
      return stored;
    };
    for (let r = 0; r < 3; r++) play((a, b) => (num(a) < num(b) ? 'red_win' : r === 1 ? 'draw' : 'black_win'));
    // Semi-finals: match 1 drawn, then its rapid game drawn too — the player with Black in it advances (附录2 7b).
    const semi = play((a, b) => (num(a) < num(b) ? 'red_win' : 'black_win'));
    const m1 = semi.pairings[0];
    m1.games[0].result = 'draw';
    // While the tie-break game is still to be played, the semi-final round is not finished: left out.
    const before = trfOf(t);
    expect(checkTrf(before)).toEqual([]);
    expect(
      before
        .split('\n')
        .filter((l) => l.startsWith('001'))
        .every((l) => [...l].length <= 91 + 3 * 10),
    ).toBe(true);
    m1.games.push({ red: m1.black, black: m1.red, result: 'draw' });
    play((a, b) => (num(a) < num(b) ? 'red_win' : 'black_win'));
    const trf = trfOf(t);
    expect(checkTrf(trf)).toEqual([]);
    // Match 1's winner (Red of the first game, Black in the rapid game) is written as winning round 4.
    const redRank = num(m1.red);
    expect(line(trf, redRank)).toMatch(new RegExp(`${String(num(m1.black)).padStart(4)} w 1\\s+\\S+ [wb] [10=]$`));
    for (let n = 0; n <= 5; n++) expect(checkTrf(trfOf(t, { afterRound: n }))).toEqual([]);
  });
});
