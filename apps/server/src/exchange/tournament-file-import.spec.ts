import { planImport } from './tournament-file-import';

const ctx = { tournamentId: 't', userId: 'u', affiliations: new Map([['北京', 'aff-bj']]), now: new Date('2026-12-01T00:00:00Z') };
const entries = [1, 2, 3, 4].map((n) => ({
  id: `p${n}`,
  drawNumber: n,
  name: `棋手${n} Player ${n}`,
  ...(n <= 2 ? { affiliation: n === 1 ? '北京' : '上海' } : {}),
}));
const base = {
  name: '公开赛 City Open',
  options: {
    eventKind: 'individual',
    scoring: '2-1-0',
    gamesPerPairing: 1,
    boards: 1,
    pairingSystem: 'swiss-individual',
    totalRounds: 5,
    forbiddenPairs: [['p1', 'p2']],
  },
  entries,
  rounds: [
    {
      round: 1,
      pairings: [
        { red: 'p1', black: 'p3', games: [{ red: 'p1', black: 'p3', result: 'red_win' }] },
        { red: 'p4', black: 'p2', games: [{ red: 'p4', black: 'p2', result: null }] },
      ],
      byes: [],
    },
  ],
};

describe('planImport: a tournament file as the rows of a new event', () => {
  it('maps names, affiliations (reused or new), entries, rounds, games and options that name entries', async () => {
    const plan = await planImport({ ...base, withdrawals: [{ entry: 'p4', afterRound: 1 }] }, ctx);
    if (!plan.ok) throw new Error(JSON.stringify(plan.error));
    const p = plan.value;
    expect(p.event).toMatchObject({
      nameZh: '公开赛',
      nameEn: 'City Open',
      kind: 'individual',
      stages: [{ type: 'swiss', rounds: 5 }],
      tieBreaksCustom: false,
      scoring: 'two_one_zero',
    });
    expect(p.players.map((x) => [x.nameZh, x.nameEn])).toEqual(entries.map((e) => [`棋手${e.drawNumber}`, `Player ${e.drawNumber}`]));
    expect(p.affiliations.map((a) => a.nameZh)).toEqual(['上海']);
    expect(p.players[0].affiliationId).toBe('aff-bj');
    const entryOf = new Map(entries.map((e, i) => [e.id, p.entries[i].id]));
    expect((p.event.pairingOptions as { forbiddenPairs: string[][] }).forbiddenPairs).toEqual([[entryOf.get('p1'), entryOf.get('p2')]]);
    expect(p.entries[3]).toMatchObject({ status: 'withdrawn', withdrawnAfterRound: 1 });
    expect(p.rounds).toEqual([expect.objectContaining({ number: 1, state: 'published' })]);
    expect(p.games.map((g) => [g.board, g.result, g.kind])).toEqual([
      [1, 'red_win', 'regular'],
      [1, null, 'regular'],
    ]);
    expect(p.games[0].redPlayerId).toBe(p.players[0].id);
  });

  it('reads the format from the pairing system and the chain from the standings extras', async () => {
    const rr = await planImport(
      { ...base, options: { ...base.options, pairingSystem: 'round-robin', roundRobinCycles: 2 }, standings: { chain: ['score', 'wins'] } },
      ctx,
    );
    expect(rr.ok && rr.value.event).toMatchObject({ stages: [{ type: 'double_round_robin' }], tieBreaks: ['score', 'wins'], tieBreaksCustom: true });
    const ch = await planImport({ ...base, options: { ...base.options, pairingSystem: 'championship-6-1' }, standings: { chain: 'axf-appendix-3' } }, ctx);
    expect(ch.ok && ch.value.event.stages).toEqual([{ type: 'championship_6_1' }]);
  });

  it('maps team members to players and board games to them', async () => {
    const teams = {
      name: '团体 Teams',
      options: { eventKind: 'team', scoring: '2-1-0', gamesPerPairing: 1, boards: 2, pairingSystem: 'round-robin' },
      entries: ['A', 'B'].map((t, i) => ({
        id: t,
        drawNumber: i + 1,
        name: `${t}队 Team ${t}`,
        members: [{ id: `${t}1`, board: 1 }, { id: `${t}2`, board: 2 }, { id: `${t}3` }],
      })),
      rounds: [
        {
          round: 1,
          pairings: [
            {
              red: 'A',
              black: 'B',
              games: [
                { red: 'A1', black: 'B1', result: 'draw', board: 1 },
                { red: 'B2', black: 'A2', result: 'red_win', board: 2 },
              ],
            },
          ],
          byes: [],
        },
      ],
    };
    const twins = await planImport({ ...teams, entries: teams.entries.map((e) => ({ ...e, name: '同名队 Same' })) }, ctx);
    expect(twins.ok ? [] : twins.error.map((e) => e.path)).toEqual(['$.entries[1].name']);
    const plan = await planImport(teams, ctx);
    if (!plan.ok) throw new Error(JSON.stringify(plan.error));
    const p = plan.value;
    expect(p.event).toMatchObject({ kind: 'team', teamStarters: 2, teamReserves: 1 });
    expect(p.teams.map((t) => t.nameZh)).toEqual(['A队', 'B队']);
    expect(p.members.map((m) => [m.role, m.board])).toEqual([
      ['starter', 1],
      ['starter', 2],
      ['reserve', null],
      ['starter', 1],
      ['starter', 2],
      ['reserve', null],
    ]);
    const playerOf = (i: number) => p.players[i].id;
    expect(p.games.map((g) => [g.redPlayerId, g.blackPlayerId])).toEqual([
      [playerOf(0), playerOf(3)],
      [playerOf(4), playerOf(1)],
    ]);
  });

  it('refuses with JSON paths what it cannot import', async () => {
    const paths = async (json: unknown) => {
      const plan = await planImport(json, ctx);
      return plan.ok ? [] : plan.error.map((e) => e.path);
    };
    // A sanction names a game the player played.
    expect(await paths({ ...base, sanctions: [{ kind: 'technical_foul', round: 2, player: 'p1' }] })).toEqual(['$.sanctions[0]']);
    expect(await paths({ ...base, sanctions: [{ kind: 'technical_foul', round: 1, player: 'p1', game: 2 }] })).toEqual(['$.sanctions[0]']);
    // Stages as the events API takes them (a stage that is not an object was a 500).
    for (const stage of [null, 'x', 1, {}])
      expect((await paths({ ...base, options: { ...base.options, pairingSystem: 'stage-chain', stages: [{ type: 'swiss', rounds: 3 }, stage] } }))[0]).toMatch(
        /^\$\.options\.stages\[1\]/,
      );
    expect(await paths({ ...base, options: { ...base.options, totalRounds: undefined }, rounds: [] })).toEqual(['$.options.totalRounds']);
    expect(await paths({ ...base, entries: [{ id: 'p1' }] })).toContain('$.entries[0].drawNumber');
    expect(await paths({ ...base, entries: entries.map((e) => (e.id === 'p3' ? { ...e, rating: 1e12 } : e)) })).toEqual(['$.entries[2].rating']);
  });

  it('imports sanctions onto the games they name, in order, and withdrawals with their reason', async () => {
    const plan = await planImport(
      {
        ...base,
        sanctions: [
          { kind: 'technical_foul', round: 1, player: 'p3', note: 'leaving_seat — left the hall' },
          { kind: 'collusion', round: 1, player: 'p1', game: 1, disqualify: ['p1', 'p3'] },
        ],
        withdrawals: [{ entry: 'p2', afterRound: 1, reason: 'disqualification' }],
      },
      ctx,
    );
    if (!plan.ok) throw new Error(JSON.stringify(plan.error));
    const p = plan.value;
    const entryOf = (id: string) => p.entries[entries.findIndex((e) => e.id === id)].id;
    expect(p.sanctions.map((x) => [x.kind, x.gameId, x.playerId, x.note ?? null, x.disqualify ?? null, x.state])).toEqual([
      ['technical_foul', p.games[0].id, p.players[2].id, 'leaving_seat — left the hall', null, 'confirmed'],
      ['collusion', p.games[0].id, p.players[0].id, null, [entryOf('p1'), entryOf('p3')], 'confirmed'],
    ]);
    expect(+p.sanctions[0].createdAt!).toBeLessThan(+p.sanctions[1].createdAt!);
    expect(p.entries[1]).toMatchObject({ status: 'withdrawn', withdrawnAfterRound: 1, withdrawalReason: 'disqualification' });
  });

  it("finds the tournament's players by Chinese name and affiliation (once each) and takes the tournament's name off the event's", async () => {
    const players = new Map([
      ['棋手1\u0000北京', ['known-1']],
      ['棋手3\u0000', ['known-3']],
    ]);
    const plan = await planImport(
      { ...base, name: '测试赛 公开赛 / Test Cup City Open', entries: [...entries, { id: 'p5', drawNumber: 5, name: '棋手1 Twin', affiliation: '北京' }] },
      { ...ctx, players, tournamentNames: { nameZh: '测试赛', nameEn: 'Test Cup' } },
    );
    if (!plan.ok) throw new Error(JSON.stringify(plan.error));
    const p = plan.value;
    expect(p.entries.map((e) => e.playerId)).toEqual(['known-1', p.players[0].id, 'known-3', p.players[1].id, p.players[2].id]);
    expect(p.players.map((x) => x.nameZh)).toEqual(['棋手2', '棋手4', '棋手1']);
    expect(p.matchedPlayers).toBe(2);
    expect(p.event).toMatchObject({ nameZh: '公开赛', nameEn: 'City Open' });
  });

  it('places the rounds of a stage chain in their stages, with the later stage’s field', async () => {
    const field = Array.from({ length: 8 }, (_, i) => ({ id: `p${i + 1}`, drawNumber: i + 1, name: `棋手${i + 1} P${i + 1}` }));
    const pair = (a: number, b: number, result = 'red_win') => ({ red: `p${a}`, black: `p${b}`, games: [{ red: `p${a}`, black: `p${b}`, result }] });
    const plan = await planImport(
      {
        name: 'Chain',
        options: {
          eventKind: 'individual',
          scoring: '2-1-0',
          gamesPerPairing: 1,
          boards: 1,
          pairingSystem: 'stage-chain',
          stages: [
            { type: 'swiss', rounds: 1 },
            { type: 'knockout', qualifiers: 4 },
          ],
        },
        entries: field,
        rounds: [
          { round: 1, pairings: [pair(1, 5), pair(2, 6), pair(3, 7), pair(4, 8)], byes: [] },
          { round: 2, pairings: [pair(1, 4), pair(2, 3)], byes: [] },
        ],
      },
      ctx,
    );
    if (!plan.ok) throw new Error(JSON.stringify(plan.error));
    const p = plan.value;
    expect(p.stages.map((x) => [x.index, x.type, Array.isArray(x.entryIds) ? x.entryIds.length : null])).toEqual([
      [0, 'swiss', null],
      [1, 'knockout', 4],
    ]);
    expect(p.rounds.map((r) => [r.number, r.stageRound, r.stageId === p.stages[1].id])).toEqual([
      [1, 1, false],
      [2, 1, true],
    ]);
    expect(p.pairings.filter((x) => x.matchKey).map((x) => x.matchKey)).toEqual(['knockout round 1 match 1', 'knockout round 1 match 2']);
  });
});
