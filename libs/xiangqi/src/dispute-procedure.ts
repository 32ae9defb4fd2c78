/**
 * The arbiter's procedure for a disputed position (待判局面, 三章6G) on top of the 棋例 verdict
 * (repetition/adjudicate): when a repetition becomes 待判, what the arbiter tells the players, and
 * what one more cycle brings. Pure: the adjudication in, the state out.
 *
 *   三章6G: 在对局中出现双方着法循环反复已达三次或以上 … 称为待判局面。
 *   - 一方长将时，如再走一循环应立即判负
 *   - 双方均为允许着法或禁止着法 … 裁判应指示如再循环一次即判为和局
 *   - 一方为禁止着法，另一方为允许着法，犯禁方必须变着，若再重复循环一次即判负
 *   - 一方在三个或三个以上交叉点以无积极意义的允许着法或禁止着法交替达 9 个回合时，经一方提出，按"待判局面"处理
 *
 * Reading: "循环反复已达三次" counts completed cycles of the final position: its `occurrences`
 * − 1 (a position seen 3 times closes 2 cycles). The arbiter may also be called earlier (the
 * engine's verdict is given from the first repetition); `pending` says whether 三章6G's three
 * cycles are reached. A verdict becomes the game's result once one more cycle is played after
 * the arbiter's instruction (`cyclesAfterInstruction` ≥ 1).
 */
import type { Adjudication, Verdict } from './repetition/types';
import type { Side } from './types';

/** 三章6G: three cycles make a 待判局面. */
export const DISPUTE_CYCLES = 3;
/** 三章6G: 9 rounds of aimless moves over three or more points, on a claim. */
export const AIMLESS_ROUNDS = 9;

export type ProcedureInstruction =
  /** No cycle in the record: nothing to rule. */
  | 'no_repetition'
  /** 长将: one more cycle and the checking side loses at once. */
  | 'perpetual_check_loses'
  /** Both allowed or both forbidden: one more cycle and the game is drawn (不变作和). */
  | 'draw_after_one_more_cycle'
  /** One forbidden, one allowed: the offender must change; one more cycle and it loses. */
  | 'offender_must_change';

export interface DisputeProcedure {
  /** Completed cycles of the final position (occurrences − 1). */
  cycles: number;
  /** 三章6G reached: three cycles (or a claim under the 9-round rule). */
  pending: boolean;
  instruction: ProcedureInstruction;
  /** The side that must change (or loses), if any. */
  offender: Side | null;
  /** What one more cycle gives. */
  onRepeat: Verdict;
  /** The result now: the verdict once a cycle was played after the instruction, else 'none'. */
  result: Verdict;
  articles: string[];
  zh: string;
  en: string;
}

export interface ProcedureOptions {
  /** Cycles played after the arbiter gave the instruction (default 0). */
  cyclesAfterInstruction?: number;
  /** A player claimed under the 9-round rule and `aimlessRounds` supports it. */
  aimlessClaim?: boolean;
}

const SIDE_ZH: Record<Side, string> = { red: '红方', black: '黑方' };

export function disputeProcedure(a: Pick<Adjudication, 'result' | 'cycle' | 'sides'>, options: ProcedureOptions = {}): DisputeProcedure {
  const cycles = a.cycle ? Math.max(0, a.cycle.occurrences - 1) : 0;
  const after = options.cyclesAfterInstruction ?? 0;
  const aimless = options.aimlessClaim === true;
  const pending = cycles >= DISPUTE_CYCLES || aimless;
  const articles = ['三章6G'];
  if (aimless) articles.push('三章6G (9 个回合)');
  if (!a.cycle || a.result === 'none') {
    return {
      cycles,
      pending: aimless,
      instruction: 'no_repetition',
      offender: null,
      onRepeat: 'none',
      result: 'none',
      articles,
      zh: aimless ? '经一方提出，按待判局面处理；着法未形成循环，继续对局。' : '局面未形成循环，无待判局面。',
      en: aimless
        ? 'Treated as a disputed position on a claim; the moves do not form a cycle: play on.'
        : 'The position has not repeated: no disputed position.',
    };
  }
  const red = a.sides.red;
  const result = after >= 1 ? a.result : 'none';
  if (a.result === 'draw') {
    return {
      cycles,
      pending,
      instruction: 'draw_after_one_more_cycle',
      offender: null,
      onRepeat: 'draw',
      result,
      articles,
      zh: `双方均为${red.violation ? '禁止' : '允许'}着法，不变作和：裁判指示如再循环一次即判为和局。`,
      en: `Both sides' moves are ${red.violation ? 'forbidden' : 'allowed'}: one more cycle and the game is drawn.`,
    };
  }
  const offender: Side = a.result === 'red_loses' ? 'red' : 'black';
  const perpetualCheck = a.sides[offender].pattern === 'perpetualCheck';
  if (perpetualCheck) {
    return {
      cycles,
      pending,
      instruction: 'perpetual_check_loses',
      offender,
      onRepeat: a.result,
      result,
      articles,
      zh: `${SIDE_ZH[offender]}长将，如再走一循环应立即判负。`,
      en: `${offender === 'red' ? 'Red' : 'Black'} checks perpetually: one more cycle loses at once.`,
    };
  }
  return {
    cycles,
    pending,
    instruction: 'offender_must_change',
    offender,
    onRepeat: a.result,
    result,
    articles,
    zh: `${SIDE_ZH[offender]}为禁止着法，另一方为允许着法：犯禁方必须变着，若再重复循环一次即判负。`,
    en: `${offender === 'red' ? 'Red' : 'Black'} plays forbidden moves against allowed ones: it must change; one more cycle loses.`,
  };
}

export interface AimlessRun {
  /** Consecutive moves of the side, counted back from its last, without a capture — by any of its pieces. */
  rounds: number;
  /** Distinct points (intersections) the side's moves used during the run. */
  points: number;
  /** 9 rounds over three or more points: a claim is treated as 待判 (三章6G). */
  claimable: boolean;
}

/**
 * The 9-round rule's facts from a game's moves (ICCS squares, captures marked). 三章6G 一方在三个
 * 或三个以上交叉点以无积极意义的允许着法或禁止着法交替达 9 个回合: the side's moves alternate over
 * three or more points — the rule names the side and the points, not one piece, so the run counts
 * the side's trailing non-capturing moves by every piece (a horse and a cannon shuffling in turn
 * count together; issue 22: only one piece's run was counted), and the points they used. Whether
 * the moves had "no positive meaning" is the arbiter's judgement; the engine's move kinds in the
 * report help.
 */
export function aimlessRounds(moves: readonly { from: string; to: string; capture: boolean }[], side: Side, firstMoveSide: Side = 'red'): AimlessRun {
  const own: { from: string; to: string; capture: boolean }[] = [];
  for (let i = 0; i < moves.length; i++) {
    const mover: Side = (i % 2 === 0) === (firstMoveSide === 'red') ? 'red' : 'black';
    if (mover === side) own.push(moves[i]);
  }
  let rounds = 0;
  const points = new Set<string>();
  for (let i = own.length - 1; i >= 0; i--) {
    const m = own[i];
    if (m.capture) break;
    rounds++;
    points.add(m.to);
    points.add(m.from);
  }
  return { rounds, points: points.size, claimable: rounds >= AIMLESS_ROUNDS && points.size >= 3 };
}
