// Issue 23 #1/#6, soaked: PostgreSQL blinks again and again. The app's connections (on its own
// database) are terminated with pg_terminate_backend, SOAK_BLINKS times (default 30), while workers
// run a mix of reads, player registrations and result entries (interactive transactions among
// them). Every answer is a success, a 4xx the request earned (a stale version's 409), or a 503
// with Retry-After — never a 500, never a dropped connection; the process keeps serving and
// answers 200 afterwards; every acknowledged write is there; no round or result is half-written.
import { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { createApp } from '../../apps/server/src/create-app';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { createTestDatabase, maintenanceUrl, type TestDatabase } from '../support/test-database';
import { call, healthy, listen, must, newAccount, publishedRound, sleep, soakSize, summary, tally, type Answer } from './soak-helpers';

const BLINKS = soakSize('SOAK_BLINKS', 30);
const WORKERS = soakSize('SOAK_BLINK_WORKERS', 12);

describe('database blinks: connections cut again and again under mixed load', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let base: string;
  const admin = new Client({ connectionString: maintenanceUrl(testDatabaseUrl()) });

  beforeAll(async () => {
    db = await createTestDatabase(maintenanceUrl(testDatabaseUrl()), 'chuhe_blinks');
    app = await createApp(db.url, {
      logger: false,
      tournamentCreators: 'anyone',
      loginThrottle: { address: { free: 1_000_000, baseSeconds: 1, capSeconds: 60 } },
    });
    base = await listen(app);
    await admin.connect();
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await admin.end();
    await db?.drop();
  }, 300_000);

  it(`${BLINKS} blinks: 0 × 500, every failure a 503 with Retry-After, 200 afterwards, nothing half-written`, async () => {
    const organizer = await newAccount(base, 'blinks');
    const auth = organizer.auth;
    const { tournamentId, eventId, roundId, games } = await publishedRound(base, auth, 40);
    const t = await must(base, 200, 'GET', `/api/tournaments/${tournamentId}`, undefined, { auth });
    await must(base, 200, 'PATCH', `/api/tournaments/${tournamentId}`, { version: t.version, published: true }, { auth }); // its event pages are public
    const prisma = createPrismaClient(db.url);
    const gameIds = games.map((g) => g.id);
    const auditsBefore = await prisma.auditLog.count({ where: { entity: 'game', entityId: { in: gameIds }, action: 'update' } });

    let done = false;
    let cut = 0;
    let blinks = 0;
    const killer = (async () => {
      for (let k = 0; k < BLINKS; k++) {
        await sleep(150 + Math.random() * 350);
        const r = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [db.name]);
        cut += r.rowCount ?? 0;
        blinks += 1;
      }
      done = true;
    })();

    const answers: (Answer & { what: string })[] = [];
    const registered: string[] = [];
    let entered = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, w) => {
        for (let i = 0; !done; i++) {
          const what = ['standings', 'round', 'result', 'player', 'rounds', 'page', 'eventPage', 'health'][(w + i) % 8];
          const game = games[(w * 7 + i) % games.length];
          let answer: Answer;
          switch (what) {
            case 'standings':
              answer = await call(base, 'GET', `/api/events/${eventId}/standings`);
              break;
            case 'round':
              answer = await call(base, 'GET', `/api/rounds/${roundId}`, undefined, { auth });
              break;
            case 'rounds':
              answer = await call(base, 'GET', `/api/events/${eventId}/rounds`);
              break;
            case 'page':
              answer = await call(base, 'GET', `/tournaments/${tournamentId}`, undefined, { headers: { accept: 'text/html' } });
              break;
            case 'eventPage':
              // An event's public page: its ETag (live/page-etag.ts) and its rounds (play/event-loader.ts) are typed raw queries.
              answer = await call(base, 'GET', `/events/${eventId}/rounds/1`, undefined, { headers: { accept: 'text/html' } });
              break;
            case 'result': {
              const now = await call(base, 'GET', `/api/rounds/${roundId}`, undefined, { auth });
              const version =
                (now.body?.pairings as { games: { id: string; version: number }[] }[] | undefined)?.flatMap((p) => p.games).find((x) => x.id === game.id)
                  ?.version ?? game.version;
              answer = await call(base, 'PUT', `/api/games/${game.id}/result`, { result: ['red_win', 'draw', 'black_win'][i % 3], version }, { auth });
              if (answer.status === 200) entered += 1;
              break;
            }
            case 'player':
              answer = await call(
                base,
                'POST',
                `/api/tournaments/${tournamentId}/players`,
                { nameZh: `闪${w}-${i}`, nameEn: `Blink ${w}-${i}`, gender: 'male' },
                { auth },
              );
              if (answer.status === 201) registered.push(answer.body.id);
              break;
            default:
              answer = await call(base, 'GET', '/api/health');
          }
          answers.push({ ...answer, what });
          if (answer.status >= 500) await sleep(50);
        }
      }),
    );
    await killer;
    const health = await healthy(base, 20_000);
    const after = await call(base, 'POST', `/api/tournaments/${tournamentId}/players`, { nameZh: '之后', nameEn: 'After', gender: 'male' }, { auth });
    const reads = await Promise.all([`/api/events/${eventId}/standings`, `/api/events/${eventId}/rounds`].map((p) => call(base, 'GET', p)));

    // Nothing half-written: every acknowledged player is there; each game's version moved once per
    // audited result; the round is completed exactly when no game lacks a result.
    const stored = new Set((await prisma.player.findMany({ where: { tournamentId }, select: { id: true } })).map((p) => p.id));
    const lost = registered.filter((id) => !stored.has(id));
    const storedGames = await prisma.game.findMany({ where: { id: { in: gameIds } } });
    const versionSteps = storedGames.reduce((n, g) => n + g.version - games.find((x) => x.id === g.id)!.version, 0);
    const audits = (await prisma.auditLog.count({ where: { entity: 'game', entityId: { in: gameIds }, action: 'update' } })) - auditsBefore;
    const round = await prisma.round.findUniqueOrThrow({ where: { id: roundId } });
    const open = storedGames.filter((g) => g.result === null).length;
    await prisma.$disconnect();

    const byStatus = tally(answers, (a) => a.status);
    const unavailable = answers.filter((a) => a.status === 503);
    summary('database-blinks', {
      blinks,
      connectionsCut: cut,
      answers: answers.length,
      status: byStatus,
      '500s': answers.filter((a) => a.status === 500).length,
      '503s': unavailable.length,
      resultsEntered: entered,
      playersAcknowledged: registered.length,
      lost: lost.length,
      round: `${round.state} (${open} open games)`,
      healthAfter: health.status,
    });
    expect(blinks).toBe(BLINKS);
    expect(cut).toBeGreaterThan(BLINKS);
    expect(answers.length).toBeGreaterThan(BLINKS * 5);
    // 0 × 500, no dropped connection: a failure is a 503 with Retry-After (a stale version is a 409).
    expect(answers.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503)).map((a) => `${a.what} ${a.status} ${a.text.slice(0, 200)}`)).toEqual(
      [],
    );
    expect(unavailable.filter((a) => !a.retryAfter || !/^\d+$/.test(a.retryAfter))).toEqual([]);
    expect(answers.filter((a) => a.status >= 400 && a.status < 500 && a.status !== 409).map((a) => `${a.what} ${a.status} ${a.text.slice(0, 200)}`)).toEqual(
      [],
    );
    // It kept serving: successes all along, and 200 afterwards.
    expect(answers.filter((a) => a.status < 300).length).toBeGreaterThan(answers.length / 4);
    expect(health.status).toBe(200);
    expect(after.status).toBe(201);
    expect(reads.map((r) => r.status)).toEqual([200, 200]);
    expect(lost).toEqual([]);
    expect(entered).toBeGreaterThan(0);
    expect(versionSteps).toBe(audits);
    expect(round.state).toBe(open === 0 ? 'completed' : 'published');
  }, 300_000);
});
