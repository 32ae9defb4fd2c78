import { INestApplication } from '@nestjs/common';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import { RoundRepair } from '../../apps/server/src/results/round-repair';
import { createPrismaClient } from '../support/database';
import { startTestApp, SWISS_EVENT } from './http-helpers';
import { getRound, nextRound, playEvent, playRound } from './results-helpers';

/**
 * Issue 23 #6: a round whose last result committed just before a crash (the completion statement
 * after the commit never ran) is completed when a server starts, with its audit row; a round with
 * a game still open stays published.
 */
describe('round completion repaired at start-up', () => {
  let app: INestApplication;
  let prisma: PrismaClient;

  beforeAll(async () => {
    app = await startTestApp();
    prisma = createPrismaClient();
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it('completes the finished round left published, leaves an unfinished one alone', async () => {
    const finished = await playEvent(app, SWISS_EVENT, 6);
    const round = await nextRound(app, finished);
    await playRound(app, finished, round);
    expect((await getRound(app, round.id, finished.organizer.auth)).state).toBe('completed');
    // The state a crash between the last result's commit and the completion statement leaves.
    await prisma.round.update({ where: { id: round.id }, data: { state: 'published', completedAt: null } });
    const unfinished = await playEvent(app, SWISS_EVENT, 6);
    const open = await nextRound(app, unfinished);

    const restarted = await startTestApp(); // its start-up runs the repair
    try {
      expect((await getRound(app, round.id, finished.organizer.auth)).state).toBe('completed');
      expect((await getRound(app, open.id, unfinished.organizer.auth)).state).toBe('published');
      const audit = await prisma.auditLog.findMany({ where: { entity: 'round', entityId: round.id, action: 'update', userId: null } });
      expect(audit.map((a) => (a.after as { state?: string }).state)).toContain('completed');
      // Idempotent: a second start (or a second instance) finds nothing to do.
      expect(await restarted.get(RoundRepair).completeFinishedRounds()).toEqual([]);
    } finally {
      await restarted.close();
    }
  });
});
