import { playDemoHistory } from './demo-history';
import { rateDemo } from './demo-ratings';
import type { INestApplicationContext } from '@nestjs/common';
import { seededRandom } from '@chuhe/registration';
import type { AuthUser } from '../auth/auth.decorators';
import type { GameResult } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { ResultsService } from '../results/results.service';
import { RoundsService } from '../rounds/rounds.service';
import { DEMO_ORGANIZER } from '../auth/demo-account';
import { demoOpenEvent } from './demo-tournament';
import { AppealsService } from '../appeals/appeals.service';
import { DisciplineService } from '../discipline/discipline.service';
import { DisputesService } from '../disputes/disputes.service';
import { hashPassword } from '../auth/password';

/**
 * Plays the demo tournament part of the way through the server's own services, so every page has
 * something to show: the team championship and the open are in round 4 (three rounds complete,
 * the fourth published with some results in), the women's round-robin has five rounds complete.
 * Results come from a fixed seed, so every demo looks the same. Then `demoIncidents` records what
 * goes wrong at a board: a technical foul, a disputed position with the engine's report and the
 * arbiter's ruling, and an appeal against it decided by a three-member committee.
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
    // An event still taking entries (issue 31: the junior open) is not drawn, so not played.
    if (event.selfRegistration && (await prisma.entry.count({ where: { eventId: event.id, drawNumber: { not: null } } })) === 0) continue;
    if (playedToTheEnd(event.stages)) {
      await playToTheEnd(rounds, results, prisma, user, event.id, pick, now);
      continue;
    }
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
  // Earlier tournaments of the same persons, then every demo event rated in the demo's rating list (issue 33).
  const history = await playDemoHistory(app, tournamentId, user);
  await rateDemo(app, tournamentId, user, history);
}

/** The events the demo plays to their final (a knockout stage or a championship): issue 21. */
function playedToTheEnd(stages: unknown): boolean {
  const list = stages as { type: string }[];
  return list.length > 1 || list.some((s) => s.type.startsWith('championship'));
}

/**
 * Every round to the last: pair, publish, enter every result — and the knockout tie-break games
 * that appear after a drawn game (附录2 7b) until each match is decided — until no round is left.
 */
async function playToTheEnd(
  rounds: RoundsService,
  results: ResultsService,
  prisma: PrismaService,
  user: AuthUser,
  eventId: string,
  pick: () => GameResult,
  now: number,
): Promise<void> {
  for (let n = 1; n <= 20; n++) {
    let draft;
    try {
      draft = await rounds.pairNext(user, eventId, { scheduledAt: new Date(now - (21 - n) * 6 * 3600_000).toISOString() });
    } catch {
      return; // no round left to pair: the final is played
    }
    const published = await rounds.publish(user, draft.id, draft.version);
    for (let pass = 0; pass < 10; pass++) {
      const open = await prisma.game.findMany({
        where: { pairing: { roundId: published.id }, result: null },
        orderBy: [{ pairing: { table: 'asc' } }, { board: 'asc' }],
      });
      if (open.length === 0) break;
      for (const g of open) await results.enterResult({ user, gameId: g.id, dto: { result: pick(), version: g.version } });
    }
  }
}

/** The demo's appeals committee (三章7A: at least three, an odd number); their password is the organizer's. */
export const DEMO_COMMITTEE = ['appeals1@chuhe.demo', 'appeals2@chuhe.demo', 'appeals3@chuhe.demo'];

/** 细则-style perpetual chase by a cannon (the dev set's first case): Red loses (棋例总纲 3). */
const DEMO_DISPUTE = {
  fen: '2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1',
  moves: ['c2a2', 'a7b7', 'a2b2', 'b7a7', 'b2a2', 'a7b7', 'a2b2', 'b7a7', 'b2a2'],
};

export async function demoIncidents(app: INestApplicationContext, tournamentId: string): Promise<void> {
  const prisma = app.get(PrismaService);
  const organizer = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_ORGANIZER.email } });
  const user: AuthUser = { id: organizer.id, email: organizer.email, displayName: organizer.displayName };
  const open = await demoOpenEvent(prisma, tournamentId);
  const games = await prisma.game.findMany({
    where: { pairing: { round: { eventId: open.id, number: 3 }, blackEntryId: { not: null } } },
    orderBy: { pairing: { table: 'asc' } },
    take: 2,
  });
  const [fouled, disputed] = games;
  // A technical foul (二章9节1: leaving the playing area without the arbiter's leave).
  await app
    .get(DisciplineService)
    .create(user, fouled.id, { playerId: fouled.redPlayerId!, kind: 'technical_foul', detail: 'leaving_seat', note: 'left the hall during play' });
  // A disputed position judged by the engine, and the arbiter's ruling (三章6G).
  const disputes = app.get(DisputesService);
  const dispute = await disputes.open(user, disputed.id, { fen: DEMO_DISPUTE.fen, moves: DEMO_DISPUTE.moves });
  // The result follows the verdict (red_loses → black_win); round 4 is paired, so the chief's reason.
  await disputes.rule(user, dispute.id, {
    version: dispute.version,
    ruling: '红方炮长捉黑车，不变作负（棋例总纲 3，三章6G）。Red chases the rook perpetually and did not change: Red loses.',
    reason: 'ruling on the disputed position (三章6G)',
  });
  // The committee: three members from affiliations not in the game (三章7D), one appeal, a majority.
  const passwordHash = await hashPassword(DEMO_ORGANIZER.password);
  const pairing = await prisma.pairing.findUniqueOrThrow({
    where: { id: disputed.pairingId },
    include: { redEntry: { include: { player: true } }, blackEntry: { include: { player: true } } },
  });
  const involved = new Set([pairing.redEntry.player?.affiliationId, pairing.blackEntry?.player?.affiliationId]);
  const neutral = (await prisma.affiliation.findMany({ where: { tournamentId }, orderBy: { nameEn: 'asc' } })).filter((a) => !involved.has(a.id));
  const members: AuthUser[] = [];
  for (const [i, email] of DEMO_COMMITTEE.entries()) {
    const u = await prisma.user.upsert({
      where: { email },
      create: { email, displayName: `仲裁委员 ${i + 1} Appeals member ${i + 1}`, passwordHash },
      update: {},
    });
    await prisma.tournamentRole.create({ data: { tournamentId, userId: u.id, role: 'appeals_member', affiliationId: neutral[i % neutral.length]?.id } });
    members.push({ id: u.id, email: u.email, displayName: u.displayName });
  }
  const appeals = app.get(AppealsService);
  const appeal = await appeals.file(user, disputed.id, {
    text: '红方申诉：黑车有根，红炮所捉并非无根子，应属允许着法。Red appeals: the rook was protected, so the chase was allowed.',
    entryId: pairing.redEntryId,
    disputeId: dispute.id,
  });
  await appeals.vote(members[0], appeal.id, { choice: 'dismiss', note: '车在炮口下无根，判例明确。' });
  await appeals.vote(members[1], appeal.id, { choice: 'dismiss' });
}
