/**
 * The sanction consequence tables (二章8节, 二章9节, 一章3节, 三章6K/6M): the article each sanction
 * rests on, who confirms it, and what a confirmed sanction does to its game's result when it is
 * not the event-wide count of sanctions.ts (applySanctions) that decides. Stated here, not in the
 * server, so the server, the CLI and the standings read one table. Pure.
 */
import type { GameResult, PenaltyReason, Side } from '@chuhe/tournament';
import { ADJOURNMENT_GRACE_MINUTES, type GameOverride, type SanctionKind } from './sanctions';

/** The article each sanction kind rests on (shown with the sanction and in the result's audit reason). */
export const SANCTION_ARTICLES: Record<SanctionKind, string> = {
  technical_foul: '二章9节 / 一章3节6',
  violation: '二章8节5、9 / 一章3节7',
  unrecorded_moves: '二章3节6',
  device: '二章8节10',
  self_exposure: '一章3节5',
  misconduct: '二章8节11',
  collusion: '二章8节3',
  false_move_limit_claim: '二章4节 / 三章6J',
  knocked_over_pieces: '二章8节13',
  time_deduction: '三章6J',
  adjournment_no_show: '三章6K',
};

/**
 * Technical fouls by what happened (二章9节1–6, 一章3节2 touch-move, 一章3节4 illegal or displaced
 * move, 一章2节10D not answering a check): `detail` codes with their article. Free text is allowed
 * beside them.
 */
export const TECHNICAL_FOUL_DETAILS: Record<string, string> = {
  leaving_seat: '二章9节1',
  consulting: '二章9节1',
  analysing: '二章9节1',
  distracting: '二章9节2',
  reading: '二章9节3',
  stopping_clock: '二章9节4',
  repeated_draw_offer: '二章9节5',
  false_move_limit_claim: '二章9节5',
  touching_unmovable: '二章9节6 / 一章3节2',
  touch_move: '一章3节2',
  extra_move: '一章3节4A',
  illegal_move: '一章3节4A',
  displaced_piece: '一章3节4A',
  check_not_answered: '一章2节10D',
  knocked_over_after_clock: '二章8节13',
};

/**
 * Kinds the arbiter proposes and the chief arbiter confirms (三章6M: 对违反纪律之棋手可向裁判长
 * 建议给予适当处分): the misconduct ladder and collusion, and anything that disqualifies. Fouls at
 * the board (三章6F: 要依规则裁决) take effect when the arbiter records them.
 */
export const CHIEF_CONFIRMS: readonly SanctionKind[] = ['misconduct', 'collusion'];

/** The article behind each penalty result a sanction gives (the result's audit reason). */
export const PENALTY_ARTICLES: Record<Exclude<PenaltyReason, 'other'>, string> = {
  technical_fouls: '一章3节6: 技术犯规两次判负',
  violations: '一章3节7: 违例四次判负',
  unrecorded_moves: '二章3节6: 漏记 16 着判负',
  device: '二章8节10: 携带电子通讯器材判负',
  self_exposure: '一章3节5: 自杀着法判负',
  warning_ladder: '二章8节11: 第三次违规判负',
  false_move_limit_claim_timeout: '二章4节: 扣除剩余时间五分钟，如因此超时则判负',
  adjournment_no_show: '三章6K: 逾时十五分钟不到作弃权论',
};

/** 二章8节3: 认分或蓄意媾和 — the game's result and points are cancelled. */
export const COLLUSION_ARTICLE = '二章8节3: 认分或蓄意媾和，取消比赛权利及积分';

/** The article shown with a recorded sanction: a technical foul's own detail article when it names one. */
export function sanctionArticle(kind: string, detail?: string | null): string | null {
  if (kind === 'technical_foul' && detail && TECHNICAL_FOUL_DETAILS[detail]) return TECHNICAL_FOUL_DETAILS[detail];
  return SANCTION_ARTICLES[kind as SanctionKind] ?? null;
}

/** Whether the chief arbiter must confirm a sanction of this kind before it takes effect (三章6M). */
export function needsChiefConfirmation(kind: SanctionKind): boolean {
  return CHIEF_CONFIRMS.includes(kind);
}

/** The article of a result a sanction override gives (applySanctions' GameOverride). */
export function overrideArticle(override: GameOverride): string {
  if (override.result === 'annulled') return COLLUSION_ARTICLE;
  const reason = override.penaltyReason;
  return reason && reason !== 'other' ? PENALTY_ARTICLES[reason] : 'sanctions';
}

/**
 * 三章6K 逾时十五分钟不到作弃权论: a player more than 15 minutes late for the resumption of an
 * adjourned game (or who did not come: `minutesLate` null) forfeits. Stored as a forfeit, not a loss
 * by penalty: 作弃权论 means "treated as 弃权", and a forfeit is what 弃权 is everywhere else in the
 * rules (二章7节1). Null: within the grace, no consequence.
 */
export function adjournmentNoShowResult(absent: Side, minutesLate: number | null | undefined): { result: GameResult; article: string } | null {
  if (minutesLate !== null && minutesLate !== undefined && minutesLate <= ADJOURNMENT_GRACE_MINUTES) return null;
  return { result: absent === 'red' ? 'black_win_forfeit' : 'red_win_forfeit', article: PENALTY_ARTICLES.adjournment_no_show };
}
