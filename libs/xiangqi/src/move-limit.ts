/**
 * The natural move limit (自然限着, 二章4节; 四章2节2D).
 *
 * 二章4节: 由第一着开始，凡双方共走 100 步仍未有吃子记录者，不论局势如何均作为和局。…
 * 在限着内提和方“将军”最多只计十着，超过则为无效步，要扣除。
 *
 * Reading used here (documented choice): the window is every ply after the last capture (or
 * from the first move) up to and including the ply at which the claim is made. The claimant's
 * checks in the window count up to 10; each check beyond the 10th is a 无效步 and is taken off
 * the count. The opponent's checks always count. The claim is valid when the counted plies
 * reach 100. A claim that points past the end of the record cannot be verified (the record does
 * not reach the claimed position) and is answered as "not reached", as the rule says.
 */
import { Game } from './record';
import { Side } from './types';

export const MOVE_LIMIT_PLIES = 100;
export const MAX_COUNTED_CHECKS = 10;

export interface MoveLimitClaim {
  /** The claim is made after this many plies of the record have been played (0…plies.length). */
  afterPly: number;
  claimant: Side;
}

export interface MoveLimitAnswer {
  valid: boolean;
  /** Plies played since the last capture (or since the start), up to the claim. */
  pliesWithoutCapture: number;
  /** The ply of the last capture before the claim (0 if none). */
  lastCapturePly: number;
  /** Checks given by the claimant in the window. */
  claimantChecks: number;
  /** Of those, the ones beyond 10: 无效步, not counted. */
  voidChecks: number;
  /** pliesWithoutCapture − voidChecks. */
  countedPlies: number;
  /** A sentence for the arbiter. */
  reason: string;
}

export function checkMoveLimitClaim(game: Game, claim: MoveLimitClaim): MoveLimitAnswer {
  const { afterPly, claimant } = claim;
  if (!Number.isInteger(afterPly) || afterPly < 0 || afterPly > game.plies.length) {
    return {
      valid: false,
      pliesWithoutCapture: 0,
      lastCapturePly: 0,
      claimantChecks: 0,
      voidChecks: 0,
      countedPlies: 0,
      reason: `the record has ${game.plies.length} plies and does not reach ply ${afterPly}: treated as not reaching 100 (二章4节)`,
    };
  }
  let lastCapturePly = 0;
  for (let i = afterPly; i >= 1; i--) {
    if (game.plies[i - 1].captured) {
      lastCapturePly = i;
      break;
    }
  }
  let claimantChecks = 0;
  for (let i = lastCapturePly + 1; i <= afterPly; i++) {
    const p = game.plies[i - 1];
    if (p.check && p.side === claimant) claimantChecks++;
  }
  const pliesWithoutCapture = afterPly - lastCapturePly;
  const voidChecks = Math.max(0, claimantChecks - MAX_COUNTED_CHECKS);
  const countedPlies = pliesWithoutCapture - voidChecks;
  const valid = countedPlies >= MOVE_LIMIT_PLIES;
  const since = lastCapturePly === 0 ? 'since the first move' : `since the capture at ply ${lastCapturePly}`;
  const checks =
    voidChecks > 0
      ? `; ${claimant} gave ${claimantChecks} checks, ${voidChecks} beyond 10 are 无效步 and not counted`
      : claimantChecks > 0
        ? `; ${claimant} gave ${claimantChecks} checks, all counted (at most 10 count)`
        : '';
  const reason = valid
    ? `${pliesWithoutCapture} plies without a capture ${since}${checks}: ${countedPlies} counted ≥ 100 — the draw claim is valid (二章4节)`
    : `${pliesWithoutCapture} plies without a capture ${since}${checks}: ${countedPlies} counted < 100 — the claim is false: technical foul and 5 minutes off the claimant's clock (二章4节)`;
  return { valid, pliesWithoutCapture, lastCapturePly, claimantChecks, voidChecks, countedPlies, reason };
}
