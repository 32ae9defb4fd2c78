import type { INestApplicationContext } from '@nestjs/common';
import { seededRandom } from '@chuhe/registration';
import type { AuthUser } from '../auth/auth.decorators';
import { defaultTieBreaks } from '../events/tie-breaks';
import type { GameResult } from '../generated/prisma/client';
import { decideMatch } from '../persons/registry';
import { PrismaService } from '../prisma/prisma.service';
import { ResultsService } from '../results/results.service';
import { RoundsService } from '../rounds/rounds.service';
import { demoOpenEvent, drawAndRecord } from './demo-tournament';

/** The demo's earlier tournaments: two finished opens of the same persons, before the championship. */
const HISTORY = [
  { nameZh: '2026 楚河春季公开赛（演示）', nameEn: '2026 Chuhe Spring Open (demo)', start: '2026-04-11', from: 0 },
  { nameZh: '2026 楚河秋季公开赛（演示）', nameEn: '2026 Chuhe Autumn Open (demo)', start: '2026-09-12', from: 2 },
] as const;
const PLAYERS = 8;

/**
 * Cross-event history for the demo (issue 33): ten players of the demo's individual open also
 * played two earlier round robins of eight (six of them in both), so a profile has several events,
 * a rating chart with a point per event and head-to-head records across events. The players are
 * linked to the open's persons as an organizer links them (the registry would propose them: same
 * name, unit and birth year). Played through the server's own services; results from a fixed seed,
 * the stronger (higher typed rating) more often winning. Returns the tournaments' ids.
 */
export async function playDemoHistory(app: INestApplicationContext, tournamentId: string, user: AuthUser): Promise<string[]> {
  const prisma = app.get(PrismaService);
  const rounds = app.get(RoundsService);
  const results = app.get(ResultsService);
  const open = await demoOpenEvent(prisma, tournamentId);
  // A database that already holds namesakes (同名) leaves the open's players waiting for the
  // organizer's choice; the demo's organizer decides: each is a person of their own.
  const waiting = await prisma.player.findMany({ where: { entries: { some: { eventId: open.id } }, personId: null }, select: { id: true } });
  for (const w of waiting) await prisma.$transaction((tx) => decideMatch(tx, w.id, null));
  const people = await prisma.player.findMany({
    where: { entries: { some: { eventId: open.id } }, personId: { not: null } },
    orderBy: [{ rating: 'desc' }, { id: 'asc' }],
    take: PLAYERS + 2,
    include: { affiliation: true },
  });
  const random = seededRandom('demo-history');
  const ids: string[] = [];
  for (const h of HISTORY) {
    const start = new Date(`${h.start}T00:00:00Z`);
    const t = await prisma.tournament.create({
      data: {
        nameZh: h.nameZh,
        nameEn: h.nameEn,
        venue: '楚河棋院 Chuhe Xiangqi Club',
        startDate: start,
        endDate: new Date(start.getTime() + 86_400_000),
        organizer: '楚河象棋协会 Chuhe Xiangqi Association',
        publishedAt: start,
        roles: { create: { userId: user.id, role: 'organizer' } },
      },
    });
    ids.push(t.id);
    const event = await prisma.event.create({
      data: {
        tournamentId: t.id,
        nameZh: '个人循环赛',
        nameEn: 'Individual round robin',
        kind: 'individual',
        stages: [{ type: 'round_robin' }],
        timeControl: { baseMinutes: 60, incrementSeconds: 30 },
        tieBreaks: defaultTieBreaks('individual', [{ type: 'round_robin' }]),
      },
    });
    const units = new Map<string, string>();
    const entries: { id: string; affiliation: string }[] = [];
    for (const p of people.slice(h.from, h.from + PLAYERS)) {
      const code = p.affiliation?.code ?? p.affiliation?.nameZh ?? '';
      if (p.affiliation && !units.has(code))
        units.set(
          code,
          (
            await prisma.affiliation.create({
              data: { tournamentId: t.id, nameZh: p.affiliation.nameZh, nameEn: p.affiliation.nameEn, code: p.affiliation.code },
            })
          ).id,
        );
      const player = await prisma.player.create({
        data: {
          tournamentId: t.id,
          nameZh: p.nameZh,
          nameEn: p.nameEn,
          gender: p.gender,
          birthYear: p.birthYear,
          rating: p.rating,
          title: p.title,
          affiliationId: units.get(code) ?? null,
          personId: p.personId,
        },
      });
      entries.push({ id: (await prisma.entry.create({ data: { eventId: event.id, playerId: player.id } })).id, affiliation: code });
    }
    await prisma.$transaction((tx) => drawAndRecord(tx, event.id, user.id, entries, `demo-history-${h.start}`));
    const rating = new Map(
      (await prisma.player.findMany({ where: { tournamentId: t.id }, select: { id: true, rating: true } })).map((p) => [p.id, p.rating ?? 2000]),
    );
    const pick = (red: string | null, black: string | null): GameResult => {
      const edge = ((rating.get(red ?? '') ?? 2000) - (rating.get(black ?? '') ?? 2000)) / 800;
      const x = random();
      return x < 0.38 + edge ? 'red_win' : x < 0.7 ? 'draw' : 'black_win';
    };
    for (let n = 1; n <= PLAYERS; n++) {
      let draft;
      try {
        draft = await rounds.pairNext(user, event.id, { scheduledAt: new Date(start.getTime() + (9 + n * 3) * 3600_000).toISOString() });
      } catch {
        break; // every round paired
      }
      const published = await rounds.publish(user, draft.id, draft.version);
      for (const p of published.pairings)
        for (const g of p.games)
          if (g.result === null && g.red && g.black)
            await results.enterResult({ user, gameId: g.id, dto: { result: pick(g.red.id, g.black.id), version: g.version } });
    }
  }
  return ids;
}
