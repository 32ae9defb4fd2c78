import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DEMO_ORGANIZER } from '../../apps/server/src/auth/demo-account';
import { createDemoTournament, demoOpenEvent } from '../../apps/server/src/demo/demo-tournament';
import { demoIncidents, playDemo } from '../../apps/server/src/demo/demo-play';
import { DisciplineService } from '../../apps/server/src/discipline/discipline.service';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { startTestApp } from './http-helpers';
import { withoutIds } from './play-files';

/**
 * Issue 22's proof: every event of the played demo (individual Swiss with a sanction, women's
 * round-robin, team Swiss, Swiss → knockout, 5+2) exported, imported into a new event — of the
 * same tournament (its players are found, not duplicated) and of a new tournament — and exported
 * again gives the same file, ids aside.
 */
describe('every demo event survives export → import → export (real HTTP, real PostgreSQL)', () => {
  let app: INestApplication;
  let auth: string;
  let tournamentId: string;
  let events: { id: string; nameEn: string; category: string }[];
  const prisma = createPrismaClient(testDatabaseUrl());
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
    tournamentId = await createDemoTournament(prisma);
    await playDemo(app, tournamentId);
    await demoIncidents(app, tournamentId);
    await moreSanctions();
    const login = await api().post('/api/auth/login').send({ email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password }).expect(200);
    auth = `Bearer ${login.body.token}`;
    // The events played (the junior open still takes entries, issue 31: nothing to play or export yet).
    events = await prisma.event.findMany({ where: { tournamentId, round1PairedAt: { not: null } }, orderBy: { createdAt: 'asc' } });
  }, 300_000);

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  /** The open's sanctions beyond the demo's foul: minutes, a count, and collusion disqualifying both players (二章8节3). */
  async function moreSanctions() {
    const organizer = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_ORGANIZER.email } });
    const user = { id: organizer.id, email: organizer.email, displayName: organizer.displayName };
    const open = await demoOpenEvent(prisma, tournamentId);
    const games = await prisma.game.findMany({
      where: { pairing: { round: { eventId: open.id, number: { in: [1, 2] } }, blackEntryId: { not: null } } },
      orderBy: [{ pairing: { round: { number: 'asc' } } }, { pairing: { table: 'asc' } }],
      include: { pairing: true },
    });
    const discipline = app.get(DisciplineService);
    const [first, second] = games;
    await discipline.create(user, first.id, { playerId: first.redPlayerId!, kind: 'time_deduction', minutes: 5, note: '提前按钟' });
    await discipline.create(user, second.id, { playerId: second.blackPlayerId!, kind: 'unrecorded_moves', count: 3 });
    const colluded = games.filter((g) => g.pairing.roundId !== first.pairing.roundId)[4];
    await discipline.create(user, colluded.id, {
      playerId: colluded.redPlayerId!,
      kind: 'collusion',
      disqualify: [colluded.pairing.redEntryId, colluded.pairing.blackEntryId!],
      note: '默契和棋',
    });
  }

  async function exported(eventId: string) {
    return (await api().get(`/api/events/${eventId}/tournament-file`).expect(200)).body;
  }

  async function imported(into: string, file: unknown, category: string): Promise<string> {
    const res = await api().post(`/api/tournaments/${into}/tournament-file`).set('Authorization', auth).send({ file, category });
    if (res.status !== 201) throw new Error(`import ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.event.id;
  }

  it('the demo has the five formats, played, with a sanction', async () => {
    const files = await Promise.all(events.map((e) => exported(e.id)));
    expect(files.map((f) => f.options.pairingSystem).sort()).toEqual(['championship-5-2', 'round-robin', 'stage-chain', 'swiss-individual', 'swiss-team']);
    expect(files.every((f) => f.rounds.length > 0)).toBe(true);
    expect(files.flatMap((f) => f.sanctions.map((x: { kind: string }) => x.kind)).sort()).toEqual([
      'collusion',
      'technical_foul',
      'time_deduction',
      'unrecorded_moves',
    ]);
  });

  it('into a new event of the same tournament: the same file, and no player twice', async () => {
    const players = await prisma.player.count({ where: { tournamentId } });
    for (const event of events) {
      const before = await exported(event.id);
      const copy = await imported(tournamentId, before, event.category);
      expect([event.nameEn, withoutIds(await exported(copy))]).toEqual([event.nameEn, withoutIds(before)]);
    }
    expect(await prisma.player.count({ where: { tournamentId } })).toBe(players);
  });

  it('into a new tournament: the same file', async () => {
    const demo = await prisma.tournament.findUniqueOrThrow({ where: { id: tournamentId } });
    const other = (
      await api()
        .post('/api/tournaments')
        .set('Authorization', auth)
        .send({
          nameZh: demo.nameZh,
          nameEn: demo.nameEn,
          venue: demo.venue,
          organizer: demo.organizer,
          startDate: demo.startDate.toISOString().slice(0, 10),
          endDate: demo.endDate.toISOString().slice(0, 10),
        })
        .expect(201)
    ).body.id;
    for (const event of events) {
      const before = await exported(event.id);
      const copy = await imported(other, before, event.category);
      expect([event.nameEn, withoutIds(await exported(copy))]).toEqual([event.nameEn, withoutIds(before)]);
    }
    // The team players of the demo play the team event only: one player row each, as in the demo.
    // (Not the junior open's players: that event still takes entries and was not exported.)
    expect(await prisma.player.count({ where: { tournamentId: other } })).toBe(
      await prisma.player.count({ where: { tournamentId, NOT: { entries: { some: { event: { round1PairedAt: null } } } } } }),
    );
  });
});
