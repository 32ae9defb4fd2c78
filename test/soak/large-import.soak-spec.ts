// Issue 23 #5, soaked: tournament files at and past the import's entry cap (CHUHE_IMPORT_MAX_ENTRIES,
// default 20,000). A 30,000-entry file is refused fast, before any work, with a 400 naming the
// field, the cap and the variable; a 19,990-entry file with its first round played (9,995 games)
// imports while /api/health is polled all along — its p50 and max recorded, the max well under 1 s.
import { INestApplication } from '@nestjs/common';
import { availableParallelism, loadavg } from 'node:os';
import { createApp } from '../../apps/server/src/create-app';
import { maxImportEntries } from '../../apps/server/src/exchange/import-limits';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { call, latency, listen, must, newAccount, pollHealth, soakSize, SOAK_TOURNAMENT, summary } from './soak-helpers';

const REFUSED = soakSize('SOAK_IMPORT_REFUSED_ENTRIES', 30_000);
const IMPORTED = soakSize('SOAK_IMPORT_ENTRIES', 19_990);

function tournamentFile(entries: number, withRound: boolean) {
  const half = Math.floor(entries / 2);
  return {
    name: '大型公开赛 Big Open',
    options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, pairingSystem: 'swiss-individual', totalRounds: 9 },
    entries: Array.from({ length: entries }, (_, i) => ({
      id: `p${i + 1}`,
      drawNumber: i + 1,
      name: `棋手${i + 1} Player ${i + 1}`,
      rating: 2400 - (i % 700),
      affiliation: `协会${i % 50}`,
    })),
    rounds: withRound
      ? [
          {
            round: 1,
            pairings: Array.from({ length: half }, (_, k) => {
              const [red, black] = [`p${k + 1}`, `p${k + half + 1}`];
              return { red, black, games: [{ red, black, result: k % 3 === 0 ? 'draw' : 'red_win' }] };
            }),
            byes: entries % 2 ? [`p${entries}`] : [],
          },
        ]
      : [],
    standings: {},
    sanctions: [],
    withdrawals: [],
  };
}

describe('tournament-file imports at and past the entry cap', () => {
  let app: INestApplication;
  let base: string;
  const prisma = createPrismaClient(testDatabaseUrl());

  beforeAll(async () => {
    app = await createApp(testDatabaseUrl(), {
      logger: false,
      tournamentCreators: 'anyone',
      loginThrottle: { address: { free: 1_000_000, baseSeconds: 1, capSeconds: 60 } },
    });
    base = await listen(app);
  }, 300_000);
  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it(`${REFUSED} entries refused fast; ${IMPORTED} entries imported while /api/health stays fast`, async () => {
    const cap = maxImportEntries();
    expect(REFUSED).toBeGreaterThan(cap);
    expect(IMPORTED).toBeLessThanOrEqual(cap);
    const { auth } = await newAccount(base, 'importer');
    const tournamentId = (await must(base, 201, 'POST', '/api/tournaments', SOAK_TOURNAMENT, { auth })).id as string;
    const path = `/api/tournaments/${tournamentId}/tournament-file`;

    const tooBig = JSON.stringify({ file: tournamentFile(REFUSED, false) });
    const refused = await call(base, 'POST', path, undefined, { auth, raw: { type: 'application/json', data: tooBig }, timeoutMs: 120_000 });

    const body = JSON.stringify({ file: tournamentFile(IMPORTED, true) });
    let importing = true;
    const health = pollHealth(base, () => !importing, 50);
    const imported = await call(base, 'POST', path, undefined, { auth, raw: { type: 'application/json', data: body }, timeoutMs: 240_000 });
    importing = false;
    const polled = await health;
    const h = latency(polled.ms);
    const stored = imported.status === 201 ? await prisma.entry.count({ where: { eventId: imported.body.event.id } }) : 0;
    const games = imported.status === 201 ? await prisma.game.count({ where: { pairing: { round: { eventId: imported.body.event.id } } } }) : 0;

    summary('large-import', {
      refusedEntries: REFUSED,
      refusedMB: (tooBig.length / 1e6).toFixed(1),
      refusedStatus: refused.status,
      refusedMs: Math.round(refused.ms),
      importedEntries: IMPORTED,
      importedMB: (body.length / 1e6).toFixed(1),
      importStatus: imported.status,
      importMs: Math.round(imported.ms),
      storedEntries: stored,
      storedGames: games,
      healthPolls: h.n,
      healthP50Ms: h.p50,
      healthMaxMs: h.max,
      loadAverage: `${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
    });
    // Refused before any work, saying why and what to do.
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'file.entries', reason: expect.stringMatching(new RegExp(`${REFUSED} entries.*${cap} entries at most.*CHUHE_IMPORT_MAX_ENTRIES`)) },
    ]);
    expect(refused.ms).toBeLessThan(5000);
    // Imported, all of it, while the server kept answering.
    expect([imported.status, imported.text.slice(0, 300)]).toEqual([201, expect.anything()]);
    expect(imported.body.imported).toEqual(expect.objectContaining({ entries: IMPORTED, players: IMPORTED, games: Math.floor(IMPORTED / 2) }));
    expect(stored).toBe(IMPORTED);
    expect(games).toBe(Math.floor(IMPORTED / 2));
    expect(new Set(polled.statuses)).toEqual(new Set([200]));
    expect(h.n).toBeGreaterThan(5);
    expect(h.max).toBeLessThan(1000);
  }, 600_000);
});
