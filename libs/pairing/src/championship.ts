/**
 * The championship formats' shared pieces (附录2 5+2, 附录3 6+1): a stage's match description,
 * the errors, reading the ranking, and pairing the rest of the field in further Swiss rounds.
 *
 * The ranking (A1, A2, … after the Swiss rounds) is an input: it comes from the standings
 * library (附录2 #10, 附录3 #5 tie-breaks), not from here.
 */
import { Round, Side, Tournament } from '@chuhe/tournament';
import { Result } from '@chuhe/tournament';
import { entryHistories, EntryHistory, isActiveIn } from './checker-history';
import { ColourReason } from './championship-colours';
import { KnockoutMatchFormat, KnockoutMatchPlayers } from './knockout-match';
import { swissIndividual } from './swiss/swiss-individual';
import { swissTeam } from './swiss/swiss-team';

export const CHAMPIONSHIP_STAGES = ['semi_final', 'final', 'third_place'] as const;
export type ChampionshipStage = (typeof CHAMPIONSHIP_STAGES)[number];

export interface ChampionshipMatch {
  stage: ChampionshipStage;
  /** 1 or 2 for the semi-finals (semi-final 1 holds A1), 1 otherwise. */
  number: number;
  /** `first` has Red in the first regular game; feed to knockoutMatchState with `format`. */
  players: KnockoutMatchPlayers;
  colourReason: ColourReason;
  /** Rounds in which the two already met (allowed in a knockout; 附录2 7a avoids it where it can). */
  metInRounds: number[];
  format: KnockoutMatchFormat;
}

export const CHAMPIONSHIP_ERROR_CODES = [
  'ranking_too_short',
  'ranking_duplicate',
  'unknown_entry',
  'withdrawn',
  'swiss_incomplete',
  'match_not_decided',
  'swiss_pairing_failed',
] as const;
export type ChampionshipErrorCode = (typeof CHAMPIONSHIP_ERROR_CODES)[number];

export interface ChampionshipError {
  code: ChampionshipErrorCode;
  message: string;
}

export function championshipError(code: ChampionshipErrorCode, message: string): { ok: false; error: ChampionshipError } {
  return { ok: false, error: { code, message } };
}

/** Check the ranking's top `count` and the Swiss rounds played; return the histories over rounds 1…swissRounds. */
export function readStageInput(
  tournament: Tournament,
  ranking: readonly string[],
  count: number,
  swissRounds: number,
): Result<{ top: string[]; histories: Map<string, EntryHistory>; swiss: Round[] }, ChampionshipError> {
  if (ranking.length < count)
    return championshipError('ranking_too_short', `the ranking must name at least ${count} entries (A1…A${count}), got ${ranking.length}`);
  const top = ranking.slice(0, count);
  if (new Set(top).size !== count) return championshipError('ranking_duplicate', `the ranking names an entry twice: ${top.join(', ')}`);
  const byId = new Map(tournament.entries.map((e) => [e.id, e]));
  for (const id of top) {
    const e = byId.get(id);
    if (!e) return championshipError('unknown_entry', `'${id}' in the ranking is not an entry`);
    if (!isActiveIn(e, swissRounds + 1))
      return championshipError('withdrawn', `${id} withdrew after round ${e.withdrawnAfterRound} and cannot play the knockout`);
  }
  const swiss = tournament.rounds.filter((r) => r.round <= swissRounds);
  if (swiss.length < swissRounds) {
    return championshipError('swiss_incomplete', `the stage starts after ${swissRounds} Swiss rounds; the tournament has ${swiss.length}`);
  }
  return { ok: true, value: { top, histories: entryHistories(tournament, swiss), swiss } };
}

/** Colour sequence of an entry (empty when unknown). */
export function coloursOf(histories: Map<string, EntryHistory>, id: string): Side[] {
  return histories.get(id)?.colours ?? [];
}

/** Their meeting in `rounds` (the last one if several): who had Red, who had Black. */
export function earlierMeeting(rounds: readonly Round[], a: string, b: string): { red: string; black: string; round: number } | undefined {
  let found: { red: string; black: string; round: number } | undefined;
  for (const r of rounds) {
    for (const p of r.pairings) {
      if ((p.red === a && p.black === b) || (p.red === b && p.black === a)) {
        if (!found || r.round > found.round) found = { red: p.red, black: p.black, round: r.round };
      }
    }
  }
  return found;
}

/**
 * Pairs one Swiss round (the registry's Swiss system, or any function of that shape). The
 * tournament it receives is the next round's input: it pairs round `rounds.length + 1`.
 */
export type SwissRoundPairer = (tournament: Tournament) => Result<Round, { message: string }>;

/**
 * The registry's Swiss system for the tournament: options.pairingSystem when it names a
 * registered system, else individual or team Swiss by event kind. The proposed round's
 * warnings are dropped here; check the round with checkRound to see them.
 */
export const registrySwissPairer: SwissRoundPairer = (tournament) => {
  // Always a Swiss system: the tournament's own pairingSystem may be the championship format itself.
  // (the Swiss modules themselves, not the registry: the registry lists the championships too)
  const system = tournament.options.eventKind === 'team' ? swissTeam : swissIndividual;
  const paired = system.pair({ tournament });
  if (!paired.ok) return paired;
  const { warnings: _warnings, ...round } = paired.value;
  return { ok: true, value: round };
};

/**
 * 附录2 #5 / 附录3 #2: the players outside the knockout stage go on with Swiss rounds.
 *
 * The Swiss system sees the tournament with the stage players withdrawn after the last Swiss
 * round before the stage (`stageFromRound − 1`) and their stage games removed from later
 * rounds, so it pairs only the others, with all their history (opponents, colours, scores) intact.
 */
export function pairOthersSwiss(input: {
  tournament: Tournament;
  stagePlayers: readonly string[];
  /** The first round of the stage (5+2: 6; 6+1: 7). */
  stageFromRound: number;
  /** Default: the registry's Swiss system (registrySwissPairer). */
  pairSwiss?: SwissRoundPairer;
}): Result<Round, ChampionshipError> {
  const { tournament, stageFromRound } = input;
  const stage = new Set(input.stagePlayers);
  const before = stageFromRound - 1;
  const view: Tournament = {
    ...tournament,
    entries: tournament.entries.map((e) => (stage.has(e.id) ? { ...e, withdrawnAfterRound: Math.min(e.withdrawnAfterRound ?? before, before) } : e)),
    rounds: tournament.rounds.map((r) =>
      r.round < stageFromRound
        ? r
        : {
            ...r,
            pairings: r.pairings.filter((p) => !stage.has(p.red) && !stage.has(p.black)),
            byes: r.byes.filter((b) => !stage.has(b)),
          },
    ),
  };
  const paired = (input.pairSwiss ?? registrySwissPairer)(view);
  if (!paired.ok) return championshipError('swiss_pairing_failed', `the Swiss round for the others failed: ${paired.error.message}`);
  const leaked = [...paired.value.pairings.flatMap((p) => [p.red, p.black]), ...paired.value.byes].filter((id) => stage.has(id));
  if (leaked.length > 0) throw new Error(`the Swiss system paired knockout players ${leaked.join(', ')} although they are withdrawn`);
  return paired;
}
