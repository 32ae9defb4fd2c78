import { ForbiddenException, HttpException, Injectable } from '@nestjs/common';
import { adjournmentNoShowResult, applySanctions, ADJOURNMENT_GRACE_MINUTES, overrideArticle } from '@chuhe/standings';
import type { GameResult, PenaltyReason } from '@chuhe/tournament';
import type { AuthUser } from '../auth/auth.decorators';
import { eventFile } from '../play/event-file';
import { PrismaService } from '../prisma/prisma.service';
import { ResultsService } from '../results/results.service';
import { EntriesService } from '../entries/entries.service';
import { loadEventPlay } from '../play/event-loader';
import { gameContext } from './game-context';
import { fileSanctions } from './sanction-file';

export interface Consequence {
  /** The result the confirmed sanctions give the game, or null when they give none. */
  result: GameResult | null;
  penaltyReason: PenaltyReason | null;
  article: string | null;
  /** Whether the stored game was changed now. */
  applied: boolean;
  message?: string;
  /** Entries withdrawn now: removed by the ladder (二章8节11) or disqualified for collusion (二章8节3). */
  withdrawn?: { entryId: string; afterRound: number; reason: string; applied: boolean; message?: string }[];
}

/**
 * Applies the confirmed sanctions' consequence for a game's result to the stored Game, through
 * the results path (PUT /api/games/:id/result's service: version, audit row with the article as
 * reason, round completion, knockout follow-ups). libs/standings applySanctions decides, on the
 * event's whole file (the misconduct ladder counts over the event), so the stored result and the
 * standings (which apply the same sanctions from the file's extras) agree.
 *
 * 三章6K 逾时十五分钟不到作弃权论: a player more than 15 minutes late for the resumption of an
 * adjourned game forfeits — stored as a forfeit (red_win_forfeit / black_win_forfeit), not a loss by
 * penalty: 作弃权论 means "treated as 弃权", and a forfeit is what 弃权 is everywhere else in the
 * rules (二章7节1). libs/standings then leaves the forfeit as it is (it overrides played games only).
 *
 * A revoked sanction that had changed the result: the result from before that change is restored
 * (found in the game's audit row whose reason names the sanction path).
 */
@Injectable()
export class ResultConsequence {
  constructor(
    private readonly prisma: PrismaService,
    private readonly results: ResultsService,
    private readonly entries: EntriesService,
  ) {}

  /**
   * 二章8节11 停止该棋手继续比赛 and 二章8节3 取消其比赛权利: the entry leaves the event after the
   * round (the withdrawal path: not paired again, later games forfeited, standings per 二章7节3–4;
   * the file's sanctions carry the disqualification for libs/standings). Individual events only: in
   * a team event a removed member is a player, not an entry (the captain's lineups leave them out).
   */
  private async withdrawEntries(user: AuthUser, list: { entryId: string; afterRound: number; reason: string }[]) {
    const out: NonNullable<Consequence['withdrawn']> = [];
    for (const w of list) {
      const entry = await this.prisma.entry.findUnique({ where: { id: w.entryId }, select: { version: true, status: true } });
      if (!entry || entry.status === 'withdrawn') continue;
      try {
        await this.entries.withdraw({ user, id: w.entryId, version: entry.version, afterRound: w.afterRound, reason: w.reason });
        out.push({ ...w, applied: true });
      } catch (e) {
        const body = e instanceof HttpException ? (e.getResponse() as { message?: string }) : { message: String(e) };
        out.push({ ...w, applied: false, message: body.message });
      }
    }
    return out;
  }

  async apply(user: AuthUser, gameId: string): Promise<Consequence> {
    const ctx = await gameContext(this.prisma, gameId);
    const round = ctx.pairing.round;
    const eventId = round.event.id;
    const individual = round.event.kind === 'individual';
    let target: { result: GameResult; penaltyReason: PenaltyReason | null; article: string } | null = null;
    const leaving: { entryId: string; afterRound: number; reason: string }[] = [];

    const noShow = await this.prisma.sanction.findFirst({
      where: {
        gameId,
        kind: 'adjournment_no_show',
        state: 'confirmed',
        revokesId: null,
        OR: [{ minutesLate: null }, { minutesLate: { gt: ADJOURNMENT_GRACE_MINUTES } }],
      },
      orderBy: { createdAt: 'asc' },
    });
    if (noShow) {
      // 三章6K (libs/standings sanction-consequences.ts): the absent side forfeits.
      const forfeit = adjournmentNoShowResult(noShow.playerId === ctx.redPlayerId ? 'red' : 'black', noShow.minutesLate);
      if (forfeit) target = { ...forfeit, penaltyReason: null };
    } else if (round.state !== 'draft') {
      const event = await loadEventPlay(this.prisma, eventId);
      if (event) {
        const file = eventFile(event);
        const effects = applySanctions(file.rounds, await fileSanctions(this.prisma, eventId));
        if (!effects.ok) return { result: null, penaltyReason: null, article: null, applied: false, message: effects.error.message };
        const red = individual ? ctx.pairing.redEntryId : ctx.redPlayerId;
        const black = individual ? ctx.pairing.blackEntryId : ctx.blackPlayerId;
        const fileRound = file.rounds.find((r) => r.round === round.number);
        const fileGame = fileRound?.pairings
          .flatMap((p) => p.games)
          .find((g) => g.board === ctx.board && (g.leg ?? 1) === ctx.leg && ((g.red === red && g.black === black) || (g.red === black && g.black === red))); // 二章5节4: the board's own game
        const override = fileGame ? effects.value.overrides.get(fileGame) : undefined;
        if (individual) {
          for (const r of effects.value.removals)
            if (r.afterRound === round.number)
              leaving.push({ entryId: r.player, afterRound: r.afterRound, reason: '二章8节11: third offence — removed from the event (停止该棋手继续比赛)' });
        }
        for (const d of effects.value.disqualifications)
          if (d.afterRound === round.number)
            leaving.push({ entryId: d.entry, afterRound: d.afterRound, reason: '二章8节3: collusion — right to compete cancelled (取消其比赛权利)' });
        if (override) {
          target = {
            result: override.result,
            penaltyReason: override.penaltyReason ?? null,
            article: overrideArticle(override),
          };
        }
      }
    }

    if (target) {
      const done: Consequence =
        ctx.result === target.result && (ctx.penaltyReason ?? null) === target.penaltyReason
          ? { ...target, applied: false }
          : await this.enter(user, gameId, ctx.version, target.result, target.penaltyReason, `[sanction] ${target.article}`, target.article);
      if (leaving.length) done.withdrawn = await this.withdrawEntries(user, leaving);
      return done;
    }
    // No consequence now: undo one the sanction path gave, if the game still has it.
    const last = await this.prisma.auditLog.findFirst({ where: { entity: 'game', entityId: gameId }, orderBy: [{ at: 'desc' }, { id: 'desc' }] });
    const after = last?.after as { result?: GameResult | null } | null;
    const before = last?.before as { result?: GameResult | null; penaltyReason?: PenaltyReason | null } | null;
    if (last?.reason?.startsWith('[sanction]') && after?.result === ctx.result) {
      if (!before?.result)
        return {
          result: null,
          penaltyReason: null,
          article: null,
          applied: false,
          message: 'the sanction that decided this game was revoked; the game had no result before it: enter the result',
        };
      return this.enter(
        user,
        gameId,
        ctx.version,
        before.result,
        before.penaltyReason ?? null,
        '[sanction revoked] the result from before the sanction is restored',
        null,
      );
    }
    return { result: null, penaltyReason: null, article: null, applied: false };
  }

  private async enter(
    user: AuthUser,
    gameId: string,
    version: number,
    result: GameResult,
    penaltyReason: PenaltyReason | null,
    reason: string,
    article: string | null,
  ): Promise<Consequence> {
    const dto = { result, version, reason, ...(penaltyReason ? { penaltyReason } : {}) };
    try {
      await this.results.enterResult({ user, gameId, dto });
      return { result, penaltyReason, article, applied: true };
    } catch (e) {
      if (e instanceof ForbiddenException || e instanceof HttpException) {
        const body = e.getResponse() as { message?: string };
        return { result, penaltyReason, article, applied: false, message: `the result was not changed: ${body.message ?? e.message}` };
      }
      throw e;
    }
  }
}
