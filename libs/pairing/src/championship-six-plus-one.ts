/**
 * 附录3: the 6+1 championship (亚洲象棋个人锦标赛, 6+1 赛制).
 *
 *   #2  Six Swiss rounds (one game each); the best two then play the final (冠亚军决赛), the
 *       others a seventh Swiss round for places 3, 4, … (`pairOthersSwiss` in championship.ts).
 *   #6  The final: a slow game; if drawn, colours reversed and a rapid game; if drawn again a last
 *       rapid game, Red 15'+5" and Black 10'+5", a draw counting as a Black win
 *       (knockout-match.ts, SIX_PLUS_ONE_FINAL).
 *   6a  Colours of the final: balance the two players' colours over the first six rounds; if
 *       they are the same (3 先 3 后, 4 先 2 后 or 2 先 4 后 each), reverse the colours of their
 *       meeting in the first six rounds; if they did not meet, draw lots.
 *
 * Usage:
 *   const final = sixPlusOneFinal({ tournament, ranking: [a1, a2], lot: seededLot('2026-final') });
 *   const round7 = pairOthersSwiss({ tournament, stagePlayers: [a1, a2], stageFromRound: 7 }); // registry Swiss by default
 */
import { Tournament } from '@chuhe/tournament';
import { Result } from '@chuhe/tournament';
import { ChampionshipError, ChampionshipMatch, coloursOf, earlierMeeting, readStageInput } from './championship';
import { decideColours, Lot } from './championship-colours';
import { KnockoutMatchFormat, SIX_PLUS_ONE_FINAL } from './knockout-match';

export const SIX_PLUS_ONE_SWISS_ROUNDS = 6;

export interface SixPlusOneFinalInput {
  /** Rounds 1–6 played (later rounds are ignored). */
  tournament: Tournament;
  /** A1, A2 (more may follow). */
  ranking: readonly string[];
  lot: Lot;
  format?: KnockoutMatchFormat;
}

export function sixPlusOneFinal(input: SixPlusOneFinalInput): Result<ChampionshipMatch, ChampionshipError> {
  const read = readStageInput(input.tournament, input.ranking, 2, SIX_PLUS_ONE_SWISS_ROUNDS);
  if (!read.ok) return read;
  const { top, histories, swiss } = read.value;
  const [a1, a2] = top;
  const meeting = earlierMeeting(swiss, a1, a2);
  // 附录3 6a: balance the first six rounds; same counts → reverse their meeting; else lot.
  const c = decideColours({
    a: a1,
    b: a2,
    colours: { a: coloursOf(histories, a1), b: coloursOf(histories, a2) },
    earlierMeeting: meeting,
    lot: input.lot,
    lotKey: '6+1 final',
  });
  return {
    ok: true,
    value: {
      stage: 'final',
      number: 1,
      players: { first: c.red, second: c.black },
      colourReason: c.reason,
      metInRounds: meeting ? [meeting.round] : [],
      format: input.format ?? SIX_PLUS_ONE_FINAL,
    },
  };
}
