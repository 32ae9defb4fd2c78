import { HttpException, Injectable } from '@nestjs/common';
import type { GameResult, PenaltyReason } from '@chuhe/tournament';
import type { AuthUser } from '../auth/auth.decorators';
import { DomainError, type ErrorCode, type ErrorParams } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { ResultsService } from '../results/results.service';
import { EntriesService } from '../entries/entries.service';
import { gameContext } from './game-context';
import { sanctionConsequence } from './sanction-target';

export interface Consequence {
  /** The result the confirmed sanctions give the game, or null when they give none. */
  result: GameResult | null;
  penaltyReason: PenaltyReason | null;
  article: string | null;
  /** Whether the stored game was changed now. */
  applied: boolean;
  /** Not applied because the result path refused it now: it waits, and result entry keeps to it. */
  pending?: boolean;
  /** The refusal's stable code and values (the page shows its words in the page's language). */
  code?: ErrorCode;
  params?: ErrorParams;
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
      // N2 (issue 30): found after a later round, the entry leaves from the next round on — after
      // the last round it played (or had the bye in), never left paired against honest players.
      let afterRound = w.afterRound;
      for (;;) {
        try {
          await this.entries.withdraw({ user, id: w.entryId, version: entry.version, afterRound, reason: w.reason });
          out.push({ ...w, afterRound, applied: true });
        } catch (e) {
          const later = e instanceof DomainError && (e.code === 'withdrawal.played' || e.code === 'withdrawal.had_bye') ? Number(e.params.round) : NaN;
          if (later > afterRound) {
            afterRound = later;
            continue;
          }
          const body = e instanceof HttpException ? (e.getResponse() as { message?: string }) : { message: e instanceof Error ? e.message : String(e) };
          out.push({ ...w, afterRound, applied: false, message: body.message });
        }
        break;
      }
    }
    return out;
  }

  /**
   * Applies what the confirmed sanctions give the game. `why` (sanctions/apply: the chief arbiter's
   * reason) joins the article in the audit row. A consequence the result path refuses now (lineups
   * not in, the next round paired) is `pending` with the refusal's code and words: result entry
   * then refuses any other played result until it is applied (sanction-target.ts).
   */
  async apply(user: AuthUser, gameId: string, why?: string): Promise<Consequence> {
    const ctx = await gameContext(this.prisma, gameId);
    let found: Awaited<ReturnType<typeof sanctionConsequence>>;
    try {
      found = await sanctionConsequence(this.prisma, gameId, ctx);
    } catch (e) {
      return { result: null, penaltyReason: null, article: null, applied: false, message: e instanceof Error ? e.message : String(e) };
    }
    const { target, leaving } = found;
    const because = (article: string) => `[sanction] ${article}${why ? ` — ${why}` : ''}`;

    if (target) {
      const done: Consequence =
        ctx.result === target.result && (ctx.penaltyReason ?? null) === target.penaltyReason
          ? { ...target, applied: false }
          : await this.enter(user, gameId, ctx.version, target.result, target.penaltyReason, because(target.article), target.article);
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
      // Not now (lineups not in, the next round paired and not the chief arbiter …): pending, with why.
      if (e instanceof DomainError)
        return {
          result,
          penaltyReason,
          article,
          applied: false,
          pending: true,
          code: e.code,
          params: e.params,
          message: `the result was not changed: ${e.message}`,
        };
      if (e instanceof HttpException) {
        const body = e.getResponse() as { message?: string };
        return { result, penaltyReason, article, applied: false, pending: true, message: `the result was not changed: ${body.message ?? e.message}` };
      }
      throw e;
    }
  }
}
