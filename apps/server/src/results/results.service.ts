import { ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { PAIRERS } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound, staleOrMissing } from '../common/optimistic';
import { badRequest } from '../common/validation';
import type { Game } from '../generated/prisma/client';
import { loadEvent } from '../play/event-file';
import type { EventWithPlay } from '../play/event-file';
import { lockEventPlaySharedForGame } from '../play/locks';
import { PrismaService } from '../prisma/prisma.service';
import { laterPairingsAffected } from './later-pairings';
import { gameAudit, gameView, MatchOutcome, PLAYER_SUMMARY, settleKnockoutMatch, settleRoundState } from './play-effects';
import type { EnterResultDto } from './result.dto';

const PENALTY_RESULTS = new Set(['red_win_penalty', 'black_win_penalty']);

/** 400s the DTO cannot express: a penalty result needs its reason, other results take none. */
export function resultProblems(dto: EnterResultDto): { field: string; reason: string }[] {
  if (PENALTY_RESULTS.has(dto.result) && !dto.penaltyReason) return [{ field: 'penaltyReason', reason: `${dto.result} needs the ruling's reason (one of libs/tournament PENALTY_REASONS)` }];
  if (!PENALTY_RESULTS.has(dto.result) && dto.penaltyReason) return [{ field: 'penaltyReason', reason: `only red_win_penalty and black_win_penalty have a penalty reason, not ${dto.result}` }];
  return [];
}

@Injectable()
export class ResultsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  /**
   * PUT /api/games/:gameId/result — one transaction under the event's play lock taken SHARED (results
   * of one event go side by side; pairing and publishing wait): lock + read, update with the version,
   * audit, and — only when something may follow — the knockout match and the round's completion.
   */
  async enterResult({ user, gameId, dto }: { user: AuthUser; gameId: string; dto: EnterResultDto }) {
    const problems = resultProblems(dto);
    if (problems.length) throw badRequest(problems);
    const reason = dto.reason?.trim() || undefined;

    const done = await this.prisma.$transaction(async (tx) => {
      const eventId = await lockEventPlaySharedForGame(tx, gameId);
      if (!eventId) throw notFound('game');
      const game = await tx.game.findUniqueOrThrow({
        where: { id: gameId },
        include: {
          redPlayer: PLAYER_SUMMARY,
          blackPlayer: PLAYER_SUMMARY,
          pairing: {
            include: {
              round: { include: { stage: { select: { type: true } }, event: { select: { tournamentId: true, kind: true } } } },
              redEntry: { select: { id: true, playerId: true } },
              blackEntry: { select: { id: true, playerId: true } },
            },
          },
        },
      });
      const { pairing } = game;
      const { round } = pairing;
      const tournamentId = round.event.tournamentId;
      if (round.state === 'draft') throw conflict(`round: round ${round.number} is a draft; results are entered once it is published`);
      if (game.redPlayerId === null || game.blackPlayerId === null) throw conflict(`game: board ${game.board} of table ${pairing.table} has no players yet (lineups)`);
      if (game.version !== dto.version) staleOrMissing('game', game);

      // A change once the next round is paired: the chief arbiter's (or the organizer's), with a reason.
      const later = await tx.round.findFirst({ where: { eventId, number: round.number + 1 }, select: { id: true } });
      if (later) {
        const pairer = await tx.tournamentRole.findFirst({ where: { tournamentId, userId: user.id, role: { in: PAIRERS } }, select: { id: true } });
        if (!pairer) throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: `round ${round.number + 1} is already paired: only the chief arbiter or the organizer may change a result of round ${round.number}` });
        if (!reason) throw badRequest([{ field: 'reason', reason: `round ${round.number + 1} is already paired: a correction needs a reason` }]);
      }

      const now = new Date();
      const penaltyReason = dto.penaltyReason ?? null;
      const { count } = await tx.game.updateMany({
        where: { id: gameId, version: dto.version },
        data: { result: dto.result, penaltyReason, resultEnteredById: user.id, resultEnteredAt: now, version: { increment: 1 } },
      });
      if (count === 0) staleOrMissing('game', await tx.game.findUnique({ where: { id: gameId }, select: { version: true } }));
      const updated: Game = { ...stripRelations(game), result: dto.result, penaltyReason, resultEnteredById: user.id, resultEnteredAt: now, version: game.version + 1 };
      const where = { round: round.number, table: pairing.table };
      const actor = { userId: user.id, tournamentId };
      await this.audit.record(tx, {
        ...actor,
        entity: 'game',
        entityId: gameId,
        action: 'update',
        before: gameAudit(game, where),
        after: gameAudit(updated, where),
        reason: reason ?? (later ? undefined : game.result === null ? undefined : 'result changed'),
      });

      // Knockout and championship matches (附录2 7b, 附录3 #6): the next tie-break game, or fewer games.
      let match: MatchOutcome | null = null;
      if (pairing.matchKey && round.event.kind === 'individual') {
        const games = await tx.game.findMany({ where: { pairingId: pairing.id }, orderBy: { board: 'asc' } });
        match = await settleKnockoutMatch(tx, this.audit, actor, {
          stageType: round.stage.type,
          round: round.number,
          pairing,
          games,
          reason: reason ? `correction (${reason})` : 'result entered',
        });
        if (match?.removed.some((g) => g.id === gameId)) {
          throw conflict(`game: game ${game.board} of match ${pairing.matchKey} comes after the game that decides the match; correct that game first`);
        }
      }
      const gamesChanged = !!match && (match.created.length > 0 || match.removed.length > 0);
      const roundState =
        game.result === null || gamesChanged
          ? await settleRoundState(tx, this.audit, actor, round.id)
          : { id: round.id, number: round.number, state: round.state, completedAt: round.completedAt, version: round.version };

      // The comparison needs the event as the libs see it, with this correction: read it here, pair outside.
      const event: EventWithPlay | null = later ? await loadEvent(tx, eventId) : null;
      return { updated, red: game.redPlayer, black: game.blackPlayer, roundState, match, event, roundNumber: round.number };
    });

    const names = new Map([done.red, done.black].filter((p) => p !== null).map((p) => [p.id, p]));
    const player = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
    const response: Record<string, unknown> = {
      game: gameView(done.updated, done.red, done.black),
      round: done.roundState,
    };
    if (done.match) {
      const { created, removed, ...match } = done.match;
      response.match = match;
      response.gamesCreated = created.map((g) => gameView(g, player(g.redPlayerId), player(g.blackPlayerId)));
      response.gamesRemoved = removed.map((g) => gameView(g, player(g.redPlayerId), player(g.blackPlayerId)));
    }
    if (done.event) response.laterPairingsAffected = laterPairingsAffected(done.event, done.roundNumber);
    return response;
  }
}

function conflict(message: string): ConflictException {
  return new ConflictException({ statusCode: 409, error: 'Conflict', message });
}

function stripRelations<T extends Game>(g: T): Game {
  return {
    id: g.id,
    pairingId: g.pairingId,
    board: g.board,
    kind: g.kind,
    redPlayerId: g.redPlayerId,
    blackPlayerId: g.blackPlayerId,
    result: g.result,
    penaltyReason: g.penaltyReason,
    resultEnteredById: g.resultEnteredById,
    resultEnteredAt: g.resultEnteredAt,
    version: g.version,
    createdAt: g.createdAt,
    updatedAt: g.updatedAt,
  };
}
