/**
 * 附录2: the 5+2 championship (亚洲象棋个人锦标赛, 5 + 2 赛制).
 *
 *   #5  After five Swiss rounds the best four (A1…A4) play a two-round knockout for places 1–4;
 *       the others play two more Swiss rounds (`pairOthersSwiss` in championship.ts).
 *   #6  Semi-final winners play the final (冠、亚军), losers the third-place match (季、殿军).
 *   #7  Semi-finals A1–A4 and A2–A3; colours by lot.
 *   7a  "如 A1 已对 A4, 则改对 A3, 又如 A2 已对过 A3, 则 A2 改对 A4, 惟以 A1 和 A2 不改定位为原则":
 *       A1 and A2 stay in separate semi-finals; if A1–A4 or A2–A3 would be a rematch, the
 *       semi-finals become A1–A3 and A2–A4. The rules do not say what happens when both layouts
 *       hold a rematch; Chuhe takes the layout with fewer rematches, on equal counts the one in
 *       which A1 meets a new opponent, and otherwise keeps A1–A4 / A2–A3.
 *   7b  Final and third place: colours balanced first, a lot when the counts are the same.
 *       Every knockout match (semi-finals included): a drawn slow game → a rapid game with
 *       colours reversed; "正赛及快棋赛均和再和则以执后手者为胜" — the rapid game drawn too, the
 *       player who had Black in it wins the match. No third (armageddon) game: that is 附录3 6's,
 *       for the 6+1 final only (knockout-match.ts, FIVE_PLUS_TWO_KNOCKOUT).
 *
 * Semi-final colours: #7 says lot; Chuhe's default follows it ('lot'). 'balance_then_lot'
 * applies 7b's rule to the semi-finals too, for organisers who read it so.
 *
 * Usage:
 *   const semis = fivePlusTwoSemiFinals({ tournament, ranking: [a1, a2, a3, a4], lot: seededLot('2026-lot') });
 *   // play them (knockoutMatchState), then:
 *   const finals = fivePlusTwoFinals({ tournament, semiFinals: [{ match: s1, games: g1 }, { match: s2, games: g2 }], lot });
 *   const round6 = pairOthersSwiss({ tournament, stagePlayers: [a1, a2, a3, a4], stageFromRound: 6 }); // registry Swiss by default
 */
import { Side, Tournament } from '@chuhe/tournament';
import { Result } from '@chuhe/tournament';
import { ChampionshipError, ChampionshipMatch, championshipError, coloursOf, readStageInput } from './championship';
import { decideColours, Lot } from './championship-colours';
import { FIVE_PLUS_TWO_KNOCKOUT, KnockoutMatchFormat, knockoutMatchState, MatchGame } from './knockout-match';

export const FIVE_PLUS_TWO_SWISS_ROUNDS = 5;

export interface FivePlusTwoSemiFinalsInput {
  /** Rounds 1–5 played (later rounds are ignored). */
  tournament: Tournament;
  /** A1, A2, A3, A4 (more may follow; only the first four are used). */
  ranking: readonly string[];
  lot: Lot;
  /** Semi-final colours: 'lot' (附录2 #7, default) or 'balance_then_lot'. */
  colours?: 'lot' | 'balance_then_lot';
  format?: KnockoutMatchFormat;
}

export interface FivePlusTwoSemiFinals {
  semiFinals: [ChampionshipMatch, ChampionshipMatch];
  /** True when 附录2 7a switched to A1–A3 / A2–A4. */
  switched: boolean;
}

export function fivePlusTwoSemiFinals(input: FivePlusTwoSemiFinalsInput): Result<FivePlusTwoSemiFinals, ChampionshipError> {
  const read = readStageInput(input.tournament, input.ranking, 4, FIVE_PLUS_TWO_SWISS_ROUNDS);
  if (!read.ok) return read;
  const { top, histories } = read.value;
  const [a1, a2, a3, a4] = top;
  const met = (x: string, y: string): number[] => histories.get(x)?.opponents.get(y) ?? [];
  const rematches = (layout: [string, string][]) => layout.filter(([x, y]) => met(x, y).length > 0).length;
  const standard: [string, string][] = [
    [a1, a4],
    [a2, a3],
  ];
  const switchedLayout: [string, string][] = [
    [a1, a3],
    [a2, a4],
  ];
  // 附录2 7a (and Chuhe's reading when both layouts hold a rematch, see the file comment).
  const rs = rematches(standard);
  const rw = rematches(switchedLayout);
  let switched: boolean;
  if (rs === 0) switched = false;
  else if (rw < rs) switched = true;
  else if (rw > rs) switched = false;
  else switched = met(a1, a4).length > 0 && met(a1, a3).length === 0;
  const layout = switched ? switchedLayout : standard;

  const format = input.format ?? FIVE_PLUS_TWO_KNOCKOUT;
  const semiFinals = layout.map(([x, y], i): ChampionshipMatch => {
    const colours = decideColours({
      a: x,
      b: y,
      // 附录2 #7: 抽签决定先后手 (unless the organiser balances first).
      colours: input.colours === 'balance_then_lot' ? { a: coloursOf(histories, x), b: coloursOf(histories, y) } : undefined,
      lot: input.lot,
      lotKey: `5+2 semi-final ${i + 1}`,
    });
    return {
      stage: 'semi_final',
      number: i + 1,
      players: { first: colours.red, second: colours.black },
      colourReason: colours.reason,
      metInRounds: met(x, y),
      format,
    };
  }) as [ChampionshipMatch, ChampionshipMatch];
  return { ok: true, value: { semiFinals, switched } };
}

export interface FivePlusTwoFinalsInput {
  tournament: Tournament;
  /** The two semi-finals as returned by fivePlusTwoSemiFinals, with their games. */
  semiFinals: readonly [{ match: ChampionshipMatch; games: readonly MatchGame[] }, { match: ChampionshipMatch; games: readonly MatchGame[] }];
  lot: Lot;
  format?: KnockoutMatchFormat;
}

/** Colours a semi-final's regular games gave (tie-break games do not count; unplayed games give none). */
function semiFinalColours(semi: { match: ChampionshipMatch; games: readonly MatchGame[] }, id: string): Side[] {
  const out: Side[] = [];
  let regular = 0;
  for (const g of semi.games) {
    if (regular >= semi.match.format.regularGames) break;
    if (g.result === 'annulled') continue;
    regular++;
    if (g.result === null || ['red_win_forfeit', 'black_win_forfeit', 'double_forfeit'].includes(g.result)) continue;
    if (g.red === id) out.push('red');
    else if (g.black === id) out.push('black');
  }
  return out;
}

/** 附录2 #6, 7b: the final (semi-final winners) and the third-place match (losers). */
export function fivePlusTwoFinals(input: FivePlusTwoFinalsInput): Result<{ final: ChampionshipMatch; thirdPlace: ChampionshipMatch }, ChampionshipError> {
  const outcomes: { winner: string; loser: string }[] = [];
  for (const semi of input.semiFinals) {
    const state = knockoutMatchState(semi.match.format, semi.match.players, semi.games);
    if (!state.ok) return championshipError('match_not_decided', `semi-final ${semi.match.number}: ${state.error.message}`);
    if (state.value.status !== 'decided') {
      return championshipError(
        'match_not_decided',
        `semi-final ${semi.match.number} (${semi.match.players.first}–${semi.match.players.second}) is not decided yet (${state.value.status})`,
      );
    }
    outcomes.push({ winner: state.value.winner, loser: state.value.loser });
  }
  const ranking = input.semiFinals.flatMap((s) => [s.match.players.first, s.match.players.second]);
  const read = readStageInput(input.tournament, ranking, 4, FIVE_PLUS_TWO_SWISS_ROUNDS);
  if (!read.ok) return read;
  const { histories } = read.value;
  const colours = (id: string): Side[] => [...coloursOf(histories, id), ...input.semiFinals.flatMap((s) => semiFinalColours(s, id))];
  const format = input.format ?? FIVE_PLUS_TWO_KNOCKOUT;
  const match = (stage: 'final' | 'third_place', x: string, y: string): ChampionshipMatch => {
    // 附录2 7b: 先平衡先后手, 如先后次数相同, 则在现场抽签决定先后手.
    const c = decideColours({ a: x, b: y, colours: { a: colours(x), b: colours(y) }, lot: input.lot, lotKey: `5+2 ${stage.replace('_', ' ')}` });
    return {
      stage,
      number: 1,
      players: { first: c.red, second: c.black },
      colourReason: c.reason,
      metInRounds: histories.get(x)?.opponents.get(y) ?? [],
      format,
    };
  };
  return {
    ok: true,
    value: {
      final: match('final', outcomes[0].winner, outcomes[1].winner),
      thirdPlace: match('third_place', outcomes[0].loser, outcomes[1].loser),
    },
  };
}
