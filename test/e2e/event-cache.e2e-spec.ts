import { INestApplication } from '@nestjs/common';
import { fileSanctions } from '../../apps/server/src/play/sanction-file';
import { eventFile } from '../../apps/server/src/play/event-file';
import { loadEventByInclude } from '../support/event-by-include';
import { EventCache } from '../../apps/server/src/play/event-cache';
import { eventDataVersion, eventVersions } from '../../apps/server/src/play/event-version';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { startTestApp, SWISS_EVENT } from './http-helpers';
import { drawnEvent, pairAndPublish, playRound, PlayEvent } from './rounds-helpers';

/**
 * The event's data version (EventChange rows written by the triggers of migration event_changes)
 * moves with every change an event's file reads, and the event cache (play/event-cache.ts) reads
 * again what moved — and gives exactly what loadEvent (Prisma's nested include) gives, every time.
 */
describe('event data version and event cache', () => {
  let app: INestApplication;
  const prisma = createPrismaClient(testDatabaseUrl());
  let play: PlayEvent;

  beforeAll(async () => {
    app = await startTestApp();
    play = await drawnEvent(app, SWISS_EVENT, 8);
    const r1 = await pairAndPublish(app, play);
    await playRound(app, play.organizer.auth, r1.id);
    await pairAndPublish(app, play);
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  const version = () => eventDataVersion(prisma, play.eventId);
  const sameAsLoadEvent = async (cache: EventCache) => {
    const cached = (await cache.load(prisma, play.eventId))!;
    const fresh = (await loadEventByInclude(prisma, play.eventId))!;
    for (const states of [
      ['published', 'completed'],
      ['draft', 'published', 'completed'],
    ] as const) {
      // loadEvent has no sanctions: the standings add them (play/sanction-file.ts).
      const sanctions = await fileSanctions(prisma, play.eventId, { states });
      expect(eventFile(cached, { states })).toEqual(eventFile(fresh, { states, sanctions }));
    }
    return cached;
  };

  it('moves with each kind of change the file reads, and not otherwise', async () => {
    const game = await prisma.game.findFirstOrThrow({ where: { pairing: { round: { eventId: play.eventId, number: 2 } } } });
    const entry = await prisma.entry.findFirstOrThrow({ where: { eventId: play.eventId }, include: { player: true } });
    const changes: [string, () => Promise<unknown>][] = [
      ['a result', () => prisma.game.update({ where: { id: game.id }, data: { result: 'draw', version: { increment: 1 } } })],
      ['a player renamed', () => prisma.player.update({ where: { id: entry.playerId! }, data: { nameEn: `${entry.player!.nameEn} Jr` } })],
      ['an entry seeded', () => prisma.entry.update({ where: { id: entry.id }, data: { seed: 1 } })],
      ['the event settings', () => prisma.event.update({ where: { id: play.eventId }, data: { standingsOptions: { byeGamePoints: 1 } } })],
      ['the tournament renamed', () => prisma.tournament.update({ where: { id: play.tournamentId }, data: { nameEn: 'Renamed Open' } })],
      ['a round rescheduled', () => prisma.round.updateMany({ where: { eventId: play.eventId, number: 2 }, data: { scheduledAt: new Date() } })],
      [
        'a sanction',
        () =>
          prisma.sanction.create({
            data: { gameId: game.id, playerId: game.redPlayerId!, kind: 'warning', state: 'confirmed', proposedById: play.organizer.id },
          }),
      ],
    ];
    for (const [what, change] of changes) {
      const before = await version();
      await change();
      expect({ what, moved: (await version()) !== before }).toEqual({ what, moved: true });
    }
    // Reads, other events' changes and a rolled-back change leave it where it was.
    const before = await version();
    await prisma.game.findMany({ where: { pairing: { round: { eventId: play.eventId } } } });
    const other = await drawnEvent(app, SWISS_EVENT, 4);
    await pairAndPublish(app, other);
    await prisma
      .$transaction(async (tx) => {
        await tx.game.update({ where: { id: game.id }, data: { result: 'red_win' } });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await version()).toBe(before);
  });

  it('reads again only the round whose games changed, and always equals loadEvent', async () => {
    const cache = new EventCache();
    const first = await sameAsLoadEvent(cache);
    // Nothing changed: the very same object (the standings table keyed on it is reused).
    expect(await cache.load(prisma, play.eventId)).toBe(first);

    const round2 = await prisma.round.findFirstOrThrow({ where: { eventId: play.eventId, number: 2 } });
    const game = await prisma.game.findFirstOrThrow({ where: { pairing: { roundId: round2.id } } });
    const versionsBefore = (await eventVersions(prisma, play.eventId))!;
    await prisma.game.update({ where: { id: game.id }, data: { result: 'black_win', version: { increment: 1 } } });
    const versionsAfter = (await eventVersions(prisma, play.eventId))!;
    const round1 = first.rounds.find((r) => r.number === 1)!;
    expect(versionsAfter.of('games', round2.id)).toBe(versionsBefore.of('games', round2.id) + 1);
    expect(versionsAfter.of('games', round1.id)).toBe(versionsBefore.of('games', round1.id));

    const second = await sameAsLoadEvent(cache);
    expect(second).not.toBe(first);
    // Round 1's pairings were not read again: the same objects as before.
    expect(second.rounds.find((r) => r.number === 1)!.pairings).toBe(round1.pairings);
    expect(
      second.rounds
        .find((r) => r.number === 2)!
        .pairings.flatMap((p) => p.games)
        .find((g) => g.id === game.id)!.result,
    ).toBe('black_win');
  });

  it('follows results, a draft, its deletion and a new round through the HTTP routes', async () => {
    const cache = new EventCache();
    await sameAsLoadEvent(cache);
    const http = (await import('supertest')).default;
    const round2 = (await http(app.getHttpServer()).get(`/api/events/${play.eventId}/rounds`).expect(200)).body.find((r: { number: number }) => r.number === 2);
    await playRound(app, play.organizer.auth, round2.id);
    await sameAsLoadEvent(cache);
    const draft = await http(app.getHttpServer()).post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({}).expect(201);
    expect((await sameAsLoadEvent(cache)).rounds.map((r) => r.state)).toEqual(['completed', 'completed', 'draft']);
    await http(app.getHttpServer()).delete(`/api/rounds/${draft.body.id}?version=${draft.body.version}`).set('Authorization', play.organizer.auth).expect(204);
    expect((await sameAsLoadEvent(cache)).rounds).toHaveLength(2);
    await pairAndPublish(app, play);
    expect((await sameAsLoadEvent(cache)).rounds.map((r) => r.state)).toEqual(['completed', 'completed', 'published']);
  });

  it('a deleted event is gone from the cache', async () => {
    const cache = new EventCache();
    const gone = await drawnEvent(app, SWISS_EVENT, 4);
    expect(await cache.load(prisma, gone.eventId)).not.toBeNull();
    await prisma.event.delete({ where: { id: gone.eventId } });
    expect(await cache.load(prisma, gone.eventId)).toBeNull();
    expect(await eventDataVersion(prisma, gone.eventId)).toBeNull();
  });
});
