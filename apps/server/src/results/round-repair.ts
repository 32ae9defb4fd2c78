import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { typedQuery } from '../persistence/typed-sql';
import { PrismaService } from '../prisma/prisma.service';
import { completeRoundIfDone } from './play-effects';

/** Published rounds whose games all have a result. */
const DONE_BUT_PUBLISHED = typedQuery(
  'published rounds with every result in',
  { id: 'text', tournamentId: 'text' },
  () => Prisma.sql`
    SELECT r.id::text AS id, e."tournamentId"::text AS "tournamentId"
      FROM "Round" r JOIN "Event" e ON e.id = r."eventId"
     WHERE r.state = 'published'
       AND EXISTS (SELECT 1 FROM "Game" g JOIN "Pairing" p ON p.id = g."pairingId" WHERE p."roundId" = r.id)
       AND NOT EXISTS (SELECT 1 FROM "Game" g JOIN "Pairing" p ON p.id = g."pairingId" WHERE p."roundId" = r.id AND g.result IS NULL)`,
  [],
);

/**
 * Start-up repair (issue 23 #6): a round whose last result committed just before the process died
 * — before completeRoundIfDone's statement after the commit ran — would stay `published` for good.
 * At start-up every published round whose games all have a result is completed by that same
 * statement (its audit row has no user). Idempotent, and safe with several instances starting at
 * once: the statement re-checks `state = 'published'` on the locked row.
 */
@Injectable()
export class RoundRepair implements OnApplicationBootstrap {
  private readonly logger = new Logger('RoundRepair');

  constructor(private readonly prisma: PrismaService) {}

  async onApplicationBootstrap(): Promise<void> {
    // Never keeps the server from starting: a database that is away now is repaired at the next start.
    await this.completeFinishedRounds().catch((error: unknown) =>
      this.logger.warn(`skipped: ${error instanceof Error ? error.message.split('\n').filter(Boolean).slice(-1)[0] : String(error)}`),
    );
  }

  /** Completes every published round with games that all have a result; returns their ids. */
  async completeFinishedRounds(): Promise<string[]> {
    const rounds = await DONE_BUT_PUBLISHED.rows(this.prisma);
    const completed: string[] = [];
    for (const round of rounds) {
      if (await completeRoundIfDone(this.prisma, { tournamentId: round.tournamentId }, round.id)) completed.push(round.id);
    }
    if (completed.length)
      this.logger.warn(`completed ${completed.length} round(s) whose last result was committed before the server stopped: ${completed.join(', ')}`);
    return completed;
  }
}
