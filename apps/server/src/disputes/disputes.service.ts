import { DomainError } from '../common/errors';
import { Injectable } from '@nestjs/common';
import { INITIAL_FEN } from '@chuhe/xiangqi';
import { disputeReport, type DisputeReport } from '@chuhe/xiangqi';
import type { GameResult } from '@chuhe/tournament';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.decorators';
import { notFound, staleOrMissing } from '../common/optimistic';
import { gameContext, gameLabel } from '../discipline/game-context';
import type { Dispute, Prisma } from '../generated/prisma/client';
import { storedJson } from '../persistence/json-column';
import { PrismaService } from '../prisma/prisma.service';
import { ResultsService } from '../results/results.service';
import type { OpenDisputeDto, RuleDisputeDto } from './disputes.dto';

const FROM_VERDICT: Record<string, GameResult | undefined> = { red_loses: 'black_win', black_loses: 'red_win', draw: 'draw' };

/**
 * Disputed positions (待判局面, 三章6G): the arbiter opens one on a game from a FEN and the cycle's
 * moves or from the stored record; libs/xiangqi judges it (AXF 2017 or the CXA set, per
 * Event.repetitionRules) and the report (verdict, moves in Chinese notation with their kinds,
 * articles, the 三章6G procedure, SVG diagrams) is stored as computed. The arbiter's ruling
 * becomes the game's result through the results path (audit).
 */
@Injectable()
export class DisputesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly results: ResultsService,
  ) {}

  async open(user: AuthUser, gameId: string, dto: OpenDisputeDto) {
    const ctx = await gameContext(this.prisma, gameId);
    let fen: string;
    let moves: string[];
    if (dto.fromRecord) {
      if (dto.fen !== undefined || dto.moves !== undefined) throw new DomainError('dispute.both_sources', {}, 'fromRecord');
      const record = await this.prisma.gameRecord.findUnique({ where: { gameId } });
      if (!record) throw new DomainError('dispute.no_record', {}, 'fromRecord');
      const all = record.moves as string[];
      if (dto.uptoPly !== undefined && dto.uptoPly > all.length) throw new DomainError('dispute.upto_ply', { plies: all.length }, 'uptoPly');
      fen = record.startFen;
      moves = all.slice(0, dto.uptoPly ?? all.length);
    } else {
      if (!dto.moves?.length) throw new DomainError('dispute.moves_needed', {}, 'moves');
      if (dto.uptoPly !== undefined) throw new DomainError('dispute.upto_ply_record_only', {}, 'uptoPly');
      fen = dto.fen ?? INITIAL_FEN;
      moves = dto.moves;
    }
    const rules = ctx.pairing.round.event.repetitionRules === 'cxa' ? 'cxa' : 'axf';
    const report = disputeReport({
      fen,
      moves,
      rules,
      cyclesAfterInstruction: dto.cyclesAfterInstruction,
      aimlessClaim: dto.aimlessClaim,
      lenient: dto.lenient,
    });
    if (!report.ok) {
      const e = report.error;
      const field = e.code === 'bad_fen' ? 'fen' : 'moves';
      const at = e.ply !== undefined && field === 'moves' ? `moves[${e.ply - 1}]` : field;
      throw new DomainError(`dispute.${e.code}`, { field: at, detail: e.message, ply: e.ply ?? '' }, at);
    }
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.dispute.create({
        data: {
          gameId,
          openedById: user.id,
          startFen: report.value.startFen,
          moves: report.value.moves,
          ruleSet: rules === 'cxa' ? 'cxa' : 'axf_2017',
          report: report.value as object,
        },
      });
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: ctx.pairing.round.event.tournamentId,
        entity: 'dispute',
        entityId: row.id,
        action: 'create',
        after: { ...row, report: { verdict: report.value.verdict, articles: report.value.articles } },
        reason: `待判局面 (三章6G), ${gameLabel(ctx)}: ${report.value.verdictText.en}`,
      });
      return this.view(row);
    });
  }

  async get(disputeId: string) {
    const row = await this.prisma.dispute.findUnique({ where: { id: disputeId } });
    if (!row) throw notFound('dispute');
    return this.view(row);
  }

  async listForGame(gameId: string) {
    const rows = await this.prisma.dispute.findMany({ where: { gameId }, orderBy: { createdAt: 'asc' } });
    return rows.map((r) => this.view(r));
  }

  async listForEvent(eventId: string) {
    const rows = await this.prisma.dispute.findMany({
      where: { game: { pairing: { round: { eventId } } } },
      include: { game: { select: { board: true, pairing: { select: { table: true, round: { select: { number: true } } } } } } },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map((r) => ({
      id: r.id,
      gameId: r.gameId,
      round: r.game.pairing.round.number,
      table: r.game.pairing.table,
      board: r.game.board,
      state: r.state,
      verdict: disputeReportOf(r).verdict,
      ruling: r.ruling,
      rulingResult: r.rulingResult,
      createdAt: r.createdAt,
    }));
  }

  async diagram(disputeId: string, index: number): Promise<string> {
    const row = await this.prisma.dispute.findUnique({ where: { id: disputeId } });
    if (!row) throw notFound('dispute');
    const d = disputeReportOf(row).diagrams[index];
    if (!d) throw notFound(`diagram ${index}`);
    return d.svg;
  }

  /** The arbiter's ruling, recorded with the report; it becomes the game's result (results path, audit). */
  async rule(user: AuthUser, disputeId: string, dto: RuleDisputeDto) {
    const row = await this.prisma.dispute.findUnique({ where: { id: disputeId } });
    if (!row) throw notFound('dispute');
    if (row.version !== dto.version) staleOrMissing('dispute', row);
    if (row.state !== 'open') throw new DomainError('dispute.ruled');
    const report = disputeReportOf(row);
    const result = dto.result ?? FROM_VERDICT[report.verdict];
    if (!result) throw new DomainError('dispute.name_result', {}, 'result');
    const game = await this.prisma.game.findUniqueOrThrow({ where: { id: row.gameId } });
    if (game.result !== result) {
      await this.results.enterResult({
        user,
        gameId: row.gameId,
        dto: { result, version: game.version, reason: `[dispute] 三章6G: ${dto.ruling}${dto.reason ? ` (${dto.reason})` : ''}` },
      });
    }
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.dispute.updateMany({
        where: { id: disputeId, version: dto.version, state: 'open' },
        data: { state: 'ruled', ruling: dto.ruling, rulingResult: result, ruledById: user.id, ruledAt: new Date(), version: { increment: 1 } },
      });
      if (count === 0) staleOrMissing('dispute', await tx.dispute.findUnique({ where: { id: disputeId } }));
      const after = await tx.dispute.findUniqueOrThrow({ where: { id: disputeId } });
      const ctx = await gameContext(tx, row.gameId);
      await this.audit.record(tx, {
        userId: user.id,
        tournamentId: ctx.pairing.round.event.tournamentId,
        entity: 'dispute',
        entityId: disputeId,
        action: 'update',
        before: { state: row.state, version: row.version },
        after: { state: after.state, ruling: after.ruling, rulingResult: after.rulingResult, version: after.version },
        reason: dto.ruling,
      });
      return this.view(after);
    });
  }

  view(row: Dispute) {
    return {
      id: row.id,
      gameId: row.gameId,
      state: row.state,
      ruleSet: row.ruleSet,
      startFen: row.startFen,
      moves: row.moves,
      report: disputeReportOf(row),
      ruling: row.ruling,
      rulingResult: row.rulingResult,
      ruledById: row.ruledById,
      ruledAt: row.ruledAt,
      openedById: row.openedById,
      version: row.version,
      createdAt: row.createdAt,
    };
  }
}

/** The adjudicator's report stored on the dispute (Dispute.report, written by `disputeReport` of libs/xiangqi). */
export function disputeReportOf(dispute: { report: Prisma.JsonValue }): DisputeReport {
  return storedJson<DisputeReport>(dispute.report);
}
