import { Game, Pairing, Round, Side } from '../../tournament/src';
import { GameOverride } from './sanctions';
import { isPlayedResult } from './scoring';

/**
 * Withdrawals (退出比赛, 二章7节). An entry leaves after a round, by its own request, by removal
 * under the warning ladder (二章8节11) or by disqualification for collusion (二章8节3); the last
 * two are treated like a withdrawal after that round (Chuhe's reading, see README).
 *
 * - Before round 1 (afterRound 0): the entry is removed; a new draw is needed (二章7节2). It must
 *   not appear in any pairing (the caller reports an error if it does).
 * - Round-robin (二章7节3): fewer than half of the scheduled games played over the board → every
 *   result of the entry is annulled, including the points its opponents scored against it; half
 *   or more → its results stand and every remaining game is a forfeit win for the opponent.
 * - Swiss (二章7节4): results stand; remaining games (if any were paired) are forfeit wins for
 *   the opponent, and the entry is not paired again.
 */

export const FORMATS = ['round-robin', 'swiss'] as const;
export type Format = (typeof FORMATS)[number];

export const WITHDRAWAL_REASONS = ['withdrawal', 'removal', 'disqualification'] as const;
export type WithdrawalReason = (typeof WITHDRAWAL_REASONS)[number];

export interface Withdrawal {
  afterRound: number;
  reason: WithdrawalReason;
}

export interface WithdrawalStatus extends Withdrawal {
  entry: string;
  /** Round-robin: pairings played over the board up to the withdrawal, and the number scheduled. */
  played?: number;
  scheduled?: number;
  /** Round-robin, fewer than half played: all results annulled (二章7节3). */
  annulled: boolean;
}

export interface WithdrawalEffects {
  /** Pairings after a withdrawal: the winner of the forfeit, or 'double' when both had left. */
  forfeits: Map<Pairing, Side | 'double'>;
  /** Entries whose results are all annulled (二章7节3, first sentence). */
  annulled: Set<string>;
  statuses: WithdrawalStatus[];
}

function effectiveResult(game: Game, overrides: ReadonlyMap<Game, GameOverride>) {
  return overrides.get(game)?.result ?? game.result;
}

/** A pairing counts as "已赛" when at least one of its games was played over the board. */
export function pairingPlayedOverBoard(pairing: Pairing, overrides: ReadonlyMap<Game, GameOverride>): boolean {
  return pairing.games.some((g) => {
    const r = effectiveResult(g, overrides);
    return r !== null && isPlayedResult(r);
  });
}

export function applyWithdrawals(args: {
  format: Format;
  rounds: readonly Round[];
  /** Entry id → withdrawal; entries withdrawn before round 1 are not in `activeEntries`. */
  withdrawals: ReadonlyMap<string, Withdrawal>;
  /** Number of entries in the event (those withdrawn before round 1 excluded). */
  activeEntries: number;
  /** Round-robin cycles (1 = single round-robin, 2 = double). */
  cycles: number;
  overrides: ReadonlyMap<Game, GameOverride>;
}): WithdrawalEffects {
  const { format, rounds, withdrawals, overrides } = args;
  const effects: WithdrawalEffects = { forfeits: new Map(), annulled: new Set(), statuses: [] };
  const played = new Map<string, number>();
  for (const round of rounds) {
    for (const p of round.pairings) {
      const wr = withdrawals.get(p.red);
      const wb = withdrawals.get(p.black);
      if (!wr && !wb) continue;
      const redGone = wr !== undefined && round.round > wr.afterRound;
      const blackGone = wb !== undefined && round.round > wb.afterRound;
      if (redGone || blackGone) {
        // 二章7节3–4: 其余未赛的对局均作弃权论，对方获胜。
        effects.forfeits.set(p, redGone && blackGone ? 'double' : redGone ? 'black' : 'red');
        continue;
      }
      if (pairingPlayedOverBoard(p, overrides)) {
        if (wr) played.set(p.red, (played.get(p.red) ?? 0) + 1);
        if (wb) played.set(p.black, (played.get(p.black) ?? 0) + 1);
      }
    }
  }
  const scheduled = (args.activeEntries - 1) * args.cycles;
  const ids = [...withdrawals.keys()].sort();
  for (const entry of ids) {
    const w = withdrawals.get(entry)!;
    if (w.afterRound <= 0) {
      effects.statuses.push({ entry, ...w, annulled: false });
      continue;
    }
    if (format === 'round-robin') {
      const n = played.get(entry) ?? 0;
      // 二章7节3: 已赛对手不足半数者，则所有已赛结果一概注销（包括其对手所得的分数）
      const annulled = 2 * n < scheduled;
      if (annulled) effects.annulled.add(entry);
      effects.statuses.push({ entry, ...w, played: n, scheduled, annulled });
    } else {
      effects.statuses.push({ entry, ...w, annulled: false }); // 二章7节4: 已赛结果均有效
    }
  }
  return effects;
}
