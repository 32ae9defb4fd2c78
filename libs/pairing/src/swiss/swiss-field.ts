import { Entry, Side, Tournament } from '@chuhe/tournament';
import { Result } from '@chuhe/tournament';
import { scoresAfter } from '@chuhe/tournament';
import { entryHistories, isActiveIn } from '../checker-history';
import { PairingError } from '../pairing-system';

/**
 * What a Swiss round needs to know about each active entry before round `round`.
 *
 * Histories follow checker-history.ts (the checker's conventions, so pairer and checker agree):
 * every earlier pairing is a meeting whatever its result; a pairing whose games were all
 * forfeited or annulled gives no colour; an entry's colour is its side in the pairing.
 */
export interface SwissPlayer {
  id: string;
  drawNumber: number;
  affiliation?: string;
  /** Score after the previous rounds (scoring-basics: game points, 大分 or 场分; byes included). */
  score: number;
  /** 0-based seeding rank: seed, then rating (rated before unrated), then draw number. */
  seedRank: number;
  /** Colours of earlier counted pairings, in order. */
  colours: Side[];
  opponents: ReadonlySet<string>;
  hadBye: boolean;
}

export interface SwissField {
  round: number;
  /** Active entries (not withdrawn before `round`), by score (desc) then seeding rank. */
  players: SwissPlayer[];
}

/**
 * Seeding order (round 1 "by seeding": rating order, unrated after rated in drawn order):
 * an explicit seed first (1 = top), then rating, higher first, unrated after rated, then draw number.
 */
export function seedingOrder(entries: readonly Entry[]): Entry[] {
  return [...entries].sort((a, b) => {
    const sa = a.seed ?? Infinity;
    const sb = b.seed ?? Infinity;
    if (sa !== sb) return sa - sb;
    const ra = a.rating ?? -Infinity;
    const rb = b.rating ?? -Infinity;
    if (ra !== rb) return rb - ra;
    return a.drawNumber - b.drawNumber;
  });
}

export function buildSwissField(tournament: Tournament, round: number): Result<SwissField, PairingError> {
  const previous = tournament.rounds.length;
  if (round !== previous + 1) {
    return {
      ok: false,
      error: new PairingError('round_out_of_order', `can only pair round ${previous + 1} (the file has ${previous} rounds), not round ${round}`),
    };
  }
  const table = scoresAfter(tournament, previous);
  if (table.unfinishedRounds.length > 0) {
    return {
      ok: false,
      error: new PairingError(
        'previous_round_unfinished',
        `round ${table.unfinishedRounds.join(', ')} has games without a result; enter every result before pairing round ${round}`,
      ),
    };
  }
  const histories = entryHistories(tournament);
  const rankOf = new Map(seedingOrder(tournament.entries).map((e, i) => [e.id, i]));
  const players: SwissPlayer[] = tournament.entries
    .filter((e) => isActiveIn(e, round))
    .map((e) => {
      const h = histories.get(e.id);
      return {
        id: e.id,
        drawNumber: e.drawNumber,
        ...(e.affiliation !== undefined && { affiliation: e.affiliation }),
        score: table.scores.get(e.id) ?? 0,
        seedRank: rankOf.get(e.id) ?? 0,
        colours: h ? h.colours : [],
        opponents: new Set(h ? h.opponents.keys() : []),
        hadBye: (h?.byes.length ?? 0) > 0,
      };
    });
  players.sort((a, b) => b.score - a.score || a.seedRank - b.seedRank);
  return { ok: true, value: { round, players } };
}
