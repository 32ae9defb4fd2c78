/**
 * A knockout match as a state machine: given the games so far, what is the next game (kind,
 * colours, time control) — or who won.
 *
 * Sequence (附录2 7b, 附录3 6):
 *   1. The regular game(s) (正赛): one game, or two with colours reversed in game 2.
 *      The higher total of game points wins the match.
 *   2. Tied: a rapid game (快棋) with colours reversed (换先) relative to the last regular game.
 *   3. Rapid drawn — the two appendices differ here:
 *      - 附录2 7b (5+2, every knockout match): "正赛及快棋赛均和再和则以执后手者为胜" — when the
 *        regular game and the rapid game are both drawn, the player who had Black (执后手者)
 *        wins. There is NO further game: the drawn rapid game itself decides the match, so its
 *        `drawWinner` is 'black' (`rapidDrawWinner` in the format). Chuhe reads 执后手者 as Black
 *        of the rapid game, the game that was just drawn ("再和"), not Black of the slow game: the
 *        draw-for-Black convention favours the side that moved second in the game drawn, as 附录3 6
 *        ("和棋作黑胜论") does for its last game. The rapid game reverses the colours, so this is
 *        the player who had Red in the regular game.
 *      - 附录3 6 (6+1, the final only): "快棋若又弈和，则加赛最后一盘快棋 … 和棋作黑胜论" — a third,
 *        armageddon game in which a draw counts as a win for Black (`armageddon` in the format).
 *        The rules do not say who has Red in it. Default 'alternate': colours reversed again
 *        (the player who had Red in the first regular game has Red); 'lot': decided by a lot,
 *        which the caller records and passes in (`armageddonRed`).
 *
 * Games are scored 2/1/0 per side (二章5节1). A forfeit counts as a decisive result of that
 * game. An annulled game (二章8节3) is replayed with the same colours. A double forfeit leaves
 * the match with no winner: the state says so and the chief arbiter decides.
 *
 * Usage:
 *   const s = knockoutMatchState(FIVE_PLUS_TWO_KNOCKOUT, { first: 'a', second: 'b' }, [
 *     { red: 'a', black: 'b', result: 'draw' },
 *   ]);
 *   // s.value = { status: 'next', game: { number: 2, kind: 'rapid', red: 'b', black: 'a', … } }
 */
import { BySide, GameResult, Side } from '@chuhe/tournament';
import { Result } from '@chuhe/tournament';

export const MATCH_GAME_KINDS = ['regular', 'rapid', 'armageddon'] as const;
export type MatchGameKind = (typeof MATCH_GAME_KINDS)[number];

/** A clock setting as data. */
export interface TimeControl {
  /** Electronic clock: base time per side and Fischer increment per move. */
  baseMinutes: number;
  incrementSeconds: number;
  /** Must the players keep the score sheet? */
  recordMoves: boolean;
  /**
   * The mechanical-clock alternative (普通计时钟), where the rules give one: cumulative move
   * quotas ("60 分钟须走满 25 着 …"), then `thenEvery` for the rest of the game.
   */
  mechanical?: { quotas: { minutes: number; moves: number }[]; thenEvery?: { minutes: number; moves: number } };
}

export interface KnockoutMatchFormat {
  /** Regular games (正赛) per match: 1, or 2 with colours reversed in game 2. */
  regularGames: 1 | 2;
  regular: TimeControl;
  /** The rapid tie-break game with colours reversed; null = no tie-break (a tie stays a tie). */
  rapid: TimeControl | null;
  /**
   * A drawn rapid game decides the match for this side, no further game (附录2 7b: 'black',
   * "正赛及快棋赛均和再和则以执后手者为胜"). When set, `armageddon` is never reached.
   */
  rapidDrawWinner?: Side;
  /** The armageddon game after a drawn rapid game (draw = Black wins, 附录3 6); null = none. */
  armageddon: { timeControl: BySide<TimeControl>; colours: 'alternate' | 'lot' } | null;
}

/** 附录2 #4: the slow game, 80'+30" electronic, or the mechanical-clock quotas. */
export const FIVE_PLUS_TWO_SLOW: TimeControl = {
  baseMinutes: 80,
  incrementSeconds: 30,
  recordMoves: true,
  mechanical: {
    quotas: [
      { minutes: 60, moves: 25 },
      { minutes: 75, moves: 35 },
      { minutes: 90, moves: 45 },
      { minutes: 105, moves: 55 },
      { minutes: 120, moves: 65 },
    ],
    thenEvery: { minutes: 5, moves: 10 },
  },
};

/** 附录2 7b: the rapid game, 30'+30" electronic (30 min for 25 moves, then 10 moves every 5 min); no score sheet. */
export const FIVE_PLUS_TWO_RAPID: TimeControl = {
  baseMinutes: 30,
  incrementSeconds: 30,
  recordMoves: false,
  mechanical: { quotas: [{ minutes: 30, moves: 25 }], thenEvery: { minutes: 5, moves: 10 } },
};

/**
 * 附录2 7b: the knockout matches of the 5+2 championship (semi-finals, final, third place):
 * the slow game; drawn → a rapid game with colours reversed ("淘汰赛正赛如和, 则换先加赛一局快棋");
 * that drawn too → the player who had Black in it wins ("正赛及快棋赛均和再和则以执后手者为胜").
 * No armageddon game: 附录2 has none (附录3 6 adds one, for the 6+1 final only).
 */
export const FIVE_PLUS_TWO_KNOCKOUT: KnockoutMatchFormat = {
  regularGames: 1,
  regular: FIVE_PLUS_TWO_SLOW,
  rapid: FIVE_PLUS_TWO_RAPID,
  rapidDrawWinner: 'black',
  armageddon: null,
};

/** 附录3 6b: the final's slow game, 60'+30", with score sheet. */
export const SIX_PLUS_ONE_SLOW: TimeControl = { baseMinutes: 60, incrementSeconds: 30, recordMoves: true };
/** 附录3 6b: the final's rapid game, 15'+5", no score sheet. */
export const SIX_PLUS_ONE_RAPID: TimeControl = { baseMinutes: 15, incrementSeconds: 5, recordMoves: false };

/** 附录3 6: the final — slow, rapid with colours reversed, then Red 15'+5" / Black 10'+5", draw = Black wins. */
export const SIX_PLUS_ONE_FINAL: KnockoutMatchFormat = {
  regularGames: 1,
  regular: SIX_PLUS_ONE_SLOW,
  rapid: SIX_PLUS_ONE_RAPID,
  armageddon: {
    timeControl: { red: SIX_PLUS_ONE_RAPID, black: { baseMinutes: 10, incrementSeconds: 5, recordMoves: false } },
    colours: 'alternate',
  },
};

/** A game of the match as recorded (player ids). */
export interface MatchGame {
  red: string;
  black: string;
  result: GameResult | null;
}

export interface NextMatchGame {
  /** 1-based number of the game within the match (replays of annulled games count). */
  number: number;
  kind: MatchGameKind;
  red: string;
  black: string;
  timeControl: BySide<TimeControl>;
  /**
   * Who wins the match if this game is drawn: Black in the armageddon game (附录3 6) and in the
   * 5+2 rapid game (附录2 7b); null when a draw leads to a further game or leaves a tie.
   */
  drawWinner: Side | null;
}

export type KnockoutMatchState =
  | { status: 'next'; game: NextMatchGame }
  /** A game is on the board (its result is null). */
  | { status: 'in_progress'; game: NextMatchGame }
  /** The armageddon colours are by lot and the lot has not been recorded yet. */
  | { status: 'awaiting_lot' }
  /**
   * `drawCountedFor`: present only when the deciding game was drawn and the draw counted as a win
   * for that side (the 5+2 rapid game, 附录2 7b; the armageddon game, 附录3 6).
   */
  | { status: 'decided'; winner: string; loser: string; decidedBy: MatchGameKind; drawCountedFor?: Side }
  /** A tie with no tie-break configured, or a double forfeit: the chief arbiter decides. */
  | { status: 'no_winner'; reason: 'tied' | 'double_forfeit' };

export interface KnockoutMatchError {
  code: 'unexpected_game' | 'game_after_decision' | 'not_a_player';
  message: string;
}

export interface KnockoutMatchPlayers {
  /** Red in the first regular game (decided by lot or colour balance, see championship-colours.ts). */
  first: string;
  second: string;
  /** When the format's armageddon colours are by lot: the recorded winner of Red. */
  armageddonRed?: string;
}

interface Step {
  kind: MatchGameKind;
  red: string;
  black: string;
  timeControl: BySide<TimeControl>;
  drawWinner: Side | null;
}

function points(result: GameResult, side: Side): number {
  if (result === 'draw') return 1;
  const winner = result.startsWith('red_win') ? 'red' : result.startsWith('black_win') ? 'black' : null;
  return winner === side ? 2 : 0;
}

export function knockoutMatchState(
  format: KnockoutMatchFormat,
  players: KnockoutMatchPlayers,
  games: readonly MatchGame[],
): Result<KnockoutMatchState, KnockoutMatchError> {
  const { first, second } = players;
  const both = (tc: TimeControl): BySide<TimeControl> => ({ red: tc, black: tc });
  const total = new Map<string, number>([
    [first, 0],
    [second, 0],
  ]);
  let index = 0; // next recorded game to consume
  let lastRed = second; // so that game 1 gives `first` Red

  /** Consume the recorded games for one step (replaying annulled ones); undefined = step not finished yet. */
  const play = (step: Step): Result<{ state: KnockoutMatchState } | { result: Exclude<GameResult, 'annulled'> }, KnockoutMatchError> => {
    for (;;) {
      const next: NextMatchGame = { number: index + 1, ...step };
      if (index >= games.length) return { ok: true, value: { state: { status: 'next', game: next } } };
      const g = games[index];
      if (g.red !== step.red || g.black !== step.black) {
        const known = [first, second];
        if (!known.includes(g.red) || !known.includes(g.black)) {
          return { ok: false, error: { code: 'not_a_player', message: `game ${index + 1} (${g.red}–${g.black}) is not between ${first} and ${second}` } };
        }
        return {
          ok: false,
          error: {
            code: 'unexpected_game',
            message: `game ${index + 1} should be the ${step.kind} game with ${step.red} Red and ${step.black} Black, got ${g.red} Red and ${g.black} Black`,
          },
        };
      }
      if (g.result === null) return { ok: true, value: { state: { status: 'in_progress', game: next } } };
      index++;
      if (g.result !== 'annulled') return { ok: true, value: { result: g.result } };
    }
  };
  const finish = (state: KnockoutMatchState): Result<KnockoutMatchState, KnockoutMatchError> => {
    if (state.status === 'decided' || state.status === 'no_winner') {
      if (index < games.length) {
        return { ok: false, error: { code: 'game_after_decision', message: `game ${index + 1} was played after the match was over` } };
      }
    }
    return { ok: true, value: state };
  };
  const decided = (winner: string, decidedBy: MatchGameKind, drawCountedFor?: Side): KnockoutMatchState => ({
    status: 'decided',
    winner,
    loser: winner === first ? second : first,
    decidedBy,
    ...(drawCountedFor && { drawCountedFor }),
  });

  // 1. Regular games, colours alternating (附录6 用法 1 for two-game pairings).
  for (let g = 0; g < format.regularGames; g++) {
    const red = lastRed === first ? second : first;
    const step: Step = { kind: 'regular', red, black: red === first ? second : first, timeControl: both(format.regular), drawWinner: null };
    const r = play(step);
    if (!r.ok) return r;
    if ('state' in r.value) return { ok: true, value: r.value.state };
    if (r.value.result === 'double_forfeit') return finish({ status: 'no_winner', reason: 'double_forfeit' });
    total.set(step.red, total.get(step.red)! + points(r.value.result, 'red'));
    total.set(step.black, total.get(step.black)! + points(r.value.result, 'black'));
    lastRed = red;
  }
  if (total.get(first)! !== total.get(second)!) return finish(decided(total.get(first)! > total.get(second)! ? first : second, 'regular'));

  // 2. Rapid game, colours reversed (换先).
  if (!format.rapid) return finish({ status: 'no_winner', reason: 'tied' });
  {
    const red = lastRed === first ? second : first;
    const drawWinner = format.rapidDrawWinner ?? null;
    const step: Step = { kind: 'rapid', red, black: red === first ? second : first, timeControl: both(format.rapid), drawWinner };
    const r = play(step);
    if (!r.ok) return r;
    if ('state' in r.value) return { ok: true, value: r.value.state };
    if (r.value.result === 'double_forfeit') return finish({ status: 'no_winner', reason: 'double_forfeit' });
    if (r.value.result !== 'draw') return finish(decided(points(r.value.result, 'red') === 2 ? step.red : step.black, 'rapid'));
    // 附录2 7b: 正赛及快棋赛均和再和则以执后手者为胜 — the drawn rapid game goes to Black; no third game.
    if (drawWinner) return finish(decided(drawWinner === 'red' ? step.red : step.black, 'rapid', drawWinner));
    lastRed = red;
  }

  // 3. Armageddon (附录3 6 "加赛最后一盘快棋 … 和棋作黑胜论"): a draw counts as a win for Black.
  if (!format.armageddon) return finish({ status: 'no_winner', reason: 'tied' });
  let red: string;
  if (format.armageddon.colours === 'lot') {
    if (players.armageddonRed === undefined) return finish({ status: 'awaiting_lot' });
    red = players.armageddonRed;
  } else {
    red = lastRed === first ? second : first;
  }
  const step: Step = {
    kind: 'armageddon',
    red,
    black: red === first ? second : first,
    timeControl: format.armageddon.timeControl,
    drawWinner: 'black',
  };
  const r = play(step);
  if (!r.ok) return r;
  if ('state' in r.value) return { ok: true, value: r.value.state };
  if (r.value.result === 'double_forfeit') return finish({ status: 'no_winner', reason: 'double_forfeit' });
  if (r.value.result === 'draw') return finish(decided(step.black, 'armageddon', 'black'));
  const winnerSide: Side = points(r.value.result, 'red') === 2 ? 'red' : 'black';
  return finish(decided(winnerSide === 'red' ? step.red : step.black, 'armageddon'));
}

/**
 * Does a game of this kind keep a score sheet? The 16-unrecorded-moves loss (二章3节6) applies only
 * where records are kept: the rapid and armageddon tie-break games are played without them (附录2
 * 7b 两项计时方法, 均不须自行记录; 附录3 6b), as `recordMoves` of the match format says.
 */
export function recordsKept(format: KnockoutMatchFormat, kind: MatchGameKind): boolean {
  if (kind === 'regular') return format.regular.recordMoves;
  if (kind === 'rapid') return format.rapid?.recordMoves ?? true;
  return format.armageddon ? format.armageddon.timeControl.red.recordMoves && format.armageddon.timeControl.black.recordMoves : true;
}
