import { GameResult, Tournament, TournamentOptions } from '@chuhe/tournament';
import { Random, seededRandom } from '@chuhe/registration';
import { PairingError, PairingSystem } from '../pairing-system';

/**
 * Seeded random Swiss tournaments for property tests and the benchmark (after bbpPairings'
 * generator): a field with ratings and affiliations, then rounds paired by `system` with random
 * results, occasional forfeits and withdrawals.
 */
export interface RandomTournamentSpec {
  seed: string;
  players: number;
  rounds: number;
  options?: Partial<TournamentOptions>;
  /** Chance that a player withdraws after a round. */
  withdrawalRate?: number;
  /** Number of affiliations (单位) to spread the players over; 0 = none. */
  affiliations?: number;
  /** Named forbidden pairs to draw at random. */
  forbiddenPairs?: number;
}

const RESULTS: GameResult[] = ['red_win', 'draw', 'black_win', 'red_win', 'black_win', 'red_win_forfeit', 'black_win_penalty'];

export function randomField(spec: RandomTournamentSpec, random: Random = seededRandom(spec.seed)): Tournament {
  const aff = spec.affiliations ?? 0;
  const entries = Array.from({ length: spec.players }, (_, i) => ({
    id: `p${i + 1}`,
    drawNumber: i + 1,
    ...(random() < 0.85 && { rating: 1500 + Math.floor(random() * 1000) }),
    ...(aff > 0 && { affiliation: `A${1 + Math.floor(random() * aff)}` }),
  }));
  if (spec.options?.eventKind === 'team') {
    for (const e of entries as Array<(typeof entries)[number] & { members?: Array<{ id: string; board: number }> }>) {
      e.members = Array.from({ length: spec.options.boards ?? 3 }, (_, b) => ({ id: `${e.id}.${b + 1}`, board: b + 1 }));
    }
  }
  const forbiddenPairs: Array<[string, string]> = [];
  for (let k = 0; k < (spec.forbiddenPairs ?? 0) && spec.players >= 2; k++) {
    const a = 1 + Math.floor(random() * spec.players);
    const b = 1 + Math.floor(random() * spec.players);
    if (a !== b) forbiddenPairs.push([`p${a}`, `p${b}`]);
  }
  return {
    options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 3, forbiddenPairs, colourLotSeed: spec.seed, ...spec.options },
    entries,
    rounds: [],
  };
}

export function randomResult(random: Random): GameResult {
  return RESULTS[Math.floor(random() * RESULTS.length)];
}

/** Play `spec.rounds` rounds; stops early (returning the error) if a round cannot be paired. */
export function playRandomTournament(
  spec: RandomTournamentSpec,
  system: PairingSystem,
  onRound?: (tournament: Tournament, round: number) => void,
): { tournament: Tournament; error?: PairingError } {
  const random = seededRandom(spec.seed);
  const tournament = randomField(spec, random);
  for (let r = 1; r <= spec.rounds; r++) {
    const result = system.pair({ tournament });
    if (!result.ok) return { tournament, error: result.error };
    const { warnings: _warnings, ...round } = result.value;
    for (const p of round.pairings) for (const g of p.games) g.result = randomResult(random);
    tournament.rounds.push(round);
    onRound?.(tournament, r);
    for (const e of tournament.entries) {
      if (e.withdrawnAfterRound === undefined && random() < (spec.withdrawalRate ?? 0)) e.withdrawnAfterRound = r;
    }
  }
  return { tournament };
}
