import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GameResult, Tournament } from '@chuhe/tournament';
import { playRandomTournament } from '../swiss/random-tournament';
import { swissIndividual } from '../swiss/swiss-individual';
import { makeTrf, MakeTrfOptions, parseTrf } from './trf';

function trfOf(t: Tournament, options: MakeTrfOptions = {}): string {
  const r = makeTrf(t, options);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

function parsed(text: string): Tournament {
  const r = parseTrf(text);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const fixture = (name: string): string => readFileSync(join(__dirname, '../../fixtures/trf', name), 'utf8');

/** What TRF carries: penalty wins read back as ordinary wins (see trf.ts). */
function representable(t: Tournament): unknown {
  const plain = (r: GameResult | null): GameResult | null => (r === 'red_win_penalty' ? 'red_win' : r === 'black_win_penalty' ? 'black_win' : r);
  return {
    entries: t.entries.map(({ id, drawNumber, rating, affiliation, name }) => ({ id, drawNumber, rating, affiliation, name })),
    rounds: t.rounds.map((r) => ({
      round: r.round,
      byes: [...r.byes].sort(),
      pairings: r.pairings
        .map((p) => ({ red: p.red, black: p.black, games: p.games.map((g) => ({ red: g.red, black: g.black, result: plain(g.result) })) }))
        .sort((a, b) => a.red.localeCompare(b.red)),
    })),
  };
}

describe('TRF export and import', () => {
  it.each([8, 12, 31])('round-trips a random %i-player Swiss field', (players) => {
    const { tournament, error } = playRandomTournament({ seed: `trf${players}`, players, rounds: 6, affiliations: 4 }, swissIndividual);
    expect(error).toBeUndefined();
    const trf = trfOf(tournament);
    const back = parsed(trf);
    expect(representable(back)).toEqual(representable(tournament));
    expect(trfOf(back)).toBe(trf);
  });

  it('writes the TRF-16 columns', () => {
    const t: Tournament = {
      name: 'Demo',
      options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 3 },
      entries: [
        { id: 'a', drawNumber: 1, name: 'Lee', rating: 2400, affiliation: 'HKG' },
        { id: 'b', drawNumber: 2, name: 'Tan' },
        { id: 'c', drawNumber: 3, name: 'Wu' },
      ],
      rounds: [{ round: 1, pairings: [{ red: 'b', black: 'a', games: [{ red: 'b', black: 'a', result: 'draw' }] }], byes: ['c'] }],
    };
    const lines = trfOf(t).split('\n');
    const a = lines.find((l) => l.startsWith('001    1'));
    expect(a?.slice(14, 47).trim()).toBe('Lee');
    expect(a?.slice(48, 52)).toBe('2400');
    expect(a?.slice(53, 56)).toBe('HKG');
    expect(a?.slice(80, 84)).toBe(' 0.5');
    expect(a?.slice(91, 99)).toBe('   2 b =');
    expect(lines.find((l) => l.startsWith('001    3'))?.slice(91, 99)).toBe('0000 - U');
  });

  it('CJK names and affiliations: every field in its column, counted in characters (code points) as bbpPairings reads', () => {
    const names = ['王天一 Wang Tianyi', '郑惟桐', '𠀀𠀁𠀂 Extension B', '赵鑫鑫'.repeat(12), '許銀川 Hui Yinchuen', '洪智', '謝靖 Xie Jing', '孟辰'];
    const t: Tournament = {
      name: '全国象棋锦标赛（个人）',
      options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, totalRounds: 3 },
      entries: names.map((name, i) => ({
        id: `p${i + 1}`,
        drawNumber: i + 1,
        name,
        rating: 2600 - i * 10,
        affiliation: ['北京', '广东', '上海队', '杭州'][i % 4],
      })),
      rounds: [
        {
          round: 1,
          pairings: [0, 1, 2, 3].map((k) => {
            const [red, black] = [`p${k + 1}`, `p${k + 5}`];
            return { red, black, games: [{ red, black, result: (['red_win', 'draw', 'black_win', 'red_win_forfeit'] as const)[k] }] };
          }),
          byes: [],
        },
      ],
    };
    const text = trfOf(t, {
      header: { city: '北京', federation: 'CXA', startDate: '2026-12-05', endDate: '2026-12-12', chiefArbiter: '张裁判', timeControl: '60\' + 30"' },
    });
    const players = text.split('\n').filter((l) => l.startsWith('001 '));
    expect(players).toHaveLength(8);
    for (const [i, line] of players.entries()) {
      const cols = [...line];
      const at = (from: number, to: number) => cols.slice(from, to).join('');
      expect(at(4, 8)).toBe(String(i + 1).padStart(4));
      // The name's 33 columns: cut at 33 characters, never into the next field.
      expect(at(14, 47).trimEnd()).toBe([...names[i]].slice(0, 33).join(''));
      expect(at(47, 48)).toBe(' ');
      expect(at(48, 52)).toBe(String(2600 - i * 10));
      expect(at(53, 56)).toBe(['北京', '广东', '上海队', '杭州'][i % 4].padEnd(3));
      expect(at(80, 84)).toMatch(/^ *\d+\.\d$/);
      expect(at(91, 99)).toMatch(/^ {3}\d [wb] [1=0+-]$/);
    }
    // Bytes differ (a Chinese character is 3 bytes of UTF-8): the columns are characters.
    expect(Buffer.byteLength(players[0].slice(0, 84))).toBeGreaterThan(84);
    // Read back: the same names, ratings, affiliations and results.
    const back = parsed(text);
    expect(back.entries.map((e) => [e.name, e.rating, e.affiliation])).toEqual(
      t.entries.map((e) => [e.name === undefined ? undefined : [...e.name].slice(0, 33).join(''), e.rating, e.affiliation]),
    );
    expect(back.rounds[0].pairings.map((p) => p.games[0].result)).toEqual(['red_win', 'draw', 'black_win', 'red_win_forfeit']);
    // The header records.
    const header = text.split('\n').filter((l) => /^\d{3} /.test(l) && !l.startsWith('001'));
    expect(header).toEqual([
      '012 全国象棋锦标赛（个人）',
      '022 北京',
      '032 CXA',
      '042 2026/12/05',
      '052 2026/12/12',
      '062 8',
      '092 Individual: Swiss-System (xiangqi, Chuhe)',
      '102 张裁判',
      `122 60' + 30"`,
    ]);
  });

  it('reports a pairing that only one side records', () => {
    const bad = ['001    1      A'.padEnd(91) + '   2 w 1', '001    2      B'].join('\n');
    const r = parseTrf(bad);
    expect(!r.ok && r.error[0].message).toContain('does not say so');
  });

  it('reads CR (bbpPairings), LF and CRLF line ends alike', () => {
    const { tournament } = playRandomTournament({ seed: 'eol', players: 7, rounds: 3 }, swissIndividual);
    const lf = trfOf(tournament);
    const base = representable(parsed(lf));
    for (const eol of ['\r', '\r\n']) expect(representable(parsed(lf.replace(/\n/g, eol)))).toEqual(base);
    expect(parsed(lf.replace(/\n/g, '\r')).entries).toHaveLength(7);
  });

  it('refuses a file without players', () => {
    for (const text of ['', '012 Nothing here\r', 'hello\nworld\n']) {
      const r = parseTrf(text);
      expect(!r.ok && r.error[0].message).toMatch(/no player lines/);
    }
  });

  it('XXR is the total rounds: XXR 9 after 8 rounds imports 8 rounds; export writes the total', () => {
    const { tournament } = playRandomTournament({ seed: 'xxr', players: 12, rounds: 8 }, swissIndividual);
    expect(tournament.rounds).toHaveLength(8);
    const played = trfOf(tournament);
    expect(played).toContain('XXR 8\n'); // nothing says how many rounds the event has
    const nine = trfOf(tournament, { totalRounds: 9 });
    expect(nine).toContain('XXR 9\n');
    const back = parsed(nine);
    expect(back.rounds).toHaveLength(8);
    expect(back.options.totalRounds).toBe(9);
    expect(trfOf(back)).toBe(nine); // options.totalRounds is written back
    expect(makeTrf(tournament, { totalRounds: 7 })).toMatchObject({
      ok: false,
      error: [{ message: expect.stringMatching(/total rounds \(7\) is less than the rounds played \(8\)/) }],
    });
    expect(parseTrf(nine.replace('XXR 9', 'XXR 5'))).toMatchObject({
      ok: false,
      error: [{ message: "XXR 5 (the event's total rounds) but 8 rounds are played" }],
    });
  });

  it('refuses draw numbers above 9,999 instead of cutting them', () => {
    const t: Tournament = {
      options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 3 },
      entries: [
        { id: 'a', drawNumber: 9999 },
        { id: 'b', drawNumber: 10000 },
      ],
      rounds: [],
    };
    const r = makeTrf(t);
    expect(!r.ok && r.error[0].message).toBe('TRF has 4 columns for the starting rank: draw numbers above 9999 cannot be written (1 entries: b (#10000))');
    expect(makeTrf({ ...t, entries: [t.entries[0]] }).ok).toBe(true);
  });

  it('refuses byes of different values in one file (one bye value per event)', () => {
    const lines = ['001    1      A'.padEnd(91) + '0000 - U', '001    2      B'.padEnd(91) + '0000 - H'];
    const r = parseTrf(lines.join('\n'));
    expect(!r.ok && r.error[0].message).toMatch(/byes of different values .*'U' for #1 in round 1.*'H' for #2 in round 1/);
  });
});

describe('TRF files written the bbpPairings way (fixtures/trf)', () => {
  /** Per starting rank: points (columns 81–84) and the round blocks (from column 92), as written. */
  function playerColumns(text: string): Map<number, { points: string; blocks: string }> {
    const out = new Map<number, { points: string; blocks: string }>();
    for (const line of text.split(/\r\n|\r|\n/)) {
      if (line.startsWith('001')) out.set(Number(line.slice(4, 8)), { points: line.slice(80, 84), blocks: line.slice(91).trimEnd() });
    }
    return out;
  }

  it.each([
    ['bbp-style-cr-xxr.trf', { players: 9, rounds: 8, total: 9, byePoints: undefined }],
    ['half-point-byes-crlf.trf', { players: 6, rounds: 4, total: 7, byePoints: 1 }],
  ])('%s: reads every round, then writes the same points and round blocks back', (name, expected) => {
    const text = fixture(name);
    const t = parsed(text);
    expect(t.entries).toHaveLength(expected.players);
    expect(t.rounds).toHaveLength(expected.rounds);
    expect(t.options.totalRounds).toBe(expected.total);
    expect(t.options.byePoints).toBe(expected.byePoints);
    const results = t.rounds.flatMap((r) => r.pairings.map((p) => p.games[0].result));
    expect(results).toContain('double_forfeit');
    expect(results.some((r) => r === 'red_win_forfeit' || r === 'black_win_forfeit')).toBe(true);
    expect(t.rounds.some((r) => r.byes.length > 0)).toBe(true);
    const written = trfOf(t);
    expect(written).toContain(`XXR ${expected.total}\n`);
    expect(playerColumns(written)).toEqual(playerColumns(text));
    expect(representable(parsed(written))).toEqual(representable(t));
  });

  it('the half-point byes score half a point (options.byePoints 1)', () => {
    const t = parsed(fixture('half-point-byes-crlf.trf'));
    expect(t.rounds[1].byes).toEqual(['#1', '#4']);
    expect(t.entries.find((e) => e.drawNumber === 5)).toEqual({ id: '#5', drawNumber: 5, name: 'Lim Hock' });
  });
});
