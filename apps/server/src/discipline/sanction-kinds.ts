import type { SanctionKind } from '@chuhe/standings';

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
