/**
 * The stored games of a knockout match brought in line with its state machine (knockout-match.ts)
 * after a result was entered or corrected: which game to add next, which games to remove.
 *
 * A knockout match is one pairing whose games are played in order (board = game number):
 * regular, then tie-breaks by the format's rule (附录2 7b, 附录3 6). After each result:
 *   - the match still needs a game and none is on the board → `create` that game (kind, colours,
 *     clock, number from knockoutMatchState);
 *   - the match is decided (or has no winner) but later games exist — a result was corrected so
 *     that an earlier game decides it → `remove` those later games (board numbers);
 *   - an unplayed game that is not the one the state machine expects (a correction changed what
 *     comes next, e.g. an annulled game is replayed with the same colours) → removed, and the right
 *     game created.
 * A played game that does not follow the sequence is an error (the caller reports it and changes
 * nothing).
 *
 * Usage:
 *   const s = syncKnockoutMatch(FIVE_PLUS_TWO_KNOCKOUT, { first: 'a', second: 'b' }, [
 *     { board: 1, red: 'a', black: 'b', result: 'draw' },
 *   ]);
 *   // s.value = { state: { status: 'next', game: { number: 2, kind: 'rapid', red: 'b', … } },
 *   //             create: { number: 2, kind: 'rapid', red: 'b', black: 'a', … }, remove: [] }
 */
import { Result } from '@chuhe/tournament';
import {
  FIVE_PLUS_TWO_KNOCKOUT,
  KnockoutMatchError,
  KnockoutMatchFormat,
  KnockoutMatchPlayers,
  knockoutMatchState,
  KnockoutMatchState,
  MatchGame,
  NextMatchGame,
  SIX_PLUS_ONE_FINAL,
} from './knockout-match';

export interface StoredMatchGame extends MatchGame {
  /** Game number in the match (1-based). */
  board: number;
}

export interface KnockoutMatchSync {
  /** The match after the kept games. */
  state: KnockoutMatchState;
  /** The game to add (its board is `number`), or null. */
  create: NextMatchGame | null;
  /** Boards of the stored games to remove (after the decision, or not the expected next game). */
  remove: number[];
}

const TERMINAL = new Set<KnockoutMatchState['status']>(['decided', 'no_winner', 'awaiting_lot']);

export function syncKnockoutMatch(
  format: KnockoutMatchFormat,
  players: KnockoutMatchPlayers,
  games: readonly StoredMatchGame[],
): Result<KnockoutMatchSync, KnockoutMatchError> {
  const sorted = [...games].sort((a, b) => a.board - b.board);
  for (let k = 0; ; k++) {
    const s = knockoutMatchState(format, players, sorted.slice(0, k));
    if (!s.ok) return s;
    const rest = sorted.slice(k).map((g) => g.board);
    if (k === sorted.length) return { ok: true, value: { state: s.value, create: s.value.status === 'next' ? s.value.game : null, remove: [] } };
    const state = s.value;
    if (TERMINAL.has(state.status)) return { ok: true, value: { state, create: null, remove: rest } };
    // An unplayed game with games after it: nothing after a game on the board belongs to the match.
    if (state.status === 'in_progress') return { ok: true, value: { state, create: null, remove: rest } };
    if (state.status !== 'next') return { ok: true, value: { state, create: null, remove: rest } };
    // state 'next': the stored game k must be that game.
    const expected = state.game;
    const g = sorted[k];
    if (g.red !== expected.red || g.black !== expected.black) {
      if (g.result !== null) {
        return {
          ok: false,
          error: {
            code: 'unexpected_game',
            message: `game ${g.board} should be the ${expected.kind} game with ${expected.red} Red and ${expected.black} Black, got ${g.red} Red and ${g.black} Black`,
          },
        };
      }
      return { ok: true, value: { state, create: expected, remove: rest } };
    }
  }
}

/** The organizer's rapid clock for a knockout stage's tie-break game (二章6节1), from the event's options. */
export interface KnockoutRapidClock {
  baseMinutes: number;
  incrementSeconds: number;
}

/** options.knockoutRapid when it is a clock, else undefined (the file's options are free-form). */
export function knockoutRapidOption(options: Record<string, unknown> | null | undefined): KnockoutRapidClock | undefined {
  const r = options?.knockoutRapid as Record<string, unknown> | undefined;
  if (!r || !Number.isInteger(r.baseMinutes) || (r.baseMinutes as number) < 1 || !Number.isInteger(r.incrementSeconds ?? 0)) return undefined;
  return { baseMinutes: r.baseMinutes as number, incrementSeconds: (r.incrementSeconds as number | undefined) ?? 0 };
}

/**
 * The knockout format of a stage: 附录3 #6 for the 6+1 final, 附录2 7b for the 5+2 matches and
 * (Chuhe's choice, the rules give no other) for a knockout stage of a stage chain. A chain's
 * knockout is not an appendix's: 二章6节1 如棋手或棋队赛和，可以考虑加赛快棋决定胜负，至于快棋每方
 * 用时，可由赛会自行决定 — so `rapid` (the event's options.knockoutRapid) replaces the rapid clock
 * there (still without score sheets); the championships keep their appendix's clocks.
 */
export function knockoutFormatOf(stageType: string, rapid?: KnockoutRapidClock): KnockoutMatchFormat {
  if (stageType === 'championship_6_1') return SIX_PLUS_ONE_FINAL;
  if (stageType === 'knockout' && rapid) {
    return { ...FIVE_PLUS_TWO_KNOCKOUT, rapid: { baseMinutes: rapid.baseMinutes, incrementSeconds: rapid.incrementSeconds, recordMoves: false } };
  }
  return FIVE_PLUS_TWO_KNOCKOUT;
}
