import { Game, GameResult, PenaltyReason, Round, Side, opposite, isPlayedResult } from '@chuhe/tournament';
import { fail, ok, type StandingsResult } from './result';
import { penaltyWin } from './scoring';

/**
 * Sanctions that change results or feed tie-breaks, recorded by the arbiters per round and
 * applied here to the games of the tournament. The input list is in the order the arbiter
 * recorded it; within one game that order decides who reached a threshold first.
 */
export const SANCTION_KINDS = [
  'technical_foul', // 技术犯规 (二章9节, 一章3节2/4): two in one game lose it (一章3节6)
  'violation', // 违例 (二章8节5, 9): four in one game lose it (一章3节7)
  'unrecorded_moves', // 漏记 (二章3节6): 16 accumulated in one game lose it
  'device', // 二章8节10: an electronic device — the game is lost
  'self_exposure', // 自杀着法 (一章3节5): the game is lost at once
  'misconduct', // 二章8节11: reminder → warning → third offence: loss or removal
  'collusion', // 认分 / 媾和 (二章8节3): the game's results and points are cancelled
  'false_move_limit_claim', // 二章4节: a technical foul and 5 minutes deducted
  'knocked_over_pieces', // 二章8节13: a technical foul and 2 minutes added to the opponent
  'time_deduction', // any other recorded time adjustment (data only)
  'adjournment_no_show', // 三章6K: not back within 15 minutes of the resumption time
] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];

export const LADDER_DECISIONS = ['loss', 'removal', 'none'] as const;
export type LadderDecision = (typeof LADDER_DECISIONS)[number];

export interface Sanction {
  kind: SanctionKind;
  round: number;
  /** The offending player: the entry id in an individual event, the member id in a team event. */
  player: string;
  /** Game.board of the game meant, when the player has several games in the round. */
  game?: number;
  /**
   * 二章5节4: Game.leg of the game meant on that board, when a team pairing plays two games per
   * board (1, or 2 with the colours reversed). Needed only when the board has two games: then a
   * sanction without it is 'ambiguous_game', never taken as leg 1.
   */
  leg?: number;
  /** unrecorded_moves: how many unrecorded moves this record adds (default 1). */
  count?: number;
  /** time_deduction: minutes taken from the player (negative: minutes given). */
  minutes?: number;
  /** adjournment_no_show: minutes late at the resumption; absent = did not come. */
  minutesLate?: number;
  /** misconduct, third and later offences: 可判负 or 停止继续比赛 (default 'loss'). */
  decision?: LadderDecision;
  /** collusion: the entries whose right to compete is cancelled as well (二章8节3). */
  disqualify?: string[];
  note?: string;
}

/** 一章3节6 */
export const TECHNICAL_FOULS_FOR_LOSS = 2;
/** 一章3节7 */
export const VIOLATIONS_FOR_LOSS = 4;
/** 二章3节6 */
export const UNRECORDED_MOVES_FOR_LOSS = 16;
/** 三章6K: 逾时十五分钟不到作弃权论 */
export const ADJOURNMENT_GRACE_MINUTES = 15;
/** 二章4节 / 三章6J */
export const FALSE_CLAIM_DEDUCTION_MINUTES = 5;
/** 二章8节13 */
export const KNOCKED_OVER_BONUS_MINUTES = 2;

export const LADDER_STEPS = ['reminder', 'warning', 'loss', 'removal', 'none'] as const;
export type LadderStep = (typeof LADDER_STEPS)[number];

export interface LadderRecord {
  round: number;
  player: string;
  offence: number;
  step: LadderStep;
}

export interface TimeAdjustment {
  round: number;
  player: string;
  /** Minutes added to the player's clock (negative = deducted). */
  minutes: number;
  reason: SanctionKind;
}

export interface GameOverride {
  result: GameResult;
  penaltyReason?: PenaltyReason;
}

export interface FoulCounts {
  technical: number;
  violations: number;
}

export interface SanctionEffects {
  /** Effective results of the games a sanction changed, keyed by the Game object. */
  overrides: Map<Game, GameOverride>;
  /** Fouls per player over the event (members in a team event). */
  fouls: Map<string, FoulCounts>;
  ladder: LadderRecord[];
  timeAdjustments: TimeAdjustment[];
  /** Players removed by the warning ladder (二章8节11) after the given round. */
  removals: { player: string; afterRound: number }[];
  /** Entries disqualified for collusion (二章8节3) after the given round. */
  disqualifications: { entry: string; afterRound: number }[];
  notes: string[];
}

interface GameState {
  game: Game;
  technical: BySideCount;
  violations: BySideCount;
  unrecorded: BySideCount;
  decided: boolean;
}
type BySideCount = { red: number; black: number };

interface PlayerGame {
  game: Game;
  side: Side;
  board: number;
  /** Game.leg (二章5节4), 1 when absent. */
  leg: number;
}
type GameIndex = Map<number, Map<string, PlayerGame[]>>;

/** Round → player → their games in that round, for the players the sanctions name only. */
function indexGames(rounds: readonly Round[], sanctions: readonly Sanction[]): GameIndex {
  const wanted = new Map<number, Set<string>>();
  for (const s of sanctions) {
    const set = wanted.get(s.round);
    if (set) set.add(s.player);
    else wanted.set(s.round, new Set([s.player]));
  }
  const index: GameIndex = new Map();
  for (const round of rounds) {
    const byPlayer = new Map<string, PlayerGame[]>();
    index.set(round.round, byPlayer);
    const players = wanted.get(round.round);
    if (!players) continue;
    const add = (player: string, game: Game, side: Side, board: number): void => {
      const item: PlayerGame = { game, side, board, leg: game.leg ?? 1 };
      const list = byPlayer.get(player);
      if (list) list.push(item);
      else byPlayer.set(player, [item]);
    };
    const pairings = round.pairings;
    for (let pi = 0; pi < pairings.length; pi++) {
      const games = pairings[pi].games;
      for (let i = 0; i < games.length; i++) {
        const game = games[i];
        // Red before Black (the order of SIDES).
        if (players.has(game.red)) add(game.red, game, 'red', game.board ?? i + 1);
        if (players.has(game.black)) add(game.black, game, 'black', game.board ?? i + 1);
      }
    }
  }
  return index;
}

/**
 * The game a sanction names: the player's games in the round, narrowed by `game` (the board) and
 * `leg` when given. 二章5节4: in a team pairing with two games per board a board has two games
 * (leg 1 and leg 2, colours reversed); a sanction on such a board must give `leg` — a missing one
 * is ambiguous, not leg 1, so that a foul is never counted against the wrong game of the board.
 */
function findGame(index: GameIndex, s: Sanction, path: string): StandingsResult<PlayerGame> {
  const byPlayer = index.get(s.round);
  if (!byPlayer) return fail('invalid_input', `${path}: round ${s.round} does not exist`, `${path}.round`);
  const games = byPlayer.get(s.player) ?? [];
  const found = games.filter((g) => (s.game === undefined || g.board === s.game) && (s.leg === undefined || g.leg === s.leg));
  if (found.length === 0) {
    if (games.length === 0 || (s.game === undefined && s.leg === undefined)) {
      return fail('unknown_player', `${path}: player '${s.player}' has no game in round ${s.round}`, `${path}.player`);
    }
    const named = [s.game !== undefined && `board ${s.game}`, s.leg !== undefined && `leg ${s.leg}`].filter(Boolean).join(', ');
    const at = s.leg !== undefined && games.some((g) => s.game === undefined || g.board === s.game) ? 'leg' : 'game';
    return fail('unknown_player', `${path}: player '${s.player}' has no game on ${named} in round ${s.round}`, `${path}.${at}`);
  }
  if (found.length > 1) {
    const board = found[0].board;
    if (found.some((g) => g.board !== board)) {
      const twoOnABoard = s.leg === undefined && found.some((g) => found.some((h) => h !== g && h.board === g.board));
      return fail(
        'ambiguous_game',
        `${path}: player '${s.player}' has ${found.length} games in round ${s.round}; give "game"${twoOnABoard ? ' and "leg" (二章5节4)' : ''}`,
        `${path}.game`,
      );
    }
    if (s.leg === undefined && found.some((g) => g.leg !== found[0].leg)) {
      // 二章5节4: both games of the board.
      return fail(
        'ambiguous_game',
        `${path}: player '${s.player}' has ${found.length} games on board ${board} in round ${s.round} (two games per board, 二章5节4); give "leg"`,
        `${path}.leg`,
      );
    }
    // Several games with the same board and leg: a file that lists both games of a board without their leg.
    return fail(
      'ambiguous_game',
      `${path}: player '${s.player}' has ${found.length} games on board ${board}${s.leg !== undefined ? `, leg ${s.leg}` : ''} in round ${s.round}; the file must give each game of the board its "leg" (二章5节4) and the sanction the "leg" meant`,
      `${path}.leg`,
    );
  }
  return ok(found[0]);
}

/**
 * Applies the sanctions in recorded order. A loss by sanction only changes a game that was
 * played over the board; on a forfeited or annulled game the sanction is kept (fouls still
 * count for 犯规少) and a note says the result did not change.
 */
export function applySanctions(
  rounds: readonly Round[],
  sanctions: readonly Sanction[],
  /** How the notes name a player (issue 30: "name (#draw number)", as the standings notes); its id by default. */
  nameOf: (id: string) => string = (id) => `'${id}'`,
): StandingsResult<SanctionEffects> {
  const effects: SanctionEffects = {
    overrides: new Map(),
    fouls: new Map(),
    ladder: [],
    timeAdjustments: [],
    removals: [],
    disqualifications: [],
    notes: [],
  };
  const states = new Map<Game, GameState>();
  const ladderCount = new Map<string, number>();
  const foulsOf = (player: string): FoulCounts => {
    let f = effects.fouls.get(player);
    if (!f) effects.fouls.set(player, (f = { technical: 0, violations: 0 }));
    return f;
  };
  // Offences are counted in round order, then in recorded order (a stable sort keeps the latter).
  const ordered = sanctions.map((s, i) => ({ s, i })).sort((a, b) => a.s.round - b.s.round);
  const index = indexGames(rounds, sanctions);

  for (const { s, i } of ordered) {
    const path = `sanctions[${i}]`;
    // 二章8节11: 裁判先给予提醒，再犯则给予警告，第三次可判负，或停止该棋手继续比赛。
    const ladderStep = (): LadderStep => {
      const offence = (ladderCount.get(s.player) ?? 0) + 1;
      ladderCount.set(s.player, offence);
      const step: LadderStep = offence === 1 ? 'reminder' : offence === 2 ? 'warning' : (s.decision ?? 'loss');
      effects.ladder.push({ round: s.round, player: s.player, offence, step });
      if (step === 'removal') effects.removals.push({ player: s.player, afterRound: s.round });
      return step;
    };
    const found = findGame(index, s, path);
    if (!found.ok) {
      // Misconduct away from the board (e.g. in a round without a game of theirs) still climbs the ladder.
      if (s.kind !== 'misconduct' || found.error.code !== 'unknown_player') return found;
      if (ladderStep() === 'loss')
        effects.notes.push(`${path}: third offence of ${nameOf(s.player)} in round ${s.round}, but no game of theirs to lose in that round`);
      continue;
    }
    const { game, side } = found.value;
    let state = states.get(game);
    if (!state) {
      state = { game, technical: { red: 0, black: 0 }, violations: { red: 0, black: 0 }, unrecorded: { red: 0, black: 0 }, decided: false };
      states.set(game, state);
    }
    const lose = (reason: PenaltyReason): void => {
      const current = effects.overrides.get(game)?.result ?? game.result;
      if (state!.decided) {
        effects.notes.push(`${path}: round ${s.round}, game of ${nameOf(s.player)} was already decided by an earlier sanction`);
        return;
      }
      if (current !== null && !isPlayedResult(current)) {
        effects.notes.push(`${path}: round ${s.round}, game of ${nameOf(s.player)} was not played over the board (${current}); result unchanged`);
        return;
      }
      state!.decided = true;
      effects.overrides.set(game, { result: penaltyWin(opposite(side)), penaltyReason: reason });
    };
    const technicalFoul = (): void => {
      foulsOf(s.player).technical++;
      if (++state!.technical[side] >= TECHNICAL_FOULS_FOR_LOSS) lose('technical_fouls'); // 一章3节6
    };
    switch (s.kind) {
      case 'technical_foul':
        technicalFoul();
        break;
      case 'violation':
        foulsOf(s.player).violations++;
        if (++state.violations[side] >= VIOLATIONS_FOR_LOSS) lose('violations'); // 一章3节7, 二章8节5
        break;
      case 'unrecorded_moves':
        state.unrecorded[side] += s.count ?? 1;
        if (state.unrecorded[side] >= UNRECORDED_MOVES_FOR_LOSS) lose('unrecorded_moves'); // 二章3节6
        break;
      case 'device':
        lose('device'); // 二章8节10
        break;
      case 'self_exposure':
        lose('self_exposure'); // 一章3节5
        break;
      case 'misconduct': {
        const step = ladderStep();
        if (step === 'loss' || step === 'removal') lose('warning_ladder');
        break;
      }
      case 'collusion': {
        // 二章8节3: 凡认分或双方蓄意媾和…有权取消其比赛权利及积分
        state.decided = true;
        effects.overrides.set(game, { result: 'annulled' });
        for (const entry of s.disqualify ?? []) effects.disqualifications.push({ entry, afterRound: s.round });
        break;
      }
      case 'false_move_limit_claim':
        // 二章4节: 判提和方"技术犯规"一次，并扣除该赛员剩余时间五分钟
        effects.timeAdjustments.push({ round: s.round, player: s.player, minutes: -FALSE_CLAIM_DEDUCTION_MINUTES, reason: s.kind });
        technicalFoul();
        break;
      case 'knocked_over_pieces': {
        // 二章8节13: 判技术犯规一次；并为对方增加 2 分钟用时
        const opponent = side === 'red' ? game.black : game.red;
        effects.timeAdjustments.push({ round: s.round, player: opponent, minutes: KNOCKED_OVER_BONUS_MINUTES, reason: s.kind });
        technicalFoul();
        break;
      }
      case 'time_deduction':
        effects.timeAdjustments.push({ round: s.round, player: s.player, minutes: -(s.minutes ?? 0), reason: s.kind });
        break;
      case 'adjournment_no_show':
        // 三章6K: 逾时十五分钟不到作弃权论 — recorded as a ruling in a game already begun on the board.
        if (s.minutesLate === undefined || s.minutesLate > ADJOURNMENT_GRACE_MINUTES) lose('adjournment_no_show');
        else
          effects.notes.push(
            `${path}: ${nameOf(s.player)} returned ${s.minutesLate} minute${s.minutesLate === 1 ? '' : 's'} late, within the 15-minute grace (三章6K)`,
          );
        break;
    }
  }
  // Penalty results entered without their fouls: count the fouls the ruling implies, so that 犯规少
  // agrees with the result (一章3节6: two technical fouls; 一章3节7: four violations).
  for (const round of rounds) {
    for (const pairing of round.pairings) {
      for (const game of pairing.games) {
        const override = effects.overrides.get(game);
        const result = override ? override.result : game.result;
        if (result !== 'red_win_penalty' && result !== 'black_win_penalty') continue;
        const reason = override ? override.penaltyReason : game.penaltyReason;
        const loser = result === 'red_win_penalty' ? 'black' : 'red';
        const player = loser === 'red' ? game.red : game.black;
        const state = states.get(game);
        if (reason === 'technical_fouls') {
          const missing = TECHNICAL_FOULS_FOR_LOSS - (state?.technical[loser] ?? 0);
          if (missing > 0) foulsOf(player).technical += missing;
        } else if (reason === 'violations') {
          const missing = VIOLATIONS_FOR_LOSS - (state?.violations[loser] ?? 0);
          if (missing > 0) foulsOf(player).violations += missing;
        }
      }
    }
  }
  return ok(effects);
}
