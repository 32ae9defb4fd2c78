import type { INestApplicationContext } from '@nestjs/common';
import { seededRandom } from '@chuhe/registration/prng';
import type { AuthUser } from '../auth/auth.decorators';
import type { GameResult } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { ResultsService } from '../results/results.service';
import { RoundsService } from '../rounds/rounds.service';
import { DEMO_ORGANIZER } from './demo-tournament';

/**
 * Plays the demo tournament part of the way through the server's own services, so every page has
 * something to show: the team championship and the open are in round 4 (three rounds complete,
 * the fourth published with some results in), the women's round-robin has five rounds complete.
 * Results come from a fixed seed, so every demo looks the same. Discipline, disputes and appeals
 * are added by `demoIncidents` when those modules are present.
 */
export async function playDemo(app: INestApplicationContext, tournamentId: string): Promise<void> {
  const prisma = app.get(PrismaService);
  const rounds = app.get(RoundsService);
  const results = app.get(ResultsService);
  const organizer = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_ORGANIZER.email } });
  const user: AuthUser = { id: organizer.id, email: organizer.email, displayName: organizer.displayName };
  const events = await prisma.event.findMany({ where: { tournamentId }, orderBy: { createdAt: 'asc' } });
  const random = seededRandom(`demo-play-${tournamentId.length}`);
  const pick = (): GameResult => {
    const x = random();
    return x < 0.03 ? 'red_win_forfeit' : x < 0.42 ? 'red_win' : x < 0.72 ? 'black_win' : 'draw';
  };
  // Rounds half a day apart, the one in play started an hour ago: every lineup deadline has passed.
  const now = Date.now();
  for (const event of events) {
    const complete = event.kind === 'individual' && event.category === 'women' ? 5 : 3;
    for (let n = 1; n <= complete + 1; n++) {
      const scheduledAt = new Date(now - 3600_000 - (complete + 1 - n) * 12 * 3600_000).toISOString();
      const draft = await rounds.pairNext(user, event.id, { scheduledAt });
      const published = await rounds.publish(user, draft.id, draft.version);
      const last = n === complete + 1;
      let k = 0;
      for (const p of published.pairings) {
        for (const g of p.games) {
          k++;
          if (last && k % 3 !== 0) continue; // the round in play: a third of the results are in
          if (g.result !== null) continue;
          await results.enterResult({ user, gameId: g.id, dto: { result: pick(), version: g.version } });
        }
      }
    }
  }
}
