import fc from 'fast-check';
import { Entry, GameResult, Pairing, Round, Tournament, TournamentOptions } from '@chuhe/tournament';
import { checkRound, formatPairingFindings, hasPairingErrors, PairingFinding } from './checker';
import { roundRobinRounds } from './round-robin-rounds';

const OPTIONS: TournamentOptions = { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 3 };
const RR_OPTIONS: TournamentOptions = { ...OPTIONS, pairingSystem: 'round-robin' };

function entries(n: number): Entry[] {
  return Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, drawNumber: i + 1 }));
}

function pairing(red: string, black: string, result: GameResult | null = 'draw'): Pairing {
  return { red, black, games: [{ red, black, result }] };
}

function round(n: number, pairs: [string, string][], byes: string[] = [], result: GameResult | null = 'draw'): Round {
  return { round: n, pairings: pairs.map(([a, b]) => pairing(a, b, result)), byes };
}

function codes(findings: PairingFinding[]): string[] {
  return findings.map((f) => `${f.severity}:${f.code}:${f.entries.join('+')}`);
}

describe('pairing checker', () => {
  test('a clean round has no findings', () => {
    const t: Tournament = {
      options: OPTIONS,
      entries: entries(4),
      rounds: [
        round(1, [
          ['p1', 'p2'],
          ['p3', 'p4'],
        ]),
        round(
          2,
          [
            ['p4', 'p1'],
            ['p2', 'p3'],
          ],
          [],
          null,
        ),
      ],
    };
    expect(checkRound(t, 2)).toEqual([]);
    expect(hasPairingErrors(checkRound(t, 2))).toBe(false);
  });

  test('rematch, unpaired, paired twice, unknown, self-pairing', () => {
    const t: Tournament = {
      options: OPTIONS,
      entries: entries(6),
      rounds: [
        round(1, [
          ['p1', 'p2'],
          ['p3', 'p4'],
          ['p5', 'p6'],
        ]),
        round(
          2,
          [
            ['p2', 'p1'],
            ['p3', 'p5'],
            ['p4', 'p3'],
            ['p7', 'p7'],
          ],
          [],
          null,
        ),
      ],
    };
    expect(codes(checkRound(t, 2))).toEqual([
      'error:unknown_entry:p7',
      'error:self_pairing:p7',
      'error:paired_twice:p3',
      'error:unpaired:p6',
      'error:rematch:p2+p1',
      'error:rematch:p4+p3',
    ]);
    expect(checkRound(t, 2).find((f) => f.code === 'rematch')!.message).toBe('p2 (#2) and p1 (#1) already met in round 1');
  });

  test('withdrawn entries, second bye, extra bye', () => {
    const es = entries(5);
    es[4].withdrawnAfterRound = 1;
    const t: Tournament = {
      options: OPTIONS,
      entries: es,
      rounds: [
        round(
          1,
          [
            ['p1', 'p2'],
            ['p3', 'p4'],
          ],
          ['p5'],
        ),
        round(
          2,
          [
            ['p3', 'p1'],
            ['p2', 'p5'],
          ],
          ['p4'],
          null,
        ),
      ],
    };
    expect(codes(checkRound(t, 2))).toEqual(['error:withdrawn_paired:p5', 'warning:extra_bye:p4']);
    const t2: Tournament = {
      options: OPTIONS,
      entries: entries(3),
      rounds: [round(1, [['p1', 'p2']], ['p3']), round(2, [['p1', 'p2']], ['p3'], null)],
    };
    expect(codes(checkRound(t2, 2))).toEqual(['error:rematch:p1+p2', 'error:second_bye:p3']);
  });

  test('forbidden pairs: named by the arbiter, same affiliation in round 1 (附录3 #3) or all event', () => {
    const es = entries(4).map((e, i) => ({ ...e, affiliation: i < 2 ? 'MY' : `X${i}` }));
    const forbid: Tournament = {
      options: { ...OPTIONS, forbiddenPairs: [['p3', 'p4']], sameAffiliation: 'round1' },
      entries: es,
      rounds: [
        round(
          1,
          [
            ['p1', 'p2'],
            ['p3', 'p4'],
          ],
          [],
          null,
        ),
      ],
    };
    expect(codes(checkRound(forbid, 1))).toEqual(['error:forbidden_pair:p1+p2', 'error:forbidden_pair:p3+p4']);
    const later: Tournament = {
      ...forbid,
      rounds: [
        round(1, [
          ['p1', 'p3'],
          ['p2', 'p4'],
        ]),
        round(
          2,
          [
            ['p2', 'p1'],
            ['p4', 'p3'],
          ],
          [],
          null,
        ),
      ],
    };
    expect(codes(checkRound(later, 2))).toEqual(['error:forbidden_pair:p4+p3']);
    const event: Tournament = { ...later, options: { ...OPTIONS, sameAffiliation: 'event' } };
    expect(codes(checkRound(event, 2))).toEqual(['error:forbidden_pair:p2+p1']);
  });

  test('three same colours in a row (warning) and colour difference above 2 (error)', () => {
    const t: Tournament = {
      options: OPTIONS,
      entries: entries(8),
      rounds: [
        round(1, [
          ['p1', 'p2'],
          ['p3', 'p4'],
          ['p5', 'p6'],
          ['p7', 'p8'],
        ]),
        round(2, [
          ['p1', 'p3'],
          ['p2', 'p4'],
          ['p5', 'p7'],
          ['p6', 'p8'],
        ]),
        round(
          3,
          [
            ['p1', 'p4'],
            ['p2', 'p3'],
            ['p6', 'p7'],
            ['p8', 'p5'],
          ],
          [],
          null,
        ),
      ],
    };
    // p1: R R R → three in a row, difference 3; p4: B B B; p5: R R B and p8: B B R are fine.
    expect(codes(checkRound(t, 3))).toEqual([
      'error:colour_difference:p1',
      'error:colour_difference:p4',
      'warning:three_same_colour:p1',
      'warning:three_same_colour:p4',
    ]);
    // Severities are configurable.
    expect(codes(checkRound(t, 3, { severities: { colour_difference: 'off', three_same_colour: 'error' } }))).toEqual([
      'error:three_same_colour:p1',
      'error:three_same_colour:p4',
    ]);
    // R B B B: three in a row but a difference of 2 — a warning only.
    const t4: Tournament = {
      options: OPTIONS,
      entries: entries(2).concat([
        { id: 'q1', drawNumber: 11 },
        { id: 'q2', drawNumber: 12 },
        { id: 'q3', drawNumber: 13 },
      ]),
      rounds: [round(1, [['p1', 'q1']], ['p2', 'q2', 'q3']), round(2, [['q1', 'p1']]), round(3, [['q2', 'p1']]), round(4, [['q3', 'p1']], [], null)],
    };
    expect(codes(checkRound(t4, 4, { severities: { unpaired: 'off', extra_bye: 'off' } }))).toEqual(['warning:three_same_colour:p1']);
  });

  test('unplayed (forfeited) pairings give no colour; byes skip', () => {
    const t: Tournament = {
      options: OPTIONS,
      entries: entries(4),
      rounds: [
        round(
          1,
          [
            ['p1', 'p2'],
            ['p3', 'p4'],
          ],
          [],
          'red_win_forfeit',
        ),
        round(2, [
          ['p1', 'p3'],
          ['p2', 'p4'],
        ]),
        round(
          3,
          [
            ['p1', 'p4'],
            ['p3', 'p2'],
          ],
          [],
          null,
        ),
      ],
    };
    // p1 has R (forfeit, not counted), R, R → only two counted.
    expect(checkRound(t, 3)).toEqual([]);
  });

  test('a round object that is not in the tournament (a proposed or edited round)', () => {
    const t: Tournament = {
      options: OPTIONS,
      entries: entries(4),
      rounds: [
        round(1, [
          ['p1', 'p2'],
          ['p3', 'p4'],
        ]),
      ],
    };
    expect(
      codes(
        checkRound(
          t,
          round(
            2,
            [
              ['p1', 'p2'],
              ['p3', 'p4'],
            ],
            [],
            null,
          ),
        ),
      ),
    ).toEqual(['error:rematch:p1+p2', 'error:rematch:p3+p4']);
    expect(() => checkRound(t, 5)).toThrow(/no round 5/);
  });

  test('a round-robin table passes the checker round by round (colour checks aside, 附录6 is fixed)', () => {
    for (const n of [5, 8, 11, 20]) {
      const r = roundRobinRounds(entries(n), { eventKind: 'individual', gamesPerPairing: 1 });
      if (!r.ok) throw new Error(r.error.message);
      // Score groups are a Swiss matter: a round-robin event says so (needless_float is skipped).
      const t: Tournament = { options: RR_OPTIONS, entries: entries(n), rounds: r.value };
      for (const x of r.value) {
        const errors = checkRound(t, x.round).filter((f) => f.severity === 'error' && f.code !== 'colour_difference');
        expect(errors).toEqual([]);
      }
    }
  });

  test('two-game pairings skip the colour checks', () => {
    const t: Tournament = {
      options: { ...OPTIONS, gamesPerPairing: 2 },
      entries: entries(4),
      rounds: [
        round(1, [
          ['p1', 'p2'],
          ['p3', 'p4'],
        ]),
        round(2, [
          ['p1', 'p3'],
          ['p2', 'p4'],
        ]),
        round(
          3,
          [
            ['p1', 'p4'],
            ['p2', 'p3'],
          ],
          [],
          null,
        ),
      ],
    };
    expect(checkRound(t, 3)).toEqual([]);
  });

  test('readable format', () => {
    const t: Tournament = { options: OPTIONS, entries: entries(2), rounds: [round(1, [['p1', 'p2']]), round(2, [['p1', 'p2']], [], null)] };
    expect(formatPairingFindings(checkRound(t, 2))).toBe('error   rematch           round 2: p1 (#1) and p2 (#2) already met in round 1');
  });
});

describe('checker: floats larger than needed (needless_float, issue 15)', () => {
  /**
   * Active p1…pN after three rounds with `wins[i]` wins each (the issue's field: 6, 4, 4, 2, 2, 0,
   * 0, 0): each played a soak player s1…sN (withdrawn since) every round, with the colours of
   * `colours[i]` (default Red, Black, Red) and the wins first.
   */
  function soakField(wins: number[], round4: [string, string][], options: Partial<TournamentOptions> = {}, colours: string[] = []): Tournament {
    const n = wins.length;
    const es: Entry[] = [...entries(n), ...Array.from({ length: n }, (_, i) => ({ id: `s${i + 1}`, drawNumber: n + 1 + i, withdrawnAfterRound: 3 }))];
    const rounds: Round[] = [1, 2, 3].map((r) => ({
      round: r,
      byes: [],
      pairings: wins.map((w, i) => {
        const me = `p${i + 1}`;
        const red = (colours[i] ?? 'RBR')[r - 1] === 'R';
        const won = r <= w;
        return pairing(red ? me : `s${i + 1}`, red ? `s${i + 1}` : me, won === red ? 'red_win' : 'black_win');
      }),
    }));
    return { options: { ...OPTIONS, ...options }, entries: es, rounds: [...rounds, round(4, round4, [], null)] };
  }
  const issueField = (round4: [string, string][], options: Partial<TournamentOptions> = {}) => soakField([3, 2, 2, 1, 1, 0, 0, 0], round4, options);
  const floats = (t: Tournament) => checkRound(t, 4).filter((f) => f.code === 'needless_float');

  test('the leader skipping the nearest group is an error naming him and his opponent', () => {
    const bad = issueField([
      ['p1', 'p4'],
      ['p2', 'p3'],
      ['p5', 'p6'],
      ['p7', 'p8'],
    ]);
    const found = floats(bad);
    expect(codes(found)).toEqual(['error:needless_float:p1+p4']);
    expect(found[0].message).toBe(
      'p1 (#1) on 6 and p4 (#4) on 2 float further than needed: p1–p2 and p4–p3 instead of p1–p4 and p2–p3 pair closer scores (Σ difference² 16 → 8), without a rematch, a forbidden pair or an extra colour fault',
    );
    expect(hasPairingErrors(checkRound(bad, 4))).toBe(true);
  });

  test('nearest-group floats pass; so does a float the prohibitions force; round-robin events are not checked', () => {
    expect(
      floats(
        issueField([
          ['p1', 'p2'],
          ['p3', 'p4'],
          ['p5', 'p6'],
          ['p7', 'p8'],
        ]),
      ),
    ).toEqual([]);
    const forced = issueField(
      [
        ['p1', 'p4'],
        ['p2', 'p3'],
        ['p5', 'p6'],
        ['p7', 'p8'],
      ],
      {
        forbiddenPairs: [
          ['p1', 'p2'],
          ['p1', 'p3'],
        ],
      },
    );
    expect(floats(forced)).toEqual([]);
    expect(
      floats(
        issueField(
          [
            ['p1', 'p4'],
            ['p2', 'p3'],
            ['p5', 'p6'],
            ['p7', 'p8'],
          ],
          { pairingSystem: 'round-robin' },
        ),
      ),
    ).toEqual([]);
    expect(
      checkRound(
        issueField([
          ['p1', 'p4'],
          ['p2', 'p3'],
          ['p5', 'p6'],
          ['p7', 'p8'],
        ]),
        4,
        { severities: { needless_float: 'off' } },
      ),
    ).toEqual([]);
  });

  test('a float the colour rules force passes: the exchange would add a hard colour fault', () => {
    // 6, 4, 2, 2: p1 and p2 played Black, Red, Red (a third Red is a hard fault), so p1–p2 would
    // give one of them a third Red; p1–p3 and p2–p4 floats are needed.
    const t = soakField(
      [3, 2, 1, 1],
      [
        ['p3', 'p1'],
        ['p4', 'p2'],
      ],
      {},
      ['BRR', 'BRR'],
    );
    expect(floats(t)).toEqual([]);
    expect(
      codes(
        floats(
          soakField(
            [3, 2, 1, 1],
            [
              ['p3', 'p1'],
              ['p4', 'p2'],
            ],
          ),
        ),
      ),
    ).toEqual(['error:needless_float:p3+p1', 'error:needless_float:p4+p2']);
  });
});

describe('checker properties', () => {
  test('any round of any round-robin table is free of pairing errors; a corrupted copy is caught and named', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 40 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('duplicate', 'drop', 'rematch', 'withdraw'),
        (n, roundSeed, pick, corruption) => {
          const es = entries(n);
          const rr = roundRobinRounds(es, { eventKind: 'individual', gamesPerPairing: 1 });
          if (!rr.ok) throw new Error(rr.error.message);
          const rounds = rr.value;
          const r = 2 + (roundSeed % (rounds.length - 1)); // a round with history before it
          const t: Tournament = { options: RR_OPTIONS, entries: es, rounds: rounds.slice(0, r) };
          const clean = checkRound(t, r).filter((f) => f.severity === 'error' && f.code !== 'colour_difference');
          expect(clean).toEqual([]);

          const target = rounds[r - 1];
          const victim = target.pairings[pick % target.pairings.length];
          let broken: Round;
          let expected: [string, string];
          if (corruption === 'duplicate') {
            // The victim's Black also appears in a second, new pairing with the first pairing's Red.
            const other = target.pairings.find((p) => p !== victim) ?? victim;
            broken = { ...target, pairings: [...target.pairings, { red: other.red, black: victim.black, games: [] }] };
            expected = ['paired_twice', victim.black];
          } else if (corruption === 'drop') {
            broken = { ...target, pairings: target.pairings.filter((p) => p !== victim) };
            expected = ['unpaired', victim.red];
          } else if (corruption === 'rematch') {
            const earlier = rounds[0].pairings[0];
            broken = {
              ...target,
              pairings: [...target.pairings.filter((p) => ![p.red, p.black].some((id) => id === earlier.red || id === earlier.black)), earlier],
            };
            expected = ['rematch', earlier.red];
          } else {
            const es2 = es.map((e) => (e.id === victim.red ? { ...e, withdrawnAfterRound: r - 1 } : e));
            const t2: Tournament = { ...t, entries: es2 };
            expect(checkRound(t2, r).some((f) => f.code === 'withdrawn_paired' && f.entries.includes(victim.red))).toBe(true);
            return;
          }
          const findings = checkRound(t, broken);
          expect(hasPairingErrors(findings)).toBe(true);
          expect(findings.some((f) => f.code === expected[0] && f.entries.includes(expected[1]))).toBe(true);
        },
      ),
      { numRuns: 150, seed: 20261124 },
    );
  });
});
