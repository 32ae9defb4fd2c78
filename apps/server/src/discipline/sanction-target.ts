import { adjournmentNoShowResult, applySanctions, ADJOURNMENT_GRACE_MINUTES, overrideArticle } from '@chuhe/standings';
import type { GameResult, PenaltyReason } from '@chuhe/tournament';
import { DomainError } from '../common/errors';
import { translate } from '../i18n/i18n';
import type { MessageKey } from '../i18n/i18n';
import { eventFile } from '../play/event-file';
import { loadEventPlay } from '../play/event-loader';
import type { Tx } from '../prisma/prisma.service';
import { gameContext, type GameContext } from './game-context';
import { fileSanctions } from '../play/sanction-file';

/** The result the confirmed sanctions give a game (libs/standings decides), with its article. */
export interface SanctionTarget {
  result: GameResult;
  penaltyReason: PenaltyReason | null;
  article: string;
}

/** An entry the sanctions take out of the event after the game's round (二章8节11, 二章8节3). */
export interface Leaving {
  entryId: string;
  afterRound: number;
  reason: string;
}

/**
 * What the confirmed sanctions do to a game, computed and not applied: its result (三章6K's
 * forfeit, or libs/standings applySanctions' override on the event's whole file) and the entries
 * that leave. The consequence writer applies it; result entry refuses another played result while
 * it stands (issue 30 defect 1: a penalty that could not be applied at once stayed pending, and a
 * draw typed later silently replaced it).
 */
export async function sanctionConsequence(db: Tx, gameId: string, known?: GameContext): Promise<{ target: SanctionTarget | null; leaving: Leaving[] }> {
  const ctx = known ?? (await gameContext(db, gameId));
  const round = ctx.pairing.round;
  const individual = round.event.kind === 'individual';
  const leaving: Leaving[] = [];
  const noShow = await db.sanction.findFirst({
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
    return { target: forfeit ? { ...forfeit, penaltyReason: null } : null, leaving };
  }
  if (round.state === 'draft') return { target: null, leaving };
  const event = await loadEventPlay(db, round.event.id);
  if (!event) return { target: null, leaving };
  const file = eventFile(event);
  const effects = applySanctions(file.rounds, await fileSanctions(db, round.event.id));
  if (!effects.ok) throw new Error(effects.error.message);
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
  const target = override ? { result: override.result, penaltyReason: override.penaltyReason ?? null, article: overrideArticle(override) } : null;
  return { target, leaving };
}

export async function sanctionTarget(db: Tx, gameId: string): Promise<SanctionTarget | null> {
  return (await sanctionConsequence(db, gameId)).target;
}

/** 409: the confirmed sanctions decide this game — the result they give, in both languages. */
export function sanctionDecides(target: SanctionTarget): DomainError {
  const key = `result.${target.result}` as MessageKey;
  return new DomainError(
    'result.sanction_decides',
    { articleZh: target.article, articleEn: target.article, resultZh: translate(key, 'zh'), resultEn: translate(key, 'en') },
    'result',
    { sanctionResult: target.result, penaltyReason: target.penaltyReason },
  );
}
