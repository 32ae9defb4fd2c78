import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, PAIRERS, RequireRole, RESULT_ENTRY, STAFF, type AuthUser } from '../auth/auth.decorators';
import { uuidParam } from '../common/id-param';
import { notFound } from '../common/optimistic';
import { LineupsService } from '../lineups/lineups.service';
import { PrismaService } from '../prisma/prisma.service';
import { RoundsService } from '../rounds/rounds.service';
import { RecordsService } from '../records/records.service';

/**
 * The data of the staff pages (issue 12), one call per page, behind the same roles as the
 * actions the page offers: the HTML shells (staff-pages.controller.ts) are public and empty, so an
 * anonymous caller gets 401 and a wrong role 403 here, exactly like the API the page then calls.
 */
@ApiTags('staff pages')
@ApiBearerAuth()
@Controller('api')
export class StaffPagesApiController {
  constructor(
    private readonly prisma: PrismaService,
    private readonly rounds: RoundsService,
    private readonly lineups: LineupsService,
    private readonly records: RecordsService,
  ) {}

  @Get('events/:eventId/console')
  @RequireRole(...STAFF)
  @ApiOperation({ summary: "chief arbiter's console: the event, every round (drafts too), the entries and the games still without a result" })
  async console(@CurrentUser() user: AuthUser, @Param('eventId', uuidParam('eventId')) eventId: string) {
    const event = await this.prisma.event.findUnique({
      where: { id: eventId },
      select: { id: true, nameZh: true, nameEn: true, kind: true, tournamentId: true, version: true, tournament: { select: { nameZh: true, nameEn: true } } },
    });
    if (!event) throw notFound('event');
    const rounds = await this.rounds.list(user, eventId);
    const entries = await this.prisma.entry.findMany({
      where: { eventId },
      orderBy: [{ drawNumber: 'asc' }, { createdAt: 'asc' }],
      select: { id: true, drawNumber: true, version: true, withdrawnAfterRound: true, player: { select: { nameZh: true, nameEn: true } }, team: { select: { nameZh: true, nameEn: true } } },
    });
    const missing = rounds
      .filter((r) => r.state === 'published')
      .flatMap((r) =>
        r.pairings.flatMap((p) =>
          p.games
            .filter((g) => g.result === null)
            .map((g) => ({ roundId: r.id, round: r.number, table: p.table, board: g.board, gameId: g.id, red: g.red, black: g.black })),
        ),
      );
    return {
      event,
      rounds,
      entries: entries.map((e) => ({ id: e.id, drawNumber: e.drawNumber, version: e.version, withdrawnAfterRound: e.withdrawnAfterRound, nameZh: e.player?.nameZh ?? e.team?.nameZh ?? '', nameEn: e.player?.nameEn ?? e.team?.nameEn ?? '' })),
      missing,
    };
  }

  @Get('rounds/:roundId/result-sheet')
  @RequireRole(...RESULT_ENTRY)
  @ApiOperation({ summary: "arbiter's result sheet: the round with every game and its version, and the event" })
  async resultSheet(@CurrentUser() user: AuthUser, @Param('roundId', uuidParam('roundId')) roundId: string) {
    const round = await this.rounds.get(user, roundId);
    const event = await this.prisma.event.findUniqueOrThrow({ where: { id: round.eventId }, select: { id: true, nameZh: true, nameEn: true, kind: true } });
    // Issue 25: each game's record — missing, in or locked, who is due (二章3节7), flagged for the arbiter.
    const records = await this.records.roundStatus(roundId);
    return { event, round, records };
  }

  @Get('pairings/:pairingId/lineup-form')
  @RequireRole('team_captain', ...PAIRERS)
  @ApiOperation({ summary: "captain's lineup form: the match card as the caller may see it, the teams the caller may submit for, and their members" })
  async lineupForm(@CurrentUser() user: AuthUser, @Param('pairingId', uuidParam('pairingId')) pairingId: string) {
    const card = await this.lineups.lineups(pairingId, user);
    const pairing = await this.prisma.pairing.findUniqueOrThrow({ where: { id: pairingId }, select: { round: { select: { event: { select: { id: true, nameZh: true, nameEn: true, tournamentId: true } } } } } });
    const event = pairing.round.event;
    const roles = await this.prisma.tournamentRole.findMany({ where: { tournamentId: event.tournamentId, userId: user.id }, select: { role: true, teamId: true } });
    const pairer = roles.some((r) => (PAIRERS as readonly string[]).includes(r.role));
    const captainOf = new Set(roles.filter((r) => r.role === 'team_captain' && r.teamId).map((r) => r.teamId!));
    const sides = [card.red, card.black].filter((s) => s !== null && s.teamId !== null && (pairer || captainOf.has(s.teamId)));
    const teams = await this.prisma.team.findMany({
      where: { id: { in: sides.map((s) => s!.teamId!) } },
      select: { id: true, members: { orderBy: [{ role: 'asc' }, { board: 'asc' }], select: { playerId: true, role: true, board: true, player: { select: { nameZh: true, nameEn: true } } } } },
    });
    return {
      event: { id: event.id, nameZh: event.nameZh, nameEn: event.nameEn },
      card,
      asArbiter: pairer,
      mine: sides.map((s) => ({
        entryId: s!.entryId,
        teamId: s!.teamId,
        nameZh: s!.nameZh,
        nameEn: s!.nameEn,
        members: (teams.find((t) => t.id === s!.teamId)?.members ?? []).map((m) => ({ playerId: m.playerId, role: m.role, board: m.board, nameZh: m.player.nameZh, nameEn: m.player.nameEn })),
      })),
    };
  }
}
