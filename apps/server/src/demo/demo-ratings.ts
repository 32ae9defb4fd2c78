import type { INestApplicationContext } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.decorators';
import { PrismaService } from '../prisma/prisma.service';
import { recomputeList } from '../ratings/rating-timeline';

export const DEMO_RATING_LIST = '楚河演示等级分 Chuhe demo ratings';

/**
 * The demo's ratings (issue 33): a rating list whose starting ratings are the ones the demo's
 * registration typed (Player.rating), as of the day before the tournament, and every demo event
 * rated in it — so every demo person has a rating history, a rating report and a profile chart.
 */
export async function rateDemo(app: INestApplicationContext, tournamentId: string, user: AuthUser, history: readonly string[] = []): Promise<void> {
  const prisma = app.get(PrismaService);
  const t = await prisma.tournament.findUniqueOrThrow({ where: { id: tournamentId } });
  // The typed ratings hold from the day before the earliest tournament (the history's, demo-history.ts).
  const earliest = Math.min(
    t.startDate.getTime(),
    ...(await prisma.tournament.findMany({ where: { id: { in: [...history] } } })).map((h) => h.startDate.getTime()),
  );
  await prisma.$transaction(
    async (tx) => {
      const list =
        (await tx.ratingList.findUnique({ where: { name: DEMO_RATING_LIST } })) ?? (await tx.ratingList.create({ data: { name: DEMO_RATING_LIST } }));
      const players = await tx.player.findMany({
        where: { tournamentId, personId: { not: null }, rating: { not: null } },
        select: { personId: true, rating: true },
      });
      const asOf = new Date(earliest - 86_400_000);
      await tx.ratingChange.deleteMany({ where: { ratingListId: list.id, eventId: null, effectiveAt: asOf } });
      const seen = new Set<string>();
      await tx.ratingChange.createMany({
        data: players
          .filter((p) => !seen.has(p.personId!) && seen.add(p.personId!))
          .map((p) => ({ ratingListId: list.id, personId: p.personId!, eventId: null, effectiveAt: asOf, rating: p.rating!, games: 40 })),
      });
      const tournaments = [tournamentId, ...history];
      const events = await tx.event.findMany({ where: { tournamentId: { in: tournaments } }, select: { id: true } });
      await tx.event.updateMany({ where: { tournamentId: { in: tournaments } }, data: { ratingListId: list.id } });
      const result = await recomputeList(
        tx,
        list.id,
        events.map((e) => e.id),
      );
      await tx.auditLog.create({
        data: { userId: user.id, tournamentId, entity: 'event_rating', entityId: list.id, action: 'update', after: { demo: true, events: result.events } },
      });
    },
    { timeout: 120_000 },
  );
}
