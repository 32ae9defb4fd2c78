/**
 * The start signal (零迟到). 二章7节1: 自裁判长宣布棋赛开始，比赛员未到达座位即判负 — from the
 * moment the chief arbiter starts the round, a player not at the board loses; 胜负之判决 D: one who
 * exceeds the event's late limit loses. Where the event's 补充规定 set a tolerance (minutes), the
 * limit is the start plus the tolerance instead of the start itself.
 *
 * Presence is the check-in (检录): a player checked in by the limit is there.
 */

export type AbsenceResult = 'red_win_forfeit' | 'black_win_forfeit' | 'double_forfeit';

export interface StartBoard {
  gameId: string;
  /** The players (null: not known yet — a team board before its lineup, a bye). */
  red: string | null;
  black: string | null;
  /** The game's result as it stands (a board with one is left alone). */
  result: string | null;
}

export interface BoardAbsence {
  gameId: string;
  absent: ('red' | 'black')[];
  result: AbsenceResult;
}

/** The moment after which a player not checked in loses: the start, plus the tolerance where the regulations give one. */
export function lateLimit(startedAt: Date, toleranceMinutes: number): Date {
  const minutes = Number.isFinite(toleranceMinutes) && toleranceMinutes > 0 ? toleranceMinutes : 0;
  return new Date(startedAt.getTime() + minutes * 60_000);
}

/** The players present at the limit: checked in at or before it (a later check-in is late). */
export function presentAt(checkIns: readonly { playerId: string; at: Date }[], limit: Date): Set<string> {
  return new Set(checkIns.filter((c) => c.at.getTime() <= limit.getTime()).map((c) => c.playerId));
}

/**
 * The games lost by absence (二章7节1): on each board without a result whose two players are
 * known, an absent player loses to a present one (弃权: the present side wins by forfeit); both
 * absent, both lose (double forfeit). Boards where both are present are not listed.
 */
export function absencesAtStart(boards: readonly StartBoard[], present: ReadonlySet<string>): BoardAbsence[] {
  const out: BoardAbsence[] = [];
  for (const b of boards) {
    if (b.result !== null || b.red === null || b.black === null) continue;
    const redAbsent = !present.has(b.red);
    const blackAbsent = !present.has(b.black);
    if (!redAbsent && !blackAbsent) continue;
    const absent: ('red' | 'black')[] = [...(redAbsent ? (['red'] as const) : []), ...(blackAbsent ? (['black'] as const) : [])];
    out.push({
      gameId: b.gameId,
      absent,
      result: redAbsent && blackAbsent ? 'double_forfeit' : redAbsent ? 'black_win_forfeit' : 'red_win_forfeit',
    });
  }
  return out;
}
