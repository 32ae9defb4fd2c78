import { CRITERIA, computeStandings, parseStandingsFile } from '@chuhe/standings';
import { championshipStandings } from './championship-standings';
import { FIVE_ROUNDS, tournament } from './championship.fixtures';
import { parseEventFile, standingsReport, withWithdrawals } from './standings-report';

const swissFile = {
  name: 'report',
  options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, pairingSystem: 'swiss-individual' },
  entries: [1, 2, 3, 4].map((n) => ({ id: `p${n}`, drawNumber: n })),
  rounds: [
    {
      round: 1,
      pairings: [
        { red: 'p1', black: 'p3', games: [{ red: 'p1', black: 'p3', result: 'red_win' }] },
        { red: 'p4', black: 'p2', games: [{ red: 'p4', black: 'p2', result: 'draw' }] },
      ],
      byes: [],
    },
  ],
  standings: { chain: 'axf-2-6-3' },
  sanctions: [],
  withdrawals: [{ entry: 'p2', afterRound: 1 }],
};

describe('standingsReport', () => {
  it('is computeStandings with the chain definitions (the JSON of chuhe standings)', () => {
    const parsed = parseStandingsFile(swissFile);
    if (!parsed.ok) throw new Error('file');
    const report = standingsReport(parsed.value.tournament, parsed.value.options);
    if (!report.ok || report.value.kind !== 'standings') throw new Error('report');
    const direct = computeStandings(parsed.value.tournament, parsed.value.options);
    if (!direct.ok) throw new Error('direct');
    expect(report.value.standings).toEqual(direct.value);
    expect(report.value.json.chain.map((c) => c.definition)).toEqual(direct.value.chain.map((c) => CRITERIA[c.criterion].definition));
    expect(report.value.json.rows.map((r) => r.entry)).toEqual(direct.value.rows.map((r) => r.entry));
  });

  it('gives the championship places for a 5+2 file unless a format is forced', () => {
    const t = tournament('championship-5-2', FIVE_ROUNDS);
    const report = standingsReport(t, {});
    if (!report.ok || report.value.kind !== 'championship') throw new Error('report');
    const c = championshipStandings(t, { standings: {} });
    if (!c.ok) throw new Error('c');
    expect(report.value.championship).toEqual(c.value);
    expect(report.value.json.standings.chain[0]).toHaveProperty('definition');
    const plain = standingsReport(t, {}, { format: 'swiss' });
    expect(plain.ok && plain.value.kind).toBe('standings');
  });

  it('reports an error with its path', () => {
    const parsed = parseStandingsFile({ ...swissFile, withdrawals: [{ entry: 'nobody', afterRound: 1 }] });
    if (!parsed.ok) throw new Error('file');
    expect(standingsReport(parsed.value.tournament, parsed.value.options)).toEqual({
      ok: false,
      error: { message: expect.stringContaining("unknown entry 'nobody'"), code: 'unknown_entry' },
    });
  });
});

describe('parseEventFile (the one file of pair, check-pairing and standings)', () => {
  it('accepts the standings extras and puts the withdrawals on the entries', () => {
    const parsed = parseEventFile(swissFile);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.tournament.entries.find((e) => e.id === 'p2')?.withdrawnAfterRound).toBe(1);
    expect(parsed.value.options.withdrawals).toEqual([{ entry: 'p2', afterRound: 1 }]);
  });

  it('keeps the earlier of two withdrawals', () => {
    const parsed = parseStandingsFile({
      ...swissFile,
      entries: swissFile.entries.map((e) => (e.id === 'p3' ? { ...e, withdrawnAfterRound: 0 } : e)),
      rounds: [],
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
    const t = withWithdrawals(parsed.value.tournament, [
      { entry: 'p3', afterRound: 2 },
      { entry: 'p1', afterRound: 3 },
      { entry: 'p1', afterRound: 2 },
    ]);
    expect(t.entries.map((e) => e.withdrawnAfterRound)).toEqual([2, undefined, 0, undefined]);
  });

  it('names the JSON path of a bad extra', () => {
    const parsed = parseEventFile({ ...swissFile, withdrawals: [{ entry: 'p2' }] });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error[0].path).toBe('$.withdrawals[0].afterRound');
  });
});
