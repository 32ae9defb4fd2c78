import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { knockoutView } from '@chuhe/pairing';
import { createDemoTournament, demoOpenEvent } from '../../apps/server/src/demo/demo-tournament';
import { playDemo } from '../../apps/server/src/demo/demo-play';
import { StandingsService } from '../../apps/server/src/standings/standings.service';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { startTestApp } from './http-helpers';

/** Issue 21: the demo's Swiss → knockout event and its 5+2 championship are played to their final. */
describe('demo events played to the final', () => {
  let app: INestApplication;
  const prisma = createPrismaClient(testDatabaseUrl());

  beforeAll(async () => {
    app = await startTestApp();
  }, 300_000);

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it('Swiss → knockout: quarter-finals, semi-finals and a final with a winner; 5+2: semi-finals, final and 3rd place', async () => {
    const tournamentId = await createDemoTournament(prisma);
    await playDemo(app, tournamentId);
    const events = await prisma.event.findMany({ where: { tournamentId }, orderBy: { createdAt: 'asc' } });
    const youth = events.find((e) => e.nameEn.includes('Swiss → knockout'))!;
    const fiveTwo = events.find((e) => e.nameEn.includes('5+2'))!;
    const standings = app.get(StandingsService);

    const chain = knockoutView(await standings.file(youth.id));
    expect(chain.ok).toBe(true);
    const bracket = chain.ok ? chain.value! : null;
    expect(bracket!.rounds.map((r) => [r.round, r.name, r.matches.length])).toEqual([
      [6, 'quarter_final', 4],
      [7, 'semi_final', 2],
      [8, 'final', 1],
    ]);
    expect(bracket!.rounds.every((r) => r.matches.every((m) => m.winner !== null && m.decidedBy !== null))).toBe(true);
    expect(bracket!.places.slice(0, 2).map((p) => p.places)).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(await prisma.round.count({ where: { eventId: youth.id, state: { not: 'completed' } } })).toBe(0);

    const c = knockoutView(await standings.file(fiveTwo.id));
    expect(c.ok).toBe(true);
    const five = c.ok ? c.value! : null;
    expect(five!.rounds.map((r) => [r.round, r.name, r.matches.length])).toEqual([
      [6, 'semi_final', 2],
      [7, 'final', 1],
      [7, 'third_place', 1],
    ]);
    expect(five!.places.map((p) => p.places)).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    // The demo's games carry no records: their links say so (issue 30 #6: "record" only where there is one).
    const final = await request(app.getHttpServer()).get(`/events/${fiveTwo.id}/rounds/7?lang=zh`).set('Accept', 'text/html').expect(200);
    expect(final.text).toContain('class="game-link"');
    expect(final.text).toContain('对局（无棋谱）</a>');
    expect(final.text).not.toMatch(/class="game-link"[^>]*>棋谱</);

    // Issue 33: the open's third strongest player (demo/demo-history.ts: the strongest ten, 1–8 and 3–10,
    // played the two earlier opens) has a history across three events, each with a place and a rating.
    const open = await demoOpenEvent(prisma, tournamentId);
    const top = await prisma.player.findFirstOrThrow({
      where: { entries: { some: { eventId: open.id } }, personId: { not: null } },
      orderBy: [{ rating: 'desc' }, { id: 'asc' }],
      skip: 2,
    });
    const profile = (await request(app.getHttpServer()).get(`/api/persons/${top.personId}`).expect(200)).body as {
      events: { tournamentId: string; place: number | null }[];
      ratings: { eventId: string | null }[];
    };
    const tournaments = new Set(profile.events.map((e) => e.tournamentId));
    expect(tournaments.size).toBeGreaterThanOrEqual(3);
    expect(tournaments.has(tournamentId)).toBe(true);
    expect(profile.events.every((e) => typeof e.place === 'number')).toBe(true);
    expect(profile.ratings.filter((r) => r.eventId).length).toBeGreaterThanOrEqual(3);
    const page = await request(app.getHttpServer()).get(`/persons/${top.personId}?lang=en`).expect(200);
    expect(page.text).toContain('2026 Chuhe Spring Open (demo)');
    expect(page.text).toContain('2026 Chuhe Autumn Open (demo)');
    // Fewer games than a page (100): every game on one page, no paging; a page past the end is the last one.
    const rows = (html: string) => (html.match(/class="game-link"/g) ?? []).length;
    expect(rows(page.text)).toBeGreaterThan(10);
    expect(page.text).not.toContain('games-paging');
    const past = await request(app.getHttpServer()).get(`/persons/${top.personId}?page=7&lang=en`).expect(200);
    expect(rows(past.text)).toBe(rows(page.text));
  }, 300_000);
});
