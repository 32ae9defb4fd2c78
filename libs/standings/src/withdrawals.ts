import { Game, Pairing, Round, Side, isPlayedResult } from '@chuhe/tournament';
import { GameOverride } from './sanctions';

/**
 * Withdrawals (退出比赛, 二章7节). An entry leaves after a round, by its own request, by removal
 * under the warning ladder (二章8节11) or by disqualification for collusion (二章8节3); the last
 * two are treated like a withdrawal after that round (Chuhe's reading, see README).
 *
 * - Before round 1 (afterRound 0): the entry is removed; a new draw is needed (二章7节2). It must
 *   not appear in any pairing (the caller reports an error if it does).
 * - Round-robin (二章7节3): "如果已赛对手不足半数者，则所有已赛结果一概注销（包括其对手所得的分数）。
 *   若已下过半数或以上的场数，则其成绩有效，其余未赛的对局均作弃权论，对方获胜。"
 *   The measure is OPPONENTS played (已赛对手), not games: the entry has met fewer than half of its
 *   opponents (the other active entries) over the board → every result of the entry is annulled,
 *   including the points its opponents scored against it; half or more → its results stand and
 *   every remaining game is a forfeit win for the opponent.
 *   In a single round-robin the two counts are equal. In a double round-robin (two cycles) they
 *   differ: an entry leaving after 6 rounds of 9 opponents has met 6 of 9 opponents (results stand)
 *   but played 6 of 18 games (would be annulled). Chuhe follows the first sentence, which names
 *   the measure (对手); the second sentence's "半数或以上的场数" is its complement (the two
 *   sentences must split the cases without a gap), so it is read with the same measure —
 *   half or more of the opponents met. With two-game pairings (附录6 用法1 "若比赛为两局") a
 *   pairing is one opponent and both readings agree.
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
  /**
   * Round-robin (二章7节3): distinct opponents met over the board up to the withdrawal (已赛对手),
   * and the entry's opponents in the event (active entries − 1). These decide `annulled`.
   */
  opponentsPlayed?: number;
  opponents?: number;
  /** Round-robin, for information: pairings played over the board, and pairings scheduled (opponents × cycles). */
  played?: number;
  scheduled?: number;
  /** Round-robin, fewer than half of the opponents met: all results annulled (二章7节3). */
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
  const met = new Map<string, Set<string>>();
  const meet = (entry: string, opponent: string) => {
    played.set(entry, (played.get(entry) ?? 0) + 1);
    let set = met.get(entry);
    if (!set) met.set(entry, (set = new Set()));
    set.add(opponent);
  };
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
        if (wr) meet(p.red, p.black);
        if (wb) meet(p.black, p.red);
      }
    }
  }
  const opponents = args.activeEntries - 1;
  const scheduled = opponents * args.cycles;
  const ids = [...withdrawals.keys()].sort();
  for (const entry of ids) {
    const w = withdrawals.get(entry)!;
    if (w.afterRound <= 0) {
      effects.statuses.push({ entry, ...w, annulled: false });
      continue;
    }
    if (format === 'round-robin') {
      const opponentsPlayed = met.get(entry)?.size ?? 0;
      // 二章7节3: 已赛对手不足半数者，则所有已赛结果一概注销（包括其对手所得的分数）— opponents, not games.
      const annulled = 2 * opponentsPlayed < opponents;
      if (annulled) effects.annulled.add(entry);
      effects.statuses.push({ entry, ...w, opponentsPlayed, opponents, played: played.get(entry) ?? 0, scheduled, annulled });
    } else {
      effects.statuses.push({ entry, ...w, annulled: false }); // 二章7节4: 已赛结果均有效
    }
  }
  return effects;
}
